/**
 * The durable exchange (queue.ts: the single-writer command path with group commit) with what
 * sits around it: the operator's mode, the catalog's market settings, and the cluster roles
 * (src/cluster/README.md) — a follower refuses every command and holds the writer's state by
 * replaying the journal (replay.ts), and a follower taking the writer's role replays the tail it
 * missed instead of rebuilding.
 */
import { commandIds, systemClock } from '../core/index.js';
import type { Store } from '../store/db.js';
import { restoreFromDb } from './restore.js';
import { syncMarketSettings } from './settings.js';
import { loadExchangeMode, storeExchangeMode, writeRefusal, type ExchangeMode } from './mode.js';
import type { JournalEntry } from './journal.js';
import { catchUp, replayEntry, type ReplayOutcome } from './replay.js';
import { CommandQueue, type ExchangeServiceOptions } from './queue.js';

export type { ExchangeServiceOptions } from './queue.js';

export class ExchangeService extends CommandQueue {
  private currentMode: ExchangeMode = 'normal';
  private followToken = 0;

  static async open(store: Store, opts: ExchangeServiceOptions = {}): Promise<ExchangeService> {
    const db = store.db;
    const clock = opts.clock ?? systemClock;
    const ids = opts.ids ?? commandIds();
    const svc = new ExchangeService(db, clock, ids, await restoreFromDb(db, clock, ids), opts);
    svc.currentMode = await loadExchangeMode(db);
    svc.expiry.arm();
    return svc;
  }

  /** `normal`, `cancel-only` or `disabled` (set by the operator). */
  get mode(): ExchangeMode { return this.currentMode; }

  async setMode(mode: ExchangeMode): Promise<void> {
    await storeExchangeMode(this.db, mode, this.clock.now());
    this.currentMode = mode;
  }

  /** Refuses a write the current mode (or a failed integrity check) does not allow: 503 with Retry-After (mode.ts). */
  assertWritable(kind: 'order' | 'cancel' | 'ledger'): void {
    const refusal = writeRefusal(this.currentMode, kind, this.integrity.holding);
    if (refusal !== null) throw refusal;
  }

  /** Brings the core's copy of a market's settings in line with its catalog row (settings.ts). */
  async syncMarket(conditionId: string): Promise<void> {
    await syncMarketSettings(this.db, conditionId, (command) => this.submit(command));
  }

  // ---- Cluster roles (src/cluster/README.md): the lease decides, these switch the core; a follower refuses every command. ----
  get isFollower(): boolean { return this.following; }
  follow(reason: string): void { this.lockLost(reason); this.following = true; }

  /**
   * Takes the writer's role at `epoch`: a follower whose core is whole replays the journal's tail
   * (replay.ts `catchUp`) and trades; otherwise, or when that fails, the core is rebuilt. Says which.
   */
  async lead(epoch: number): Promise<string> {
    const warm = this.following && this.recovering === null && !this.writing;
    this.fenceWith(epoch);
    this.following = false;
    this.followToken++;
    if (warm) {
      const r = await catchUp(this.db, () => this.sealer.batchSeq, (e) => this.apply(e)).catch((err: unknown) => ({ why: String(err) }));
      if ('replayed' in r && this.recovering === null && this.fenced !== null) {
        this.fenced = null;
        this.expiry.reset();
        return `replayed the journal's last ${r.replayed} batches`;
      }
      this.onError(new Error(`taking the writer's role without a rebuild failed: ${'why' in r ? r.why : 'the core changed meanwhile'}`));
    }
    await this.lockRegained();
    return 'rebuilt from the database';
  }

  /** Follower: applies a journaled batch to the core (replay.ts) and tells it; not ok: the core must be restored (`followRestore`). */
  replay(entry: JournalEntry): ReplayOutcome {
    if (!this.following || this.recovering !== null) return { ok: false, why: 'not following', applied: false };
    return this.apply(entry);
  }

  private apply(entry: JournalEntry): ReplayOutcome {
    const r = replayEntry(this.ex, this.sealer, entry, this.generation);
    if (r.ok) this.events.committed(r.event); // the core is the database's state after entry.seq: still whole
    else if (r.applied) this.untouched = false;
    return r;
  }

  /** Follower: the core replaced by the database's state, without `rebuilt`; the restored batch seq, or -1 once no longer following. */
  async followRestore(): Promise<number> {
    const token = this.followToken;
    while (this.writing || this.recovering) await (this.writing ? this.tail : this.recovering)?.catch(() => {});
    const r = await restoreFromDb(this.db, this.clock, this.ids);
    if (!this.following || token !== this.followToken || this.recovering !== null) return -1;
    this.adopt(r);
    return r.batchSeq;
  }

  /** Follower: the core was restored, batches may have been missed: subscribers re-read everything (`rebuilt`). */
  followRebuilt(): void { this.events.rebuilt(++this.generation); }
}
