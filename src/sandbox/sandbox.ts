/**
 * The living sandbox (docs/sandbox.md): runs the simulated traders (traders.ts) at `rate`
 * moves a second on the service's clock, beats their heartbeats, prunes their old history
 * (prune.ts) and resets the venue (reset.ts). A move is due every 1/rate s since the traders
 * started; a timer runs the due moves one after another, each awaited (acknowledged after its
 * commit). It yields to real clients: before each move, if the exchange has commands pending or
 * a batch being written, the moves due are skipped, not queued (`skipped`); it never catches up
 * by more than one second of moves. `advance()` runs the due moves without the timer or the yield
 * (deterministic runs on an injected clock: the same seed and clock give the same trades).
 */
import type SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { ExchangeService } from '../exchange/service.js';
import type { HeartbeatService } from '../heartbeats/index.js';
import type { SandboxConfig } from '../config/sandbox.js';
import { ApiError, errors } from '../errors/catalogue.js';
import { simAddresses, simWallets, MAKERS, type SimAccount } from './accounts.js';
import { Traders, type TraderDeps, type SimCounts } from './traders.js';
import { SimPruner } from './prune.js';
import { PgSimPruner } from './prune-pg.js';
import { buildTemplate, holdsDemo, replaceFromTemplate, type Template } from './reset.js';
import { demoBaseOf } from '../demo/load.js';
import { replaceOnPostgres } from './reset-pg.js';
import { replaceState } from './replace.js';
import type { Collateral } from '../domain/ctf-ids.js';


export interface SandboxDeps extends TraderDeps {
  db: Kysely<any>;
  sqlite: SqliteDatabase.Database | undefined;
  heartbeats: HeartbeatService;
  /** The account's active API key (created on first use), through the auth service. */
  apiKey(address: string): Promise<string>;
  now(): number;
  config: SandboxConfig;
  /** The collateral of the position-id formula: the demo's markets' token ids on a reset. */
  collateral?: Collateral;
  /** SIBYL_DEMO: an empty embedded database gets the demo data set (and so counts as a demo database). */
  demoConfigured: boolean;
  /** Told after a reset replaced the database (caches outside the exchange's events: API keys, book history). */
  afterReset(): Promise<void>;
  /** No timer (tests drive `advance()`). */
  manual?: boolean;
  onError(err: unknown): void;
}

const TICK_MS = 100;
const HEARTBEAT_EVERY_MS = 5_000;
const PRUNE_EVERY_MS = 10_000;

export class Sandbox {
  private liveNow = false;
  private rateNow: number;
  private traders: Traders | null = null;
  private accounts: SimAccount[] = [];
  private anchor = 0;
  private done = 0;
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private lastBeat = 0;
  private lastPrune = 0;
  private readonly pruner: SimPruner | PgSimPruner;
  private template: Template | null = null;
  private templateDay: number | undefined;
  /** The demo's seed when the database holds the demo data set, else null. */
  private demo: number | null = null;
  private resetting: Promise<unknown> = Promise.resolve();
  /** Moves skipped because real clients' commands were pending (the yield). */
  skipped = 0;

  constructor(private readonly d: SandboxDeps) {
    this.rateNow = d.config.rate;
    const sim = new Set([...simAddresses(d.config.seed).makers, ...simAddresses(d.config.seed).takers]);
    this.pruner = d.sqlite ? new SimPruner(d.sqlite, () => sim) : new PgSimPruner(d.db, () => sim);
  }

  /** Whether the database holds the demo data set, then starts the traders if configured (SIBYL_DEMO_LIVE, default: the demo is loaded). */
  async start(): Promise<void> {
    this.demo = await holdsDemo(this.d.db, this.d.demoConfigured, this.d.sqlite !== undefined);
    if (this.d.config.live ?? this.demo !== null) await this.set({ live: true });
  }

  status(): { live: boolean; rate: number } {
    return { live: this.liveNow, rate: this.rateNow };
  }

  /** Moves a simulated market's fair price (traders.ts `shock`); false while the traders are not running or do not trade it. */
  shock(conditionId: string, by: number): boolean {
    return this.traders?.shock(conditionId, by) ?? false;
  }

  counts(): SimCounts | null {
    return this.traders?.counts ?? null;
  }

  /** The operator's `PUT /admin/demo`: pause, resume, change the rate. */
  async set(to: { live?: boolean; rate?: number }): Promise<{ live: boolean; rate: number }> {
    if (to.rate !== undefined) {
      if (!Number.isInteger(to.rate) || to.rate < 0 || to.rate > 1000) throw errors.badRequest('rate must be an integer from 0 to 1000 (orders per second)');
      this.rateNow = to.rate;
      this.anchor = this.d.now();
      this.done = 0;
    }
    if (to.live === true && !this.liveNow) await this.resume();
    if (to.live === false && this.liveNow) await this.stop();
    return this.status();
  }

  /** Runs every move due by the clock, in order, with the heartbeats and pruning due (no yield). */
  advance(): Promise<void> {
    return this.serial(() => this.tick(false));
  }

  /** Rows of the simulated accounts' history pruned so far, per table (prune.ts). */
  get pruned(): Record<string, number> {
    return { ...this.pruner.deleted };
  }

  /** Stops the traders and waits for the move under way. */
  async stop(): Promise<void> {
    this.liveNow = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.chain;
  }

  async close(): Promise<void> {
    await this.stop();
    this.template?.dispose();
    this.template = null;
  }

  /**
   * `POST /admin/reset` and `sibyl reset`: the seeded demo state (or, `wipe`, an empty venue),
   * inside the exchange's writer: commands wait, then run on the new state.
   */
  reset(opts: { wipe?: boolean; exchange: ExchangeService }): Promise<{ reset: 'demo' | 'empty'; tables: number; ms: number }> {
    const next = this.resetting.then(() => this.resetNow(opts)); // one reset at a time
    this.resetting = next.catch(() => {});
    return next;
  }

  private async resetNow(opts: { wipe?: boolean; exchange: ExchangeService }): Promise<{ reset: 'demo' | 'empty'; tables: number; ms: number }> {
    const started = performance.now();
    const wipe = opts.wipe === true;
    if ((opts.exchange as { isFollower?: boolean }).isFollower === true) throw errors.unavailable('this instance follows the cluster\'s writer: send the reset to the writer', 1);
    if (!wipe && this.demo === null) throw new ApiError('conflict', 'this database does not hold the demo data set (SIBYL_DEMO=0 or another catalog): a reset would replace it; send {"confirm":"reset","wipe":true} to empty the venue instead');
    const wasLive = this.liveNow;
    await this.stop();
    let tables = 0;
    try {
      const seed = this.demo;
      const day = wipe || seed === null ? undefined : await demoBaseOf(this.d.db); // the demo's own load day: restored exactly
      if (this.template !== null && this.templateDay !== day) { this.template.dispose(); this.template = null; }
      const template = wipe || seed === null ? await buildTemplate('empty') : (this.template ??= await buildTemplate('demo', seed, this.d.collateral, day));
      if (template === this.template) this.templateDay = day;
      try {
        await replaceState(opts.exchange, async () => {
          const mark = wipe ? null : seed;
          tables = (this.d.sqlite ? replaceFromTemplate(this.d.sqlite, template.file, mark) : await replaceOnPostgres(this.d.db, template.file, mark)).length;
        });
      } finally {
        if (template !== this.template) template.dispose();
      }
      this.demo = wipe ? null : seed;
      this.traders = null;
      await this.d.afterReset();
    } finally {
      if (wasLive && this.demo !== null) await this.resume();
    }
    return { reset: wipe ? 'empty' : 'demo', tables, ms: Math.round(performance.now() - started) };
  }

  private async resume(): Promise<void> {
    this.liveNow = true;
    await this.serial(async () => {
      if (this.traders === null) this.traders = await this.prepare();
      this.anchor = this.d.now();
      this.done = 0;
    });
    if (!this.d.manual && this.timer === undefined) {
      this.timer = setInterval(() => { void this.serial(() => this.tick(true)); }, TICK_MS);
      this.timer.unref();
    }
  }

  /** The accounts with their keys, funded by the traders as they go; the traders on the current markets. */
  private async prepare(): Promise<Traders> {
    const { makers, takers } = simWallets(this.d.config.seed);
    this.accounts = [];
    for (const [i, { address, privateKey }] of [...makers, ...takers].entries()) {
      this.accounts.push({ address, privateKey, role: i < MAKERS ? 'maker' : 'taker', apiKey: await this.d.apiKey(address), heartbeatId: null });
    }
    return new Traders(this.d, this.d.config.seed, this.accounts.filter((a) => a.role === 'maker'), this.accounts.filter((a) => a.role === 'taker'));
  }

  private serial(fn: () => Promise<void>): Promise<void> {
    const next = this.chain.then(fn).catch((err) => this.d.onError(err));
    this.chain = next;
    return next;
  }

  private async tick(yieldToClients: boolean): Promise<void> {
    if (!this.liveNow) return;
    const now = this.d.now();
    if (now - this.lastBeat >= HEARTBEAT_EVERY_MS) await this.beat(now);
    if (now - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = now;
      await this.pruner.step(now - this.d.config.retentionH * 3_600_000);
    }
    await this.runDue(yieldToClients);
  }

  private async runDue(yieldToClients: boolean): Promise<void> {
    if (!this.liveNow || this.traders === null || this.rateNow === 0) return;
    if ((this.d.exchange as { isFollower?: boolean }).isFollower === true) { // a cluster's follower: the writer's traders move the venue
      this.anchor = this.d.now();
      this.done = 0;
      return;
    }
    const due = Math.floor(((this.d.now() - this.anchor) * this.rateNow) / 1000);
    if (yieldToClients && due - this.done > this.rateNow) { // never catch up more than a second of moves
      this.skipped += due - this.done - this.rateNow;
      this.done = due - this.rateNow;
    }
    while (this.done < due && this.liveNow) {
      const point = this.d.exchange.sealedPoint;
      if (yieldToClients && (point === null || !point.written)) { // real clients' commands are pending: skip, never queue
        this.skipped += due - this.done;
        this.done = due;
        return;
      }
      this.done++;
      await this.traders.step();
    }
  }

  /** Makers keep a heartbeat chain, as a bot with the dead-man's switch on does. */
  private async beat(now: number): Promise<void> {
    this.lastBeat = now;
    for (const a of this.accounts) {
      if (a.role !== 'maker') continue;
      try {
        a.heartbeatId = await this.d.heartbeats.beat(a.address, a.heartbeatId);
      } catch {
        a.heartbeatId = null; // the chain was lost (expired): the next beat starts a new one
      }
    }
  }
}
