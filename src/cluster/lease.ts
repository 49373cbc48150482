/**
 * The writer lease on PostgreSQL (issue #30): which instance of a cluster writes the exchange.
 *
 * - The writer holds a session advisory lock (key `PG_LOCK_KEY`) on a dedicated connection
 *   outside the pool, with TCP keepalives, and renews the `writer_lease` row (epoch, its lock
 *   session's backend pid, its advertise URL, `renewed_at`) every second on that connection.
 * - Every other instance follows. Each second it reads the row (the writer's URL, for forwarding)
 *   and tries the lock. The lock is free when its holder died (its session ended); when the row
 *   was not renewed for `timeoutMs` (a paused or partitioned writer keeps its session, and its
 *   lock) the follower terminates the holder's backend (`pg_terminate_backend`) to free it.
 * - Taking over: with the lock held, sessions still share-locking the lease row (a stale
 *   writer's commit stuck in a transaction) are terminated, then the epoch is bumped and the row
 *   written in one UPDATE. Every group commit of a writer runs `sibyl_writer_fence(epoch)`
 *   inside its statement (migration 0023): once the epoch moved on, an old writer can never
 *   commit again; its commit fails (SQLSTATE SB001) and it steps down.
 * - A writer steps down when a renewal fails or finds the row moved on, when its lock session
 *   ends, or when a commit is fenced. It then follows like any other instance.
 * - Through a transaction-pooling pooler (pgbouncer `pool_mode = transaction`) a session lock
 *   means nothing: consecutive statements run on different server sessions. `start()` detects it
 *   (two client connections see one backend, or one connection sees two) and refuses.
 *
 * The lease implements `WriterLock` (src/store/writer-lock.ts): `held` is "this instance is the
 * writer", `onLost` is a step-down, `onRegained` a takeover.
 */
import { hostname } from 'node:os';
import pg from 'pg';
import { PG_LOCK_KEY, type LockHolder, type WriterLock } from '../store/writer-lock.js';

export type Role = 'writer' | 'follower';

export interface LeaseOptions {
  url: string;
  /** Where the others forward writes while this instance is the writer (SIBYL_ADVERTISE_URL). */
  advertiseUrl: string;
  /** A lease not renewed for this long is broken by a follower (SIBYL_LEASE_TIMEOUT_MS). */
  timeoutMs: number;
  /** Renewal and takeover attempts (ms, 1000). */
  tickMs?: number;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** Raised by `start()` when DATABASE_URL goes through a transaction-pooling pooler. */
export class WriterRoleRefused extends Error {
  constructor(detail: string) {
    super('refusing the writer role: DATABASE_URL reaches PostgreSQL through a transaction-pooling connection pooler ' +
      `(e.g. pgbouncer pool_mode = transaction): ${detail}. A session advisory lock and the writer lease need one server ` +
      'session for the life of a connection. Point DATABASE_URL at PostgreSQL itself or at a pooler in session mode (docs/deployment.md).');
    this.name = 'WriterRoleRefused';
  }
}

/** The SQLSTATE `sibyl_writer_fence` raises when a commit's epoch was superseded. */
export const FENCED_SQLSTATE = 'SB001';

export function isFencedError(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === FENCED_SQLSTATE;
}

/** Renews the row while it is this lock session's at this epoch (none changed: the lease moved on). */
const RENEW = 'UPDATE writer_lease SET renewed_at = now() WHERE id = 1 AND epoch = $1 AND backend_pid = pg_backend_pid()';

interface LeaseRow { epoch: string; backend_pid: number; advertise_url: string; holder: string; age_ms: number | null }

export class WriterLease implements WriterLock {
  readonly holder: LockHolder;
  role: Role = 'follower';
  /** The epoch this instance writes at (writer) or last saw (follower): only grows. */
  epoch = 0;
  /** The writer's advertise URL (this instance's own while it writes); null when none is known. */
  writerUrl: string | null = null;
  private client: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private startup: NodeJS.Timeout | null = null;
  private busy = false;
  private closed = false;
  private lastRenewed = 0;
  private handlers: { onLost(reason: string): void; onRegained(): void } | null = null;
  private readonly name: string;

  constructor(private readonly opts: LeaseOptions) {
    this.holder = { host: hostname(), pid: process.pid, since: new Date().toISOString() };
    this.name = `sibyl-writer pid=${process.pid} host=${hostname()}`.slice(0, 63);
  }

  get held(): boolean {
    return this.role === 'writer';
  }

  watch(handlers: { onLost(reason: string): void; onRegained(): void }): void {
    this.handlers = handlers;
  }

  /**
   * Checks the connection is not transaction-pooled, then takes the writer role if it is free;
   * else follows. A writer keeps its lease row fresh from here until `startTicking` (start-up
   * renewals: no pause check, no step-down — a lease that moved on is found by the first tick's
   * renewal), so an instance started meanwhile does not break the lease of a writer that is
   * still restoring its book. A start-up that blocks the process past the timeout renews nothing
   * and may lose the lease, as a paused writer does.
   */
  async start(): Promise<void> {
    await this.checkSessions();
    await this.attempt();
    if (this.role === 'writer' && this.timer === null) {
      this.startup = setInterval(() => void this.keepFresh(), this.opts.tickMs ?? 1000);
      this.startup.unref();
    }
  }

  /**
   * Renews (writer) or tries to take over (follower) every tick from now on; role changes go to
   * `watch`. A writer renews at once: the time since `start()` took the role was the process's
   * start-up (restoring a large book can take longer than the lease timeout), not a pause, so the
   * pause check counts from here; the renewal's own `WHERE epoch AND backend_pid` still finds a
   * takeover that happened meanwhile (a follower that broke the lease ended this lock session).
   */
  startTicking(): void {
    if (this.timer || this.closed) return;
    this.stopStartup();
    if (this.role === 'writer') {
      this.lastRenewed = Date.now();
      void this.tick();
    }
    this.timer = setInterval(() => void this.tick(), this.opts.tickMs ?? 1000);
    this.timer.unref();
  }

  /** Steps down at once (a fenced commit, a failed renewal): the lock session is ended, which frees the lock. */
  stepDown(reason: string): void {
    if (this.role !== 'writer') return;
    this.role = 'follower';
    this.writerUrl = null; // unknown until the lease row is read again (forwards answer 503 meanwhile)
    this.dropClient();
    setTimeout(() => void this.tick(), 50).unref();
    this.opts.log.warn({ epoch: this.epoch, reason }, 'stepping down from the writer role: following the new writer');
    this.handlers?.onLost(reason);
  }

  async release(): Promise<void> {
    this.closed = true;
    this.stopStartup();
    if (this.timer) clearInterval(this.timer);
    const c = this.client;
    this.client = null;
    if (c) await c.end().catch(() => {}); // ending the session releases the advisory lock
  }

  private async tick(): Promise<void> {
    if (this.busy || this.closed) return;
    this.busy = true;
    try {
      if (this.role === 'writer') await this.renew();
      else await this.attempt();
    } catch (err) {
      if (this.role === 'writer') this.stepDown(`the writer lock's lease could not be renewed: ${(err as Error).message}`);
      else {
        this.opts.log.warn({ err: (err as Error).message }, 'writer lease: a follower\'s attempt failed; trying again');
        this.dropClient();
      }
    } finally {
      this.busy = false;
    }
  }

  private async session(): Promise<pg.Client> {
    if (this.client) return this.client;
    // No startup parameter but application_name (a pgbouncer with default settings refuses others,
    // `unsupported startup parameter: statement_timeout`): the statement timeout is SET once connected.
    const c = new pg.Client({ connectionString: this.opts.url, application_name: this.name, keepAlive: true, keepAliveInitialDelayMillis: 5_000,
      query_timeout: 12_000 });
    c.on('error', () => {}); // reported through 'end'
    c.once('end', () => {
      if (this.client !== c) return;
      this.client = null;
      if (this.role === 'writer' && !this.closed) this.stepDown('the writer lock\'s PostgreSQL connection ended');
    });
    await c.connect();
    await c.query('SET statement_timeout = 10000');
    this.client = c;
    return c;
  }

  private dropClient(): void {
    const c = this.client;
    this.client = null;
    if (c) void c.end().catch(() => {});
  }

  /** Two statements on one connection must see one backend, and another connection another one. */
  private async checkSessions(): Promise<void> {
    const a = await this.session();
    const other = new pg.Client({ connectionString: this.opts.url, application_name: 'sibyl-session-check' });
    other.on('error', () => {});
    await other.connect();
    try {
      const pid = async (c: pg.Client) => (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      const a1 = await pid(a);
      const b1 = await pid(other);
      const a2 = await pid(a);
      if (a1 !== a2) throw new WriterRoleRefused(`two statements of one connection ran on backends ${a1} and ${a2}`);
      if (a1 === b1) throw new WriterRoleRefused(`two connections were served by the same backend ${a1}`);
    } catch (err) {
      if (err instanceof WriterRoleRefused) this.dropClient();
      throw err;
    } finally {
      await other.end().catch(() => {});
    }
  }

  private async readLease(c: pg.Client): Promise<LeaseRow> {
    const r = await c.query<LeaseRow>(`SELECT epoch::text AS epoch, backend_pid, advertise_url, holder,
      (extract(epoch FROM (now() - renewed_at)) * 1000)::float8 AS age_ms FROM writer_lease WHERE id = 1`);
    return r.rows[0]!;
  }

  private stopStartup(): void {
    if (this.startup !== null) clearInterval(this.startup);
    this.startup = null;
  }

  /** A start-up renewal: `renewed_at` only, while the row is still ours. */
  private async keepFresh(): Promise<void> {
    const c = this.client;
    if (this.busy || c === null || this.role !== 'writer') return;
    this.busy = true;
    try {
      await c.query(RENEW, [this.epoch]);
    } catch {
      // the first tick's renewal decides (a connection that ended steps down through its 'end' event)
    } finally {
      this.busy = false;
    }
  }

  private async renew(): Promise<void> {
    const c = this.client;
    if (!c) return this.stepDown('the writer lock\'s PostgreSQL connection ended');
    const since = Date.now() - this.lastRenewed;
    // Paused past the timeout (SIGSTOP, a long GC, a suspended VM): another instance may have taken over.
    if (since > this.opts.timeoutMs) return this.stepDown(`the writer lock's lease was not renewed for ${since} ms (this process was paused)`);
    const r = await c.query(RENEW, [this.epoch]);
    if (r.rowCount !== 1) return this.stepDown('the writer lease moved on to another instance');
    this.lastRenewed = Date.now();
  }

  /** Follower: learns the writer's URL; takes the lock when free, breaking an expired lease first. */
  private async attempt(): Promise<void> {
    const c = await this.session();
    const lease = await this.readLease(c);
    this.epoch = Math.max(this.epoch, Number(lease.epoch));
    this.writerUrl = lease.advertise_url || null;
    let locked = await this.tryLock(c);
    if (!locked && (lease.age_ms === null || lease.age_ms > this.opts.timeoutMs)) {
      // Two steps: a filter's order is the planner's, so pg_terminate_backend must not sit beside the others.
      const holders = (await c.query<{ pid: number }>(
        `SELECT l.pid FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.classid = 0 AND l.objid = $1 AND l.objsubid = 1
           AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()) AND l.pid <> pg_backend_pid()`, [PG_LOCK_KEY])).rows.map((r) => r.pid);
      this.opts.log.warn({ epoch: lease.epoch, holder: lease.holder, notRenewedMs: lease.age_ms, terminating: holders },
        'the writer lease expired: terminating its lock session to take over');
      for (const pid of holders) await c.query('SELECT pg_terminate_backend($1)', [pid]);
      for (let i = 0; i < 20 && !locked; i++) {
        await new Promise((r) => setTimeout(r, 50));
        locked = await this.tryLock(c);
      }
    }
    if (!locked || this.closed) return;
    await this.takeOver(c);
  }

  private async tryLock(c: pg.Client): Promise<boolean> {
    return (await c.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [PG_LOCK_KEY])).rows[0]!.locked;
  }

  private async takeOver(c: pg.Client): Promise<void> {
    // A stale writer's commit stuck inside a transaction holds the lease row: end it (its batch is never acknowledged).
    const stale = (await c.query<{ pid: number }>(`SELECT pid FROM pg_locks WHERE locktype = 'relation' AND relation = 'writer_lease'::regclass
      AND mode = 'RowShareLock' AND pid <> pg_backend_pid()`)).rows.map((r) => r.pid);
    for (const pid of stale) await c.query('SELECT pg_terminate_backend($1)', [pid]);
    const r = await c.query<{ epoch: string }>(
      `UPDATE writer_lease SET epoch = epoch + 1, backend_pid = pg_backend_pid(), holder = $1, advertise_url = $2, renewed_at = now()
        WHERE id = 1 RETURNING epoch::text AS epoch`, [this.name, this.opts.advertiseUrl]);
    this.epoch = Number(r.rows[0]!.epoch);
    this.writerUrl = this.opts.advertiseUrl;
    this.lastRenewed = Date.now();
    this.role = 'writer';
    this.opts.log.info({ epoch: this.epoch, url: this.opts.advertiseUrl }, 'took the writer role');
    this.handlers?.onRegained();
  }
}
