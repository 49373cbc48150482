/**
 * The durable exchange: the pure in-memory core (src/core) behind a single-writer command path
 * with group commit. A command runs synchronously on the core; its effects join the open batch;
 * the batch is sealed into rows at the end of the tick (or, while the previous batch is still
 * being written, as soon as that write ends) and written in one transaction; only then is the
 * command acknowledged. Batches are written strictly in order, one at a time. If a write fails, the batch and every later one are refused and the core is rebuilt
 * from the database, so memory never runs ahead of what is durable.
 */
import type { Kysely } from 'kysely';
import { Exchange, randomIds, systemClock, type Clock, type Effects, type IdSource } from '../core/index.js';
import type { Database } from '../store/schema.js';
import type { Store } from '../store/db.js';
import { recordEffects } from './metrics.js';
import { ApiError } from '../errors/catalogue.js';
import { Batch, hasEffects } from './batch.js';
import { seal } from './rows.js';
import { writeBatch } from './writer.js';
import { restoreFromDb } from './restore.js';
import { CATALOG_MARKET_COLUMNS, marketRowOf } from './settings.js';
import { loadExchangeMode, storeExchangeMode, type ExchangeMode } from './mode.js';
import { OwnerStamps } from './owner-stamps.js';

interface Pending {
  batch: Batch;
  generation: number;
  resolve(): void;
  reject(err: unknown): void;
  done: Promise<void>;
}

export interface ExchangeServiceOptions {
  clock?: Clock;
  ids?: IdSource;
  onError?: (err: unknown) => void;
}

export class ExchangeService {
  private ex: Exchange;
  private tradeSeq = { value: 0 };
  private open: Pending | null = null;
  private tail: Promise<void> = Promise.resolve();
  private writing = false;
  private generation = 0;
  private recovering: Promise<void> | null = null;
  private expiryTimer: NodeJS.Timeout | null = null;
  private expiryAt = Infinity;
  private closed = false;
  private currentMode: ExchangeMode = 'normal';
  private readonly stamps = new OwnerStamps();

  private constructor(private readonly db: Kysely<Database>, private readonly clock: Clock, private readonly ids: IdSource,
    private readonly onError: (err: unknown) => void, ex: Exchange, tradeSeq: number) {
    this.ex = ex;
    this.tradeSeq.value = tradeSeq;
  }

  static async open(store: Store, opts: ExchangeServiceOptions = {}): Promise<ExchangeService> {
    const db = store.db;
    const clock = opts.clock ?? systemClock;
    const ids = opts.ids ?? randomIds();
    const { exchange, tradeSeq } = await restoreFromDb(db, clock, ids);
    const svc = new ExchangeService(db, clock, ids, opts.onError ?? (() => {}), exchange, tradeSeq);
    svc.currentMode = await loadExchangeMode(db);
    svc.scheduleExpiry();
    return svc;
  }

  /** The in-memory core, for reads (books, open orders, balances). Never mutate through it. */
  get core(): Exchange {
    return this.ex;
  }

  /**
   * Changes whenever `owner`'s orders change in memory, when those changes commit, and when the
   * core is rebuilt (owner-stamps.ts): what a kept page of the owner's open orders is checked by.
   */
  ordersStamp(owner: string): number {
    return this.stamps.of(owner);
  }

  /**
   * Runs one command on the core and resolves once its effects are durable. A command without
   * effects (a rejection) resolves at once: nothing was changed.
   */
  run<R extends { effects: Effects }>(command: (ex: Exchange) => R): Promise<R> {
    if (this.closed) return Promise.reject(new ApiError('unavailable', 'the exchange is shutting down'));
    if (this.recovering) return Promise.reject(new ApiError('unavailable', 'the exchange is recovering from a storage failure'));
    const result = command(this.ex);
    if (!hasEffects(result.effects)) return Promise.resolve(result);
    recordEffects(result.effects, this.ex.openOrderCount());
    this.stamps.touch(result.effects.orders);
    const pending = this.open ?? this.openBatch();
    pending.batch.add(result.effects);
    this.scheduleExpiry();
    return pending.done.then(() => result);
  }

  /** `normal`, `cancel-only` or `disabled` (set by the operator). */
  get mode(): ExchangeMode {
    return this.currentMode;
  }

  async setMode(mode: ExchangeMode): Promise<void> {
    await storeExchangeMode(this.db, mode, this.clock.now());
    this.currentMode = mode;
  }

  /** Refuses a write the current mode does not allow: 503 with Retry-After. */
  assertWritable(kind: 'order' | 'cancel' | 'ledger'): void {
    const mode = this.currentMode;
    if (mode === 'normal' || (mode === 'cancel-only' && kind === 'cancel')) return;
    const what = kind === 'cancel' ? 'cancels' : kind === 'order' ? 'new orders' : 'ledger operations';
    throw new ApiError('unavailable', `the exchange is in ${mode} mode: ${what} are not accepted`, { headers: { 'retry-after': '30' } });
  }

  /** Brings the core's copy of a market's settings in line with its catalog row. */
  async syncMarket(conditionId: string): Promise<void> {
    const row = await this.db.selectFrom('markets').select(CATALOG_MARKET_COLUMNS).where('condition_id', '=', conditionId).executeTakeFirst();
    if (!row || row.enable_order_book !== 1) return;
    const settings = marketRowOf(row);
    await this.run((ex) => {
      const r = ex.market(conditionId) ? ex.updateMarket(settings) : ex.createMarket(settings);
      if (!r.ok) throw new ApiError('bad_request', r.reject.message);
      return r;
    });
  }

  /** Waits for every accepted command to be durable, then stops timers. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.flush();
    while (this.writing) await this.tail.catch(() => {});
    await this.recovering;
  }

  private openBatch(): Pending {
    let resolve!: () => void;
    let reject!: (err: unknown) => void;
    const done = new Promise<void>((ok, fail) => { resolve = ok; reject = fail; });
    done.catch(() => {}); // observed by each command's own promise
    const pending: Pending = { batch: new Batch(), generation: this.generation, resolve, reject, done };
    this.open = pending;
    setImmediate(() => this.flush());
    return pending;
  }

  /**
   * Seals the open batch and writes it, unless a write is in flight: then the batch keeps
   * collecting commands and is written as soon as that write ends (group commit). Under load a
   * slow commit (PostgreSQL's fsync) thus carries every command that arrived meanwhile, instead
   * of queueing one transaction per tick behind it.
   */
  private flush(): void {
    const pending = this.open;
    if (this.writing || pending === null) return;
    this.open = null;
    if (pending.generation !== this.generation) {
      // Its commands ran on a core that a failed write has since discarded.
      pending.reject(new ApiError('unavailable', 'the exchange is recovering from a storage failure'));
      return;
    }
    const rows = seal(pending.batch, this.ex, this.tradeSeq, this.clock.now());
    this.writing = true;
    this.tail = (async () => {
      try {
        await writeBatch(this.db, rows);
        this.stamps.touch(pending.batch.orders.values());
        pending.resolve();
      } catch (err) {
        this.onError(err);
        pending.reject(new ApiError('unavailable', 'the exchange could not store the command; it was not applied'));
        await this.recover();
      } finally {
        this.writing = false;
      }
      this.flush();
    })();
  }

  /** Discards the in-memory state and rebuilds it from what the database holds. */
  private async recover(): Promise<void> {
    this.generation++;
    this.recovering = (async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          const { exchange, tradeSeq } = await restoreFromDb(this.db, this.clock, this.ids);
          this.ex = exchange;
          this.tradeSeq.value = tradeSeq;
          this.stamps.forgetAll();
          return;
        } catch (err) {
          this.onError(err);
          await new Promise((r) => setTimeout(r, Math.min(5000, 100 * 2 ** attempt)));
        }
      }
    })();
    await this.recovering;
    this.recovering = null;
    this.scheduleExpiry();
  }

  /** One timer for every GTD order: it fires at the earliest expiry and re-arms itself. */
  private scheduleExpiry(): void {
    if (this.closed) return;
    const next = this.ex.nextExpiry();
    if (next === null || next >= this.expiryAt) return;
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryAt = next;
    const delay = Math.max(0, Math.min(next - this.clock.now(), 2 ** 31 - 1));
    this.expiryTimer = setTimeout(() => {
      this.expiryTimer = null;
      this.expiryAt = Infinity;
      this.run((ex) => ex.expireDue(this.clock.now())).catch((err: unknown) => this.onError(err));
      this.scheduleExpiry();
    }, delay);
    this.expiryTimer.unref();
  }
}
