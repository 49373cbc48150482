/**
 * The cluster (issue #30, src/cluster/README.md): ties the writer lease (lease.ts), the
 * committed-batch feed (feed.ts), following (follower.ts) and forwarding (forward.ts) to the
 * exchange and the heartbeats. On SQLite, or PostgreSQL without a cluster, `single()` answers
 * the same status for the one process that holds the database.
 */
import type { Kysely } from 'kysely';
import { Gauge } from 'prom-client';
import type { Database } from '../store/schema.js';
import type { ExchangeService } from '../exchange/service.js';
import { registry } from '../metrics/index.js';
import { isFencedError, type Role, type WriterLease } from './lease.js';
import { BatchPublisher, BatchReader, feedKey } from './feed.js';
import { Follower } from './follower.js';
import type { ForwardTarget } from './forward.js';

export { WriterLease, WriterRoleRefused, isFencedError } from './lease.js';
export { forwardHook, isWrite } from './forward.js';

export interface ClusterStatus {
  role: Role;
  epoch: number;
  writerUrl: string | null;
  followLagMs: number;
  rebuildMs: number;
  /** Following by replay (follower.ts): batches replayed, filled from the journal, digest mismatches, restores. */
  follow: { replayed: number; filled: number; mismatches: number; restores: number };
}

/** The follow counters of an instance that does not follow. */
export const NO_FOLLOW: ClusterStatus['follow'] = { replayed: 0, filled: 0, mismatches: 0, restores: 0 };

/** The instance the gauges describe (the last started; one per process outside tests). */
let current: Cluster | null = null;

const metrics = {
  role: new Gauge({ name: 'sibyl_cluster_writer', help: '1 while this instance is the cluster\'s writer, 0 while it follows', registers: [registry] }),
  epoch: new Gauge({ name: 'sibyl_cluster_epoch', help: 'The writer epoch this instance writes at or last saw', registers: [registry] }),
  lag: new Gauge({ name: 'sibyl_cluster_follow_lag_ms', help: 'Follower: the last followed batch\'s time from the writer\'s commit to this instance', registers: [registry],
    collect() { if (current) this.set(current.status().followLagMs); } }),
  polling: new Gauge({ name: 'sibyl_cluster_follow_polling', help: '1 while Redis is unreachable and this follower polls PostgreSQL for changes', registers: [registry] }),
  rebuild: new Gauge({ name: 'sibyl_cluster_rebuild_ms', help: 'The last rebuild of the exchange from the database (ms)', registers: [registry] }),
  mismatches: new Gauge({ name: 'sibyl_cluster_replay_mismatches', help: 'Follower: replayed batches whose digest differed from the writer\'s, since it started following (each repaired by a restore)', registers: [registry],
    collect() { if (current) this.set(current.status().follow.mismatches); } }),
  restores: new Gauge({ name: 'sibyl_cluster_follow_restores', help: 'Follower: restores from the database since it started following (1 at the start)', registers: [registry],
    collect() { if (current) this.set(current.status().follow.restores); } }),
};

export interface ClusterDeps {
  lease: WriterLease;
  exchange: ExchangeService;
  db: Kysely<Database>;
  databaseUrl: string;
  redisUrl: string | undefined;
  /** Started on taking the writer role, stopped on stepping down: only the writer fires the dead-man's switch. */
  heartbeats: { start(): Promise<void>; stop(): Promise<void> };
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  pollMs?: number;
  /** The start-up restore's duration (ms): `rebuildMs` until the next rebuild. */
  openedMs?: number;
}

export class Cluster implements ForwardTarget {
  private publisher: BatchPublisher | null = null;
  private follower: Follower | null = null;
  private readonly unsubscribe: () => void;
  private lastRebuildMs = 0;
  private switching: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly d: ClusterDeps) {
    this.lastRebuildMs = d.openedMs ?? 0;
    const key = feedKey(d.databaseUrl);
    if (d.redisUrl !== undefined) this.publisher = new BatchPublisher(d.redisUrl, key, (err) => d.log.warn({ err: (err as Error).message }, 'publishing a committed batch to Redis failed: followers poll PostgreSQL'));
    this.unsubscribe = d.exchange.subscribe({
      committed: (b) => { if (!d.exchange.isFollower && b.journal !== undefined) this.publisher?.publish(b.journal); },
      writeFailed: (err) => { if (isFencedError(err)) d.lease.stepDown(`a commit was refused: ${(err as Error).message}`); },
    });
  }

  get forwarding(): boolean {
    return this.d.exchange.isFollower;
  }

  get forwardingReads(): boolean {
    return this.follower?.repairing === true;
  }

  get writerUrl(): string | null {
    return this.d.lease.writerUrl;
  }

  /** Starts in the role the lease gave; later role changes come through `lease.watch`. */
  async start(): Promise<void> {
    const { lease, exchange } = this.d;
    current = this;
    lease.watch({
      onLost: (reason) => this.switchTo(() => this.becomeFollower(`the writer lock was lost: ${reason}`)),
      onRegained: () => this.switchTo(() => this.becomeWriter()),
    });
    if (lease.role === 'writer') {
      exchange.fenceWith(lease.epoch);
      await this.d.heartbeats.start();
    } else {
      await this.becomeFollower('this instance follows the writer');
    }
    lease.startTicking();
    this.gauges();
  }

  status(): ClusterStatus {
    const f = this.follower;
    return {
      role: this.d.lease.role, epoch: this.d.lease.epoch, writerUrl: this.d.lease.writerUrl,
      followLagMs: f?.lagMs ?? 0, rebuildMs: f !== null && f.rebuildMs > 0 ? f.rebuildMs : this.lastRebuildMs,
      follow: f !== null ? { ...f.counts } : NO_FOLLOW,
    };
  }

  /** Follow lag samples (ms) of this follower, for the bench. */
  lagSamples(): number[] {
    return this.follower?.lagSamples ?? [];
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.switching;
    this.unsubscribe();
    await this.follower?.stop();
    this.follower = null;
    this.publisher?.close();
  }

  private switchTo(fn: () => Promise<void>): void {
    this.switching = this.switching.then(fn).catch((err: unknown) => this.d.log.error({ err }, 'cluster role change failed')).finally(() => this.gauges());
  }

  private async becomeFollower(reason: string): Promise<void> {
    if (this.closed) return;
    const { exchange } = this.d;
    exchange.follow(`${reason}; this instance is a follower: writes are forwarded to the writer`);
    await this.d.heartbeats.stop();
    if (this.follower !== null) return;
    const reader = this.d.redisUrl !== undefined ? new BatchReader(this.d.redisUrl, feedKey(this.d.databaseUrl)) : null;
    this.follower = new Follower({
      exchange, db: this.d.db, reader, pollMs: this.d.pollMs ?? 200, log: this.d.log,
      onPolling: (p) => metrics.polling.set(p ? 1 : 0),
    }, exchange.sealedPoint?.batchSeq ?? 0, exchange.wholeForFollowing);
    metrics.polling.set(reader === null ? 1 : 0);
    this.follower.start();
    this.readerOf = reader;
  }

  private readerOf: BatchReader | null = null;

  private async becomeWriter(): Promise<void> {
    if (this.closed) return;
    const f = this.follower;
    this.follower = null;
    await f?.stop();
    this.readerOf?.close();
    this.readerOf = null;
    const t0 = performance.now();
    const how = await this.d.exchange.lead(this.d.lease.epoch);
    this.lastRebuildMs = Math.round(performance.now() - t0);
    this.d.log.warn({ epoch: this.d.lease.epoch, ms: this.lastRebuildMs }, `writer: ${how}, taking orders`); // a failover: worth an operator's eye
    await this.d.heartbeats.start();
  }

  private gauges(): void {
    const s = this.status();
    metrics.role.set(s.role === 'writer' ? 1 : 0);
    metrics.epoch.set(s.epoch);
    metrics.rebuild.set(s.rebuildMs);
    metrics.lag.set(s.followLagMs);
  }
}
