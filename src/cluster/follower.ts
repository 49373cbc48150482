/**
 * A follower's state follows the writer's commits by replaying them (issue #42,
 * src/cluster/README.md): each committed batch arrives from the Redis Stream as its journal entry
 * (its commands and the digest of the rows the writer wrote, src/exchange/journal.ts); the
 * follower applies the commands to its own core in `seq` order (`ExchangeService.replay`), and
 * the replayed batch is what its subscribers (streams, kept pages) are told — with the writer's
 * per-asset `seq`, each batch once.
 *
 * A batch missing from the stream (trimmed, published while Redis was down) is read from the
 * journal table; while Redis is unreachable the follower polls `exchange_state.batch_seq` every
 * `pollMs` and reads what moved from the journal. Only when the journal cannot fill a gap (its
 * retention passed), or a replay's digest differs from the writer's (a non-deterministic
 * command), is the core restored from PostgreSQL and the subscribers told `rebuilt` — with a log
 * line and a metric: a follower never serves a state the writer never had.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { ExchangeService } from '../exchange/service.js';
import { readJournal } from '../exchange/journal.js';
import type { BatchReader, FedBatch } from './feed.js';

export interface FollowerDeps {
  exchange: ExchangeService;
  db: Kysely<Database>;
  reader: BatchReader | null;
  pollMs: number;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Told on every change between following through Redis and polling PostgreSQL. */
  onPolling(polling: boolean): void;
}

/** Journal entries read per round trip when filling a gap. */
const FILL_PAGE = 1000;

export class Follower {
  /** The last batch the core holds (and its subscribers were told). */
  private told: number;
  private queue: FedBatch[] = [];
  private draining: Promise<void> | null = null;
  private running = false;
  private loop: Promise<void> | null = null;
  polling = false;
  /** A replay failed and the restore has not ended: the core holds a state the writer never had (reads go to the writer: forward.ts). */
  repairing = false;
  lagMs = 0;
  rebuildMs = 0;
  readonly lagSamples: number[] = [];
  /** Batches replayed; digest mismatches (and failed replays); restores from PostgreSQL; batches filled from the journal. */
  readonly counts = { replayed: 0, mismatches: 0, restores: 0, filled: 0 };

  /**
   * `startSeq`: the batch the core holds; `whole`: the core is exactly the database's state after it
   * (`ExchangeService.wholeForFollowing`, an instance that has just opened) — then the follower
   * starts by replaying the journal after it, else by restoring.
   */
  constructor(private readonly d: FollowerDeps, startSeq: number, private readonly whole = false) {
    this.told = startSeq;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
    await this.draining;
  }

  private async run(): Promise<void> {
    // A follower that starts from a whole core catches up from the journal (a restore when the
    // journal no longer has what followed); one that steps down restores: its core may be anything.
    if (this.whole) await this.serial(() => this.fill()).catch(() => this.restoreAndReset('catching up from the journal failed'));
    else await this.restoreAndReset('this instance starts following');
    while (this.running) {
      if (this.d.reader === null || this.polling) {
        await this.poll();
        continue;
      }
      try {
        const fed = await this.d.reader.read(500);
        if (fed.length > 0) this.push(fed);
      } catch (err) {
        if (!this.running) break;
        this.setPolling(true, err);
      }
    }
  }

  /** Redis lost: poll PostgreSQL, fill from the journal; every few polls try Redis again. */
  private async poll(): Promise<void> {
    await new Promise((r) => setTimeout(r, this.d.pollMs));
    if (!this.running) return;
    try {
      const row = await this.d.db.selectFrom('exchange_state').select(sql<string>`batch_seq`.as('s')).where('id', '=', 1).executeTakeFirst();
      if (Number(row?.s ?? 0) > this.told) await this.serial(() => this.fill());
    } catch (err) {
      this.d.log.error({ err }, 'following: reading exchange_state failed');
    }
    if (this.d.reader !== null && this.polling) {
      try {
        this.d.reader.restart();
        const fed = await this.d.reader.read(1);
        this.setPolling(false);
        if (fed.length > 0) this.push(fed);
      } catch { /* still down */ }
    }
  }

  private setPolling(polling: boolean, err?: unknown): void {
    if (this.polling === polling) return;
    this.polling = polling;
    if (polling) this.d.log.warn({ err: (err as Error)?.message }, `Redis is unreachable: following by polling PostgreSQL every ${this.d.pollMs} ms`);
    else this.d.log.info({}, 'Redis answers again: following the committed-batch stream');
    this.d.onPolling(polling);
  }

  private push(fed: FedBatch[]): void {
    for (const f of fed) if (f.entry.seq > this.told) this.queue.push(f);
    if (this.draining === null) this.draining = this.serial(() => this.drain()).finally(() => { this.draining = null; });
  }

  /** One step at a time (draining, filling, restoring): a later step never works on an older core. */
  private serial(step: () => Promise<void>): Promise<void> {
    const run = this.stepping.then(step);
    this.stepping = run.catch((err: unknown) => this.d.log.error({ err }, 'following: a step failed'));
    return run;
  }

  private stepping: Promise<void> = Promise.resolve();

  private async drain(): Promise<void> {
    while (this.queue.length > 0 && this.running) {
      this.queue.sort((a, b) => a.entry.seq - b.entry.seq);
      const next = this.queue.shift()!;
      if (next.entry.seq <= this.told) continue;
      if (next.entry.seq > this.told + 1) { // batches never reached the stream: the journal has them
        this.queue.unshift(next);
        const before = this.told;
        await this.fill();
        if (this.told === before) await this.restoreAndReset('a batch is missing from the stream and the journal');
        continue;
      }
      if (!this.replay(next.entry, next.committedAt)) await this.restoreAndReset('a replayed batch differs from the writer\'s');
    }
  }

  /** Replays one batch; false when the core must be restored. */
  private replay(entry: FedBatch['entry'], committedAt: number): boolean {
    const r = this.d.exchange.replay(entry);
    if (!r.ok) {
      if (r.applied) this.repairing = true;
      this.counts.mismatches++;
      this.d.log.error({ seq: entry.seq, why: r.why }, 'following: replaying a batch failed; restoring from PostgreSQL');
      return false;
    }
    this.counts.replayed++;
    this.told = entry.seq;
    if (committedAt > 0) {
      this.lagMs = Math.max(0, Date.now() - committedAt);
      this.lagSamples.push(this.lagMs);
      if (this.lagSamples.length > 10_000) this.lagSamples.splice(0, 5_000);
    }
    return true;
  }

  /** Replays the journal's batches after the last one held; restores when it cannot (retention passed, a replay failed). */
  private async fill(): Promise<void> {
    for (;;) {
      const page = await readJournal(this.d.db, this.told, FILL_PAGE);
      if (page.length === 0) return;
      if (page[0]!.seq !== this.told + 1) {
        this.d.log.warn({ expected: this.told + 1, oldest: page[0]!.seq }, 'following: the journal no longer holds the missing batches; restoring from PostgreSQL');
        await this.restoreAndReset('the journal lacks missing batches');
        return;
      }
      for (const e of page) {
        if (!this.running) return;
        if (!this.replay(e, 0)) {
          await this.restoreAndReset('a replayed batch differs from the writer\'s');
          return;
        }
        this.counts.filled++;
      }
      if (page.length < FILL_PAGE) return;
    }
  }

  /** Restores the core and tells subscribers to re-read everything (`rebuilt`): what was missed cannot be told. */
  private async restoreAndReset(why: string): Promise<void> {
    const t0 = performance.now();
    for (let attempt = 0; this.running; attempt++) {
      try {
        const seq = await this.d.exchange.followRestore();
        if (seq < 0) return; // became the writer
        this.rebuildMs = Math.round(performance.now() - t0);
        this.counts.restores++;
        this.told = seq;
        this.queue = this.queue.filter((f) => f.entry.seq > seq);
        this.d.exchange.followRebuilt();
        this.repairing = false;
        this.d.log.info({ seq, ms: this.rebuildMs, why }, 'following: restored from PostgreSQL');
        return;
      } catch (err) {
        this.d.log.error({ err }, 'following: restoring from PostgreSQL failed; retrying');
        await new Promise((r) => setTimeout(r, Math.min(2000, 100 * 2 ** attempt)));
      }
    }
  }
}
