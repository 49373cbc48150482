/**
 * Scenarios (issue #41): a timeline runs to the end in order — faults, modes, a resolution, a
 * failed step logged while the run goes on — deterministic under its seed; `sibyl scenario`
 * runs a file against a listening venue; the examples in examples/scenarios are valid scenarios.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Check, Errors } from 'typebox/value';
import { backends } from '../support/backends.js';
import { ADMIN, newMarket, trader, type Trader } from '../trading/kit.js';
import { ScenarioInput } from '../../src/faults/index.js';
import { admin, liveService, sleep, type LiveService } from './kit.js';

interface View { id: string; status: string; done: number; failed: number; steps: number; log: Array<{ do: string; ok: boolean; error?: string; result?: Record<string, unknown> }> }

async function finished(svc: LiveService, id: string, ms = 8000): Promise<View> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = JSON.parse((await admin(svc, 'GET', `/admin/scenarios/${id}`)).body) as View;
    if (v.status !== 'running') return v;
    if (Date.now() > deadline) throw new Error(`scenario still running: ${JSON.stringify(v)}`);
    await sleep(50);
  }
}

describe('example scenarios', () => {
  for (const file of readdirSync('examples/scenarios')) {
    it(`${file} is a valid scenario`, () => {
      const body = JSON.parse(readFileSync(join('examples/scenarios', file), 'utf8'));
      assert.ok(Check(ScenarioInput, body), JSON.stringify([...Errors(ScenarioInput, body)].slice(0, 3)));
    });
  }
});

for (const backend of backends()) {
  describe(`scenarios (${backend.name})`, { skip: backend.skip }, () => {
    let svc: LiveService;
    let cid: string;
    let other: string;
    let alice: Trader;
    before(async () => {
      svc = await liveService(backend);
      cid = await newMarket(svc);
      other = await newMarket(svc);
      alice = await trader(svc, '10');
    });
    after(async () => { await svc?.dispose(); });

    const timeline = (seed: number, resolve: string) => ({
      name: 'test timeline', seed,
      steps: [
        { atS: 0.5, do: 'clear' },
        { atS: 0, do: 'fault', fault: { kind: 'execution_error', rate: 0.5, scope: { wallet: alice.address } } },
        { atS: 0.1, do: 'mode', mode: 'cancel-only' },
        { atS: 0.2, do: 'mode', mode: 'normal' },
        { atS: 0.3, do: 'resolve', market: resolve, winner: 0 },
        { atS: 0.4, do: 'shock', market: cid, by: 0.1 },
      ],
    });

    it('runs a timeline to the end, in time order, logging a failed step and going on', async () => {
      const started = await admin(svc, 'POST', '/admin/scenarios', timeline(5, other));
      assert.equal(started.status, 200, started.body);
      const v = await finished(svc, JSON.parse(started.body).id);
      assert.equal(v.status, 'done');
      assert.deepEqual(v.log.map((e) => e.do), ['fault', 'mode', 'mode', 'resolve', 'shock', 'clear']);
      assert.equal(v.done, 6);
      assert.equal(v.failed, 1);
      assert.match(v.log[4]!.error!, /simulated traders/);
      assert.equal(v.log[0]!.result!.seed, '5:1', 'a fault draws from the scenario seed and its step');
      assert.equal(svc.services.exchange.core.market(other)!.status, 'resolved');
      assert.equal(svc.services.exchange.mode, 'normal');
      assert.deepEqual(JSON.parse((await admin(svc, 'GET', '/admin/faults')).body), { faults: [] });
    });

    it('is deterministic under its seed: the same faults, in the same order', async () => {
      const third = await newMarket(svc);
      const fourth = await newMarket(svc);
      const run = async (seed: number, market: string) => {
        const id = JSON.parse((await admin(svc, 'POST', '/admin/scenarios', timeline(seed, market))).body).id;
        const v = await finished(svc, id);
        return v.log.map((e) => [e.do, e.ok, e.do === 'fault' ? { ...e.result, id: 0, startsAt: 0, endsAt: 0 } : null]);
      };
      const a = await run(9, third);
      const b = await run(9, fourth);
      assert.deepEqual(a, b);
    });

    it('refuses a bad timeline clearly and 404s an unknown scenario', async () => {
      const bad = await admin(svc, 'POST', '/admin/scenarios', { steps: [{ atS: 0, do: 'explode' }] });
      assert.equal(bad.status, 400);
      assert.equal((await admin(svc, 'POST', '/admin/scenarios', { steps: [] })).status, 400);
      assert.equal((await admin(svc, 'GET', '/admin/scenarios/scenario-999')).status, 404);
    });

    it('sibyl scenario <file> runs a file against the running venue', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'sibyl-scenario-'));
      const file = join(dir, 'quick.json');
      writeFileSync(file, JSON.stringify({ seed: 3, steps: [{ atS: 0, do: 'fault', fault: { kind: 'post_only', durationS: 5 } }, { atS: 0.3, do: 'clear' }] }));
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'scenario', file, '--url', svc.base, '--token', ADMIN], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d) => { out += String(d); });
      child.stderr.on('data', (d) => { out += String(d); });
      const code = await new Promise<number | null>((resolve) => {
        const t = setTimeout(() => { child.kill(); resolve(null); }, 30_000);
        child.on('exit', (c) => { clearTimeout(t); resolve(c); });
      });
      assert.equal(code, 0, out);
      assert.match(out, /\+0s fault/);
      assert.match(out, /done, 2\/2 steps, 0 failed/);
    });
  });
}
