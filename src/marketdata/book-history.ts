/**
 * The order-book history recorder (docs/sandbox.md): a subscriber of the exchange's committed
 * batches that stores a snapshot of each changed book — the exact JSON `/book` answers at that
 * moment (BookSnapshots, same fields, hash and formatting) — at most once per `spacingS` per
 * token, and on every trade for the markets the operator asked for (`book_history_markets`).
 * A change inside the spacing is recorded when the spacing has passed (a timer), so the last
 * state of a burst is never lost. Snapshots are kept in memory and written (raw-deflated) in
 * multi-row inserts per tick of the timer, off the exchange's write path. Rows older than `days` are
 * deleted in small batches (PRUNE_BATCH rows a statement, one statement a tick), so pruning
 * never holds the database for long.
 */
import { deflateRawSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { ExchangeService } from '../exchange/service.js';
import type { CommittedBatch } from '../exchange/events.js';
import type { BookSnapshots } from './book.js';

export interface BookHistoryDeps {
  db: Kysely<any>;
  exchange: ExchangeService;
  books: BookSnapshots;
  now(): number;
  spacingS: number;
  days: number;
  onError(err: unknown): void;
  /** No timer: the caller runs `tick()` (tests on an injected clock). */
  manual?: boolean | undefined;
}

interface Recorded { assetId: string; ts: number; body: string }

const PRUNE_BATCH = 500;
const DAY = 86_400_000;

export class BookHistoryRecorder {
  private readonly lastAt = new Map<string, number>(); // token → when its last snapshot was taken (service clock)
  private readonly lastHash = new Map<string, string>(); // token → `hash` of its last snapshot
  private readonly dirty = new Set<string>();
  private everyTrade = new Set<string>();
  private pending: Recorded[] = [];
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private busy: Promise<void> = Promise.resolve();
  private lastPrune = 0;

  constructor(private readonly d: BookHistoryDeps) {}

  get enabled(): boolean {
    return this.d.spacingS > 0;
  }

  async start(): Promise<void> {
    if (!this.enabled) return;
    await this.loadMarkets();
    this.unsubscribe = this.d.exchange.subscribe({ committed: (b) => this.committed(b) });
    if (this.d.manual) return;
    const tickMs = Math.max(50, Math.min(1000, (this.d.spacingS * 1000) / 4));
    this.timer = setInterval(() => { void this.tick(); }, tickMs);
    this.timer.unref();
  }

  /** Stops recording and writes what was captured. */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.busy.catch(() => {});
    await this.write().catch((err) => this.d.onError(err));
  }

  /** Re-reads the markets recorded on every trade (after the operator changes one, or a reset). */
  async loadMarkets(): Promise<void> {
    const rows = await this.d.db.selectFrom('book_history_markets').select('condition_id').where('every_trade', '=', 1).execute();
    this.everyTrade = new Set(rows.map((r: { condition_id: string }) => r.condition_id));
  }

  /** Forgets what was recorded per token (after a reset, every book starts over). */
  forget(): void {
    this.lastAt.clear();
    this.lastHash.clear();
    this.dirty.clear();
  }

  /** Records and writes every changed book now, whatever the spacing (tests, shutdown). */
  async flush(): Promise<void> {
    await this.busy.catch(() => {});
    for (const a of [...this.dirty]) this.capture(a);
    this.dirty.clear();
    await this.write();
  }

  private committed(batch: CommittedBatch): void {
    if ((this.d.exchange as { isFollower?: boolean }).isFollower === true) return; // a cluster's writer records (docs/deployment.md)
    const now = this.d.now();
    const traded = new Set(batch.trades.map((t) => t.conditionId));
    for (const b of batch.books) {
      const forced = traded.has(b.conditionId) && this.everyTrade.has(b.conditionId);
      const last = this.lastAt.get(b.assetId);
      if (forced || last === undefined || now - last >= this.d.spacingS * 1000) this.capture(b.assetId);
      else this.dirty.add(b.assetId);
    }
  }

  /** Takes the snapshot `/book` answers now (synchronously when the market's statics are cached). */
  private capture(assetId: string): void {
    this.lastAt.set(assetId, this.d.now());
    this.dirty.delete(assetId);
    this.d.books.json(assetId).then((buf) => {
      const body = buf.toString('utf8');
      const snap = JSON.parse(body) as { timestamp: string; hash: string };
      if (this.lastHash.get(assetId) === snap.hash) return; // the book has not changed since its last snapshot
      this.lastHash.set(assetId, snap.hash);
      const ts = Number(snap.timestamp);
      this.pending.push({ assetId, ts, body });
    }, () => {}); // the book is gone (its market was removed by a reset): nothing to record
  }

  /** Records the changed books whose spacing has passed, writes, prunes a batch (once a second). */
  tick(): Promise<void> {
    this.busy = this.busy.then(() => this.tickNow()).catch((err) => this.d.onError(err));
    return this.busy;
  }

  private async tickNow(): Promise<void> {
    const now = this.d.now();
    const spacing = this.d.spacingS * 1000;
    for (const a of [...this.dirty]) if (now - (this.lastAt.get(a) ?? 0) >= spacing) this.capture(a);
    await this.write();
    if (now - this.lastPrune >= 1000) {
      this.lastPrune = now;
      await this.pruneOnce(now - this.d.days * DAY);
    }
  }

  private async write(): Promise<void> {
    if (this.pending.length === 0) return;
    const rows = this.pending.splice(0);
    for (let i = 0; i < rows.length; i += 200) {
      await this.d.db.insertInto('book_history')
        .values(rows.slice(i, i + 200).map((r) => ({ asset_id: r.assetId, ts: r.ts, body: deflateRawSync(r.body) }))).execute();
    }
  }

  /** Deletes up to PRUNE_BATCH of the oldest snapshots before `cutoff`; returns how many. */
  async pruneOnce(cutoff: number): Promise<number> {
    const old = this.d.db.selectFrom('book_history').select('id').where('ts', '<', cutoff).orderBy('ts').limit(PRUNE_BATCH);
    const r = await this.d.db.deleteFrom('book_history').where('id', 'in', old).executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
