/**
 * A follower's state follows the writer's commits (issue #30, src/cluster/README.md).
 *
 * The core (books, open orders, balances, positions) is not patched from the feed: it is
 * replaced by the database's state (`ExchangeService.followRestore`, the exchange's own restore
 * path), which is exact by construction — the feed only tells *that* the writer committed and
 * *what* the subscribers must be told. A batch is told to the follower's subscribers (streams,
 * kept pages) once the core holds it (the restored batch seq is at least its seq), strictly in
 * seq order and each once, so WebSocket clients on a follower get the writer's events with the
 * writer's per-asset `seq`. Batches arriving while a restore runs are coalesced into the next one.
 *
 * A gap (a batch missing from the feed: trimmed, or published while Redis was down) or a lost
 * Redis: the core is restored and subscribers get `rebuilt` (streams resend books, pages are
 * dropped). While Redis is unreachable the follower polls `exchange_state.batch_seq` every
 * `pollMs` and restores when it moved; it says so in the log and in /metrics.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { ExchangeService } from '../exchange/service.js';
import type { CommittedBatch } from '../exchange/events.js';
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

export class Follower {
  /** The last batch told to subscribers. */
  private told: number;
  /** A lower bound of the batch seq the core holds. */
  private coreSeq: number;
  private queue: FedBatch[] = [];
  private draining: Promise<void> | null = null;
  private running = false;
  private loop: Promise<void> | null = null;
  polling = false;
  lagMs = 0;
  rebuildMs = 0;
  readonly lagSamples: number[] = [];

  constructor(private readonly d: FollowerDeps, startSeq: number) {
    this.told = startSeq;
    this.coreSeq = startSeq;
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
    // A follower that starts (or restarts following) rebuilds first: the writer may have moved on.
    await this.restoreAndReset();
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

  /** Redis lost: poll PostgreSQL; every few polls try Redis again. */
  private async poll(): Promise<void> {
    await new Promise((r) => setTimeout(r, this.d.pollMs));
    if (!this.running) return;
    try {
      const row = await this.d.db.selectFrom('exchange_state').select(sql<string>`batch_seq`.as('s')).where('id', '=', 1).executeTakeFirst();
      const seq = Number(row?.s ?? 0);
      if (seq > this.told) await this.restoreAndReset();
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
    for (const f of fed) if (f.batch.seq > this.told) this.queue.push(f);
    this.draining ??= this.drain().finally(() => { this.draining = null; });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0 && this.running) {
      this.queue.sort((a, b) => a.batch.seq - b.batch.seq);
      const next = this.queue[0]!;
      if (next.batch.seq <= this.told) { this.queue.shift(); continue; }
      if (next.batch.seq > this.told + 1) { // a batch never reached the feed
        this.d.log.warn({ expected: this.told + 1, got: next.batch.seq }, 'following: a gap in the committed-batch stream; rebuilding from PostgreSQL');
        await this.restoreAndReset();
        continue;
      }
      if (next.batch.seq > this.coreSeq) {
        const seq = await this.restore();
        if (seq < 0) return; // became the writer
        continue;
      }
      this.queue.shift();
      this.tell(next.batch, next.committedAt);
    }
  }

  private tell(batch: CommittedBatch, committedAt: number): void {
    this.told = batch.seq;
    this.d.exchange.followTell(batch);
    if (committedAt > 0) {
      this.lagMs = Math.max(0, Date.now() - committedAt);
      this.lagSamples.push(this.lagMs);
      if (this.lagSamples.length > 10_000) this.lagSamples.splice(0, 5_000);
    }
  }

  /** One restore at a time, in call order: a later restore never swaps in an older state. */
  private restore(): Promise<number> {
    const run = this.restoring.then(() => this.restoreOnce());
    this.restoring = run.catch(() => -1);
    return run;
  }

  private restoring: Promise<number> = Promise.resolve(0);

  private async restoreOnce(): Promise<number> {
    const t0 = performance.now();
    for (let attempt = 0; this.running; attempt++) {
      try {
        const seq = await this.d.exchange.followRestore();
        this.rebuildMs = Math.round(performance.now() - t0);
        if (seq >= 0) this.coreSeq = seq;
        return seq;
      } catch (err) {
        this.d.log.error({ err }, 'following: restoring from PostgreSQL failed; retrying');
        await new Promise((r) => setTimeout(r, Math.min(2000, 100 * 2 ** attempt)));
      }
    }
    return -1;
  }

  /** Restores the core and tells subscribers to re-read everything (`rebuilt`): what was missed cannot be told. */
  private async restoreAndReset(): Promise<void> {
    const seq = await this.restore();
    if (seq < 0) return;
    this.told = seq;
    this.queue = this.queue.filter((f) => f.batch.seq > seq);
    this.d.exchange.followTell(null);
  }
}
