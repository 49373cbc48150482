/**
 * Runs scenarios (scenario-schemas.ts): each step at its time from the start, in timeline order
 * (steps at the same time in file order), one after the other. A step that fails (an unknown
 * market, a bad fault) is logged with its error and the run goes on. A fault without its own
 * `seed` draws from `<scenario seed>:<step index>`, so a scenario under one seed provokes the same
 * faults, drawing the same way, in the same order, on every run.
 */
import { errors } from '../errors/catalogue.js';
import type { Faults } from './registry.js';
import type { ScenarioInput, ScenarioStep, ScenarioView } from './scenario-schemas.js';

/** What the steps act on (the operator's use cases, the simulated traders). */
export interface ScenarioDeps {
  faults: Faults;
  now(): number;
  resolve(conditionId: string, winner: number): Promise<unknown>;
  setMode(mode: 'normal' | 'cancel-only' | 'disabled'): Promise<unknown>;
  setDemo(to: { live?: boolean; rate?: number }): Promise<unknown>;
  shock(conditionId: string, by: number): boolean;
}

interface Run { view: ScenarioView; steps: Array<{ step: ScenarioStep; index: number }>; timer: NodeJS.Timeout | undefined; start: number }

const KEEP = 50;

export class Scenarios {
  private readonly runs = new Map<string, Run>();
  private counter = 0;

  constructor(private readonly d: ScenarioDeps) {}

  start(input: ScenarioInput): ScenarioView {
    const start = this.d.now();
    const steps = input.steps.map((step, index) => ({ step, index })).sort((a, b) => a.step.atS - b.step.atS || a.index - b.index);
    const last = steps[steps.length - 1]!.step.atS;
    const id = `scenario-${++this.counter}`;
    const view: ScenarioView = {
      id, name: input.name ?? null, seed: input.seed ?? 1, status: 'running', startedAt: new Date(start).toISOString(),
      endsAt: new Date(start + Math.round(last * 1000)).toISOString(), steps: steps.length, done: 0, failed: 0, log: [],
    };
    const run: Run = { view, steps, timer: undefined, start };
    this.runs.set(id, run);
    if (this.runs.size > KEEP) for (const [k, r] of this.runs) { if (r.view.status !== 'running') { this.runs.delete(k); break; } }
    this.schedule(run);
    return structuredClone(view);
  }

  get(id: string): ScenarioView {
    const run = this.runs.get(id);
    if (run === undefined) throw errors.notFound(`no scenario ${id}`);
    return structuredClone(run.view);
  }

  /** Stops a run (its faults stay until they end). */
  stop(id: string): ScenarioView {
    const run = this.runs.get(id);
    if (run === undefined) throw errors.notFound(`no scenario ${id}`);
    clearTimeout(run.timer);
    if (run.view.status === 'running') run.view.status = 'stopped';
    return structuredClone(run.view);
  }

  close(): void {
    for (const run of this.runs.values()) { clearTimeout(run.timer); if (run.view.status === 'running') run.view.status = 'stopped'; }
  }

  private schedule(run: Run): void {
    const next = run.steps[run.view.done];
    if (next === undefined) { run.view.status = 'done'; return; }
    const wait = Math.max(0, run.start + Math.round(next.step.atS * 1000) - this.d.now());
    run.timer = setTimeout(() => {
      void this.runStep(run, next.step, next.index).then(() => {
        if (run.view.status !== 'running') return;
        run.view.done++;
        this.schedule(run);
      });
    }, wait);
    run.timer.unref();
  }

  private async runStep(run: Run, step: ScenarioStep, index: number): Promise<void> {
    const entry: ScenarioView['log'][number] = { step: index, atS: step.atS, do: step.do, at: new Date(this.d.now()).toISOString(), ok: true };
    try {
      const result = await this.act(run, step, index);
      if (result !== undefined) entry.result = result;
    } catch (err) {
      entry.ok = false;
      entry.error = err instanceof Error ? err.message : String(err);
      run.view.failed++;
    }
    run.view.log.push(entry);
  }

  private async act(run: Run, step: ScenarioStep, index: number): Promise<unknown> {
    const need = <T>(v: T | undefined, what: string): T => {
      if (v === undefined) throw errors.badRequest(`step ${index} (${step.do}): ${what} is required`);
      return v;
    };
    switch (step.do) {
      case 'fault': {
        const f = need(step.fault, 'fault');
        return this.d.faults.add({ ...f, seed: f.seed ?? `${run.view.seed}:${index}` });
      }
      case 'clear': return { ended: this.d.faults.clear() };
      case 'resolve': await this.d.resolve(need(step.market, 'market'), need(step.winner, 'winner')); return { market: step.market, winner: step.winner };
      case 'mode': return this.d.setMode(need(step.mode, 'mode'));
      case 'shock': {
        const market = need(step.market, 'market');
        if (!this.d.shock(market, need(step.by, 'by'))) throw errors.badRequest(`step ${index} (shock): the simulated traders do not trade ${market} (are they live?)`);
        return { market, by: step.by };
      }
      case 'demo': return this.d.setDemo({ ...(step.live !== undefined ? { live: step.live } : {}), ...(step.rate !== undefined ? { rate: step.rate } : {}) });
      default: throw errors.badRequest(`unknown step ${String(step.do)}`);
    }
  }
}
