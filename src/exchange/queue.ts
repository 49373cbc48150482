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
import { randomSeeds, type Clock, type Command, type CommandBody, type ExchangeCore, type IdSource, type ResultOf } from '../core/index.js';
import type { Database } from '../store/schema.js';
import { ApiError, errors } from '../errors/catalogue.js';
import { Batch, hasEffects } from './batch.js';
import { BatchWriter, type WriterKind } from './writer.js';
import { restoreFromDb, type Restored } from './restore.js';
import { ExchangeEvents, type ExchangeListener } from './events.js';
import { Sealer } from './sealer.js';
import type { JournalOptions } from './journal.js';
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
  /** Stamps every command with its time. */
  clock?: Clock;
  /** The core's ids (default `commandIds`: from each command's seed) and the commands' seeds. */
  ids?: IdSource;
  seeds?: () => string;
  /** A cluster writer journals every batch (journal.ts); followers replay it. */
  journal?: JournalOptions;
  /** The batch writer (writer.ts): the SQLite fast path (default) or the portable one (benchmarks). */
  writer?: WriterKind;
  onError?: (err: unknown) => void;
  /** Told when a rebuild fails the integrity check (log it loudly). */
  onIntegrityFailure?: (msg: string, report: IntegrityReport) => void;
}

export const REBUILDING = 'the exchange is rebuilding its state from the database';

/** The single-writer command path (the cluster roles, the mode and the catalog sync are service.ts's). */
export abstract class CommandQueue {
  protected ex: ExchangeCore;
  /** Numbers batches, books and trades (sealer.ts); replaced with the core. */
  protected sealer: Sealer;
  private open: Pending | null = null;
  protected tail: Promise<void> = Promise.resolve();
  protected writing = false;
  protected generation = 0;
  protected recovering: Promise<void> | null = null;
  protected readonly expiry: ExpiryTimer;
  private closed = false;
  protected readonly events: ExchangeEvents;
  protected fenced: string | null = null;
  readonly integrity: Integrity;

  protected readonly onError: (err: unknown) => void;
  private readonly seeds: () => string;
  private readonly journal: JournalOptions | undefined;
  private readonly writer: BatchWriter;

  protected constructor(protected readonly db: Kysely<Database>, protected readonly clock: Clock, protected readonly ids: IdSource, restored: Restored, opts: ExchangeServiceOptions) {
    this.ex = restored.exchange;
    this.sealer = new Sealer(restored);
    this.onError = opts.onError ?? (() => {});
    this.seeds = opts.seeds ?? randomSeeds();
    this.journal = opts.journal;
    this.writer = new BatchWriter(db, opts.writer);
    this.events = new ExchangeEvents(this.onError);
    this.expiry = new ExpiryTimer(() => (this.following ? null : this.ex.nextExpiry()), // a follower never expires: the writer does
      () => clock.now(),
      () => { this.submit({ type: 'expire' }).catch((err: unknown) => this.onError(err)); });
    this.integrity = new Integrity(opts.onIntegrityFailure ?? (() => {}));
    this.integrity.check(this.ex, clock.now());
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
    if (this.following) return this.recovering === null ? { batchSeq: this.sealer.batchSeq, written: true } : null; // src/cluster
    if (this.open !== null || this.fenced !== null || this.recovering !== null) return null;
    return { batchSeq: this.sealer.batchSeq, written: !this.writing };
  }

  /** A book's `seq` (events.ts) as of the last sealed batch; 0 before its first change. */
  bookSeq(conditionId: string): number { return this.sealer.bookSeq(conditionId); }

  /** The generation of the core: bumped whenever it is discarded and rebuilt from the database. */
  get coreGeneration(): number { return this.generation; }

  /**
   * Applies one command (src/core/commands.ts), stamped with its time and id seed, and resolves
   * once its effects are durable. A command without effects (a rejection) resolves at once:
   * nothing was changed, and it is not journaled.
   */
  submit<C extends CommandBody>(body: C): Promise<ResultOf[C['type']]> {
    if (this.closed) return Promise.reject(new ApiError('unavailable', 'the exchange is shutting down'));
    if (this.held !== null) return this.held.then(() => this.submit(body));
    if (this.fenced !== null) return Promise.reject(errors.unavailable(this.fenced, 1));
    if (this.recovering) return Promise.reject(errors.unavailable(REBUILDING, 1));
    const command = { ...body, at: this.clock.now(), seed: this.seeds() } as Command & C;
    let result: ResultOf[C['type']];
    try {
      result = this.ex.apply(command);
    } catch (err) {
      // A command throws only on a broken invariant, possibly half-way through: the core may hold
      // part of it. It is discarded with the open batch (never acknowledged) and rebuilt.
      this.onError(err);
      this.rebuild(this.writing ? this.tail : Promise.resolve());
      return Promise.reject(errors.unavailable(`the exchange met an internal error and did not apply the command; ${REBUILDING}`, 1));
    }
    if (!hasEffects(result.effects)) return Promise.resolve(result);
    this.untouched = false;
    this.events.applied(result.effects);
    const pending = this.open ?? this.openBatch();
    pending.batch.add(result.effects, command);
    this.expiry.arm();
    return pending.done.then(() => result);
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

  /** Cluster roles (service.ts): a follower refuses every command and never expires orders. */
  protected following = false;
  /** The writer epoch every PostgreSQL commit is fenced with (pg-writer.ts) and journaled at; unset outside a cluster. */
  private epoch: number | undefined;
  get writerEpoch(): number | undefined { return this.epoch; }
  /** From now on every commit is fenced with `epoch` (src/cluster: the lease's). */
  fenceWith(epoch: number): void { this.epoch = epoch; }

  /** Takes a restored core (and its counters) as the current one, under a new generation. */
  protected adopt(r: Restored): ExchangeCore {
    this.generation++; // readers key kept answers by it: one read from the discarded core is never taken for the new one's
    [this.ex, this.sealer] = [r.exchange, new Sealer(r)];
    this.untouched = true;
    return r.exchange;
  }

  /**
   * True while the core is a restore's (the open's or a rebuild's), plus only replayed batches
   * whose digests matched, and no command was submitted to it since: it is exactly the database's
   * state after its last sealed batch. A follower starting from it needs no second restore, only
   * the journal after that batch (src/cluster/follower.ts).
   */
  get wholeForFollowing(): boolean { return this.untouched && this.recovering === null; }
  protected untouched = true;
  private held: Promise<void> | null = null;

  /**
   * Runs `work` while new commands wait; they then run on the core as it is after it (the
   * sandbox's reset: src/sandbox/replace.ts). Holders take turns.
   */
  async whileHeld(work: () => Promise<void>): Promise<void> {
    while (this.held !== null) await this.held;
    let release!: () => void;
    this.held = new Promise<void>((r) => { release = r; });
    try {
      await work();
    } finally {
      this.held = null;
      release();
    }
  }

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
    const journal = this.journal !== undefined && this.epoch !== undefined ? { epoch: this.epoch, keep: this.journal.keep } : undefined;
    // The event is read from the core now, as the rows are; told once the rows are durable.
    const { rows, event } = this.sealer.seal(pending.batch, this.ex, this.clock.now(), { generation: pending.generation, event: this.events.wantsCommitted, journal });
    this.writing = true;
    this.tail = (async () => {
      try {
        await this.writer.write(rows, this.epoch);
        if (event !== null) this.events.committed(event);
        pending.resolve();
      } catch (err) {
        this.onError(err);
        this.events.writeFailed(err); // src/cluster: a refused epoch steps this instance down
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
