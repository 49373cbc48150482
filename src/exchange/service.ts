/**
 * The durable exchange: the pure in-memory core (src/core) behind a single-writer command path
 * with group commit. A command runs synchronously on the core; its effects join the open batch;
 * the batch is sealed into rows at the end of the tick (or, while the previous batch is still
 * being written, as soon as that write ends) and written in one transaction; only then is the
 * command acknowledged. Batches are written strictly in order, one at a time. If a write fails,
 * or a command throws (a broken invariant: the core may be half-changed), the open batch and
 * every later command are refused and the core is rebuilt from the database, so memory never
 * runs ahead of what is durable and never keeps a half-applied command. Every rebuild is checked
 * against the ledger invariants (integrity.ts). The process holds the database's writer lock
 * (src/store/writer-lock.ts); while it is lost, every command is refused.
 */
import type { Kysely } from 'kysely';
import { ExchangeCore, randomIds, systemClock, type Clock, type Effects, type IdSource } from '../core/index.js';
import type { Database } from '../store/schema.js';
import type { Store } from '../store/db.js';
import { ApiError, errors } from '../errors/catalogue.js';
import { Batch, hasEffects } from './batch.js';
import { seal } from './rows.js';
import { writeBatch } from './writer.js';
import { restoreFromDb } from './restore.js';
import { syncMarketSettings } from './settings.js';
import { loadExchangeMode, storeExchangeMode, writeRefusal, type ExchangeMode } from './mode.js';
import { advanceBookSeqs, committedBatch, ExchangeEvents, type CommittedBatch, type ExchangeListener } from './events.js';
import { Integrity, type IntegrityReport } from './integrity.js';
import { ExpiryTimer } from './expiry-timer.js';

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
  /** Told when a rebuild fails the integrity check (log it loudly). */
  onIntegrityFailure?: (msg: string, report: IntegrityReport) => void;
}

const REBUILDING = 'the exchange is rebuilding its state from the database';

export class ExchangeService {
  private ex: ExchangeCore;
  private tradeSeq = { value: 0 };
  /** The last sealed batch's number in the event sequence, and each book's last `seq` (events.ts). */
  private batchSeq: number;
  private bookSeqs: Map<string, number>;
  /** The core's order counter at the last seal: later orders were placed in the next batch. */
  private sealedOrderSeq: number;
  private open: Pending | null = null;
  private tail: Promise<void> = Promise.resolve();
  private writing = false;
  private generation = 0;
  private recovering: Promise<void> | null = null;
  private readonly expiry: ExpiryTimer;
  private closed = false;
  private currentMode: ExchangeMode = 'normal';
  private readonly events: ExchangeEvents;
  private fenced: string | null = null;
  readonly integrity: Integrity;

  private constructor(private readonly db: Kysely<Database>, private readonly clock: Clock, private readonly ids: IdSource,
    private readonly onError: (err: unknown) => void, ex: ExchangeCore, tradeSeq: number, batchSeq: number, bookSeqs: Map<string, number>, onIntegrityFailure: ExchangeServiceOptions['onIntegrityFailure']) {
    this.ex = ex;
    this.tradeSeq.value = tradeSeq;
    this.batchSeq = batchSeq;
    this.bookSeqs = bookSeqs;
    this.sealedOrderSeq = ex.counters().seq;
    this.events = new ExchangeEvents(onError);
    this.expiry = new ExpiryTimer(() => (this.following ? null : this.ex.nextExpiry()), // a follower never expires: the writer does
      () => clock.now(),
      () => { this.run((core) => core.expireDue(clock.now())).catch((err: unknown) => onError(err)); });
    this.integrity = new Integrity(onIntegrityFailure ?? (() => {}));
    this.integrity.check(ex, clock.now());
  }

  static async open(store: Store, opts: ExchangeServiceOptions = {}): Promise<ExchangeService> {
    const db = store.db;
    const clock = opts.clock ?? systemClock;
    const ids = opts.ids ?? randomIds();
    const { exchange, tradeSeq, batchSeq, bookSeqs } = await restoreFromDb(db, clock, ids);
    const svc = new ExchangeService(db, clock, ids, opts.onError ?? (() => {}), exchange, tradeSeq, batchSeq, bookSeqs, opts.onIntegrityFailure);
    svc.currentMode = await loadExchangeMode(db);
    svc.expiry.arm();
    return svc;
  }

  /** The in-memory core, for reads (books, open orders, balances). Never mutate through it. */
  get core(): ExchangeCore { return this.ex; }

  /**
   * Subscribes to the exchange's event sequence (events.ts): each command's effects once applied
   * in memory, each batch once committed (in commit order, numbered), each rebuild. The returned
   * function unsubscribes.
   */
  subscribe(listener: ExchangeListener): () => void {
    return this.events.subscribe(listener);
  }

  /**
   * For readers that must show only durable state (src/streams): when no command has been applied
   * since the last sealed batch, the core holds exactly the state after that batch — `batchSeq`,
   * already durable when `written`, else being written (its `committed` event follows unless the
   * write fails, which rebuilds). Null while commands are pending, fenced or rebuilding.
   */
  get sealedPoint(): { batchSeq: number; written: boolean } | null {
    if (this.following) return this.recovering === null ? { batchSeq: this.batchSeq, written: true } : null; // src/cluster
    if (this.open !== null || this.fenced !== null || this.recovering !== null) return null;
    return { batchSeq: this.batchSeq, written: !this.writing };
  }

  /** A book's `seq` (events.ts) as of the last sealed batch; 0 before its first change. */
  bookSeq(conditionId: string): number { return this.bookSeqs.get(conditionId) ?? 0; }

  /** The generation of the core: bumped whenever it is discarded and rebuilt from the database. */
  get coreGeneration(): number { return this.generation; }

  /**
   * Runs one command on the core and resolves once its effects are durable. A command without
   * effects (a rejection) resolves at once: nothing was changed.
   */
  run<R extends { effects: Effects }>(command: (ex: ExchangeCore) => R): Promise<R> {
    if (this.closed) return Promise.reject(new ApiError('unavailable', 'the exchange is shutting down'));
    if (this.holdCommands !== null) return this.holdCommands.then(() => this.run(command));
    if (this.fenced !== null) return Promise.reject(errors.unavailable(this.fenced, 1));
    if (this.recovering) return Promise.reject(errors.unavailable(REBUILDING, 1));
    let result: R;
    try {
      result = command(this.ex);
    } catch (err) {
      // A command throws only on a broken invariant, possibly half-way through: the core may hold
      // part of it. It is discarded with the open batch (never acknowledged) and rebuilt.
      this.onError(err);
      this.rebuild(this.writing ? this.tail : Promise.resolve());
      return Promise.reject(errors.unavailable(`the exchange met an internal error and did not apply the command; ${REBUILDING}`, 1));
    }
    if (!hasEffects(result.effects)) return Promise.resolve(result);
    this.events.applied(result.effects);
    const pending = this.open ?? this.openBatch();
    pending.batch.add(result.effects);
    this.expiry.arm();
    return pending.done.then(() => result);
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
    await syncMarketSettings(this.db, conditionId, (command) => this.run(command));
  }

  /** The writer lock was lost: every command is refused, and what is not yet written is dropped. */
  lockLost(reason: string): void {
    this.fenced = `the exchange stopped trading: ${reason}; it resumes once this process holds the database's writer lock again`;
    this.generation++; // the open batch is refused, not written
  }

  /** The writer lock is held again: rebuild from the database (another writer may have run), then trade. */
  async lockRegained(): Promise<void> {
    this.rebuild(this.writing ? this.tail : Promise.resolve());
    await this.recovering;
    this.fenced = null;
  }

  // ---- Cluster roles (src/cluster/README.md): the lease decides, these switch the core; a follower refuses every command. ----
  private following = false;
  private followToken = 0;
  /** The writer epoch every PostgreSQL commit is fenced with (pg-writer.ts); `commitFailed` is told of every failed commit. */
  writerEpoch: number | undefined;
  commitFailed: ((err: unknown) => void) | null = null;
  get isFollower(): boolean { return this.following; }
  follow(reason: string): void { this.lockLost(reason); this.following = true; }
  async lead(epoch: number): Promise<void> { this.writerEpoch = epoch; this.following = false; this.followToken++; await this.lockRegained(); }
  /** Follower: the core replaced by the database's state, without `rebuilt`; the restored batch seq, or -1 once no longer following. */
  async followRestore(): Promise<number> {
    const token = this.followToken;
    while (this.writing || this.recovering) await (this.writing ? this.tail : this.recovering)?.catch(() => {});
    const r = await restoreFromDb(this.db, this.clock, this.ids);
    if (!this.following || token !== this.followToken || this.recovering !== null) return -1;
    this.adopt(r);
    return r.batchSeq;
  }

  /** Takes a restored core (and its counters) as the current one, under a new generation. */
  private adopt(r: Awaited<ReturnType<typeof restoreFromDb>>): ExchangeCore {
    this.generation++; // readers key kept answers by it: one read from the discarded core is never taken for the new one's
    [this.ex, this.tradeSeq.value, this.batchSeq, this.bookSeqs, this.sealedOrderSeq] = [r.exchange, r.tradeSeq, r.batchSeq, r.bookSeqs, r.exchange.counters().seq];
    return r.exchange;
  }
  /** Follower: tells a batch the writer committed once the core holds it; null: batches were missed, everything is re-read (`rebuilt`). */
  followTell(batch: CommittedBatch | null): void { if (batch !== null) this.events.committed(batch); else this.events.rebuilt(++this.generation); }

  /** While set, new commands wait for it, then run on the core as it is then (the sandbox's reset: src/sandbox/replace.ts). */
  holdCommands: Promise<void> | null = null;

  /** Waits for every accepted command to be durable, then stops timers. */
  async close(): Promise<void> {
    this.closed = true;
    this.expiry.stop();
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
      pending.reject(errors.unavailable(`the exchange discarded the command before storing it; ${REBUILDING}`, 1));
      return;
    }
    const now = this.clock.now();
    const seq = ++this.batchSeq;
    const bookSeqs = advanceBookSeqs(pending.batch, this.bookSeqs);
    const rows = seal(pending.batch, this.ex, this.tradeSeq, seq, bookSeqs, now);
    // Read from the core now, as the rows are; told once the rows are durable.
    const event = this.events.wantsCommitted ? committedBatch(pending.batch, this.ex, seq, bookSeqs, this.sealedOrderSeq + 1, pending.generation, now) : null;
    this.sealedOrderSeq = this.ex.counters().seq;
    this.writing = true;
    this.tail = (async () => {
      try {
        await writeBatch(this.db, rows, this.writerEpoch);
        if (event !== null) this.events.committed(event);
        pending.resolve();
      } catch (err) {
        this.onError(err);
        this.commitFailed?.(err); // src/cluster: a refused epoch steps this instance down
        pending.reject(errors.unavailable('the exchange could not store the command; it was not applied', 1));
        this.rebuild(Promise.resolve()); // not awaited here: a rebuild already under way may be waiting for this write
      } finally {
        this.writing = false;
      }
      this.flush();
    })();
  }

  /**
   * Discards the in-memory state and rebuilds it from what the database holds, once `written`
   * (the write in flight, if any) has ended. Commands are refused meanwhile; the open batch ran on
   * the discarded core, so it is refused too (its generation is stale).
   */
  private rebuild(written: Promise<void>): void {
    this.generation++;
    if (this.recovering) return;
    this.recovering = (async () => {
      await written.catch(() => {});
      for (let attempt = 0; ; attempt++) {
        try {
          const exchange = this.adopt(await restoreFromDb(this.db, this.clock, this.ids));
          this.integrity.check(exchange, this.clock.now());
          this.events.rebuilt(this.generation);
          return;
        } catch (err) {
          this.onError(err);
          await new Promise((r) => setTimeout(r, Math.min(5000, 100 * 2 ** attempt)));
        }
      }
    })().finally(() => {
      this.recovering = null;
      this.expiry.reset();
    });
  }
}
