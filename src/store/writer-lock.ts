/**
 * One process holds the exchange per database (issue #33): two processes that both rebuilt the
 * books and both accepted orders corrupted the ledger. The lock is the operating system's or the
 * database server's own, so it goes away with its holder and never needs a stale-lock guess:
 * - SQLite: an exclusive lock on `sibyl.writer.lock` in the data directory (SQLite's own POSIX
 *   file lock, held for the life of the connection, released by the kernel when the process
 *   dies); who holds it is written beside it in `sibyl.writer.json`.
 * - PostgreSQL: a session advisory lock on a dedicated connection outside the pool (with TCP
 *   keepalives, so a vanished holder's session — and its lock — is reaped); the holder is named
 *   by that connection's `application_name` and `backend_start` in `pg_stat_activity`.
 * A paused holder keeps its lock (its process, or its connection, is alive): a second process
 * refuses to start, naming the holder. The service (src/server.ts) uses this for SQLite only: on
 * PostgreSQL the cluster's writer lease (src/cluster/lease.ts) takes the same lock and makes a
 * second process a follower instead of refusing it; `acquireWriterLock` with a database URL is
 * kept for tools that must refuse. On PostgreSQL the lock can be lost with its connection
 * (a server restart, a DBA's terminate): `onLost` tells the exchange to stop trading at once, and
 * the lock is then asked for again every second; `onRegained` follows when it is held again.
 */
import { hostname } from 'node:os';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';

/** Who holds a database's writer lock. */
export interface LockHolder {
  host: string;
  pid: number;
  /** ISO time since when (PostgreSQL: the holder's connection start). */
  since: string;
}

export class WriterLockHeld extends Error {
  constructor(readonly location: string, readonly holder: LockHolder | null) {
    super(`another Sibyl process holds the exchange of ${location}: ${holder ? `host ${holder.host}, pid ${holder.pid}, since ${holder.since}` : 'holder unknown'}. ` +
      'Exactly one process may serve a database (stop that one first, or give this one its own SIBYL_DATA_DIR / DATABASE_URL).');
    this.name = 'WriterLockHeld';
  }
}

export interface WriterLock {
  readonly holder: LockHolder;
  /** Whether the lock is held now (false between a lost connection and the lock's return). */
  readonly held: boolean;
  /** Called once the lock is lost, and again when it is held again. */
  watch(handlers: { onLost(reason: string): void; onRegained(): void }): void;
  release(): Promise<void>;
}

/** The advisory lock's key: 'SIBY' (below 2^31, so pg_locks shows it as objid with classid 0). */
export const PG_LOCK_KEY = 0x53494259;
const RETRY_MS = 1000;

function me(): LockHolder {
  return { host: hostname(), pid: process.pid, since: new Date().toISOString() };
}

export async function acquireWriterLock(where: { databaseUrl?: string | undefined; dataDir: string; location: string }): Promise<WriterLock> {
  return where.databaseUrl ? acquirePg(where.databaseUrl, where.location) : acquireSqlite(where.dataDir, where.location);
}

function acquireSqlite(dataDir: string, location: string): WriterLock {
  const file = join(dataDir, 'sibyl.writer.lock');
  const info = join(dataDir, 'sibyl.writer.json');
  const db = new SqliteDatabase(file, { timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('CREATE TABLE IF NOT EXISTS holder (x)'); // the first write takes the exclusive lock and keeps it
    db.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (err) {
    db.close();
    if ((err as { code?: string }).code === 'SQLITE_BUSY') throw new WriterLockHeld(location, readHolder(info));
    throw err;
  }
  const holder = me();
  writeFileSync(info, `${JSON.stringify(holder)}\n`);
  return {
    holder,
    held: true,
    watch() {}, // a file lock is lost only with its process
    async release() {
      if (db.open) db.close();
    },
  };
}

function readHolder(file: string): LockHolder | null {
  try {
    const h = JSON.parse(readFileSync(file, 'utf8')) as LockHolder;
    return typeof h.pid === 'number' && typeof h.host === 'string' ? h : null;
  } catch {
    return null;
  }
}

const APP_NAME = 'sibyl-writer';

async function pgSession(url: string, holder: LockHolder): Promise<{ client: pg.Client; locked: boolean }> {
  // application_name is cut at 63 bytes by the server: the pid first, then as much host as fits.
  const name = `${APP_NAME} pid=${holder.pid} host=${holder.host}`.slice(0, 63);
  const client = new pg.Client({ connectionString: url, application_name: name, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
  client.on('error', () => {}); // reported through 'end'
  await client.connect();
  try {
    const r = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [PG_LOCK_KEY]);
    return { client, locked: r.rows[0]!.locked };
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
}

async function pgHolder(client: pg.Client): Promise<LockHolder | null> {
  const r = await client.query<{ application_name: string; backend_start: Date | null; pid: number }>(
    `SELECT a.application_name, a.backend_start, a.pid FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND l.granted AND l.classid = 0 AND l.objid = $1 AND l.objsubid = 1
        AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`, [PG_LOCK_KEY]);
  const row = r.rows[0];
  if (!row) return null;
  const m = /pid=(\d+) host=(.*)$/.exec(row.application_name);
  return {
    host: m ? m[2]! : `(not Sibyl: ${row.application_name || 'no application_name'}, backend pid ${row.pid})`,
    pid: m ? Number(m[1]) : 0,
    since: row.backend_start ? row.backend_start.toISOString() : 'unknown',
  };
}

async function acquirePg(url: string, location: string): Promise<WriterLock> {
  const holder = me();
  const first = await pgSession(url, holder);
  if (!first.locked) {
    const other = await pgHolder(first.client).catch(() => null);
    await first.client.end().catch(() => {});
    throw new WriterLockHeld(location, other);
  }
  let client: pg.Client | null = first.client;
  let held = true;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let handlers: { onLost(reason: string): void; onRegained(): void } | null = null;

  const lost = (reason: string) => {
    if (closed || !held) return;
    held = false;
    client = null;
    handlers?.onLost(reason);
    schedule();
  };
  const attach = (c: pg.Client) => c.once('end', () => { if (client === c) lost('the writer lock\'s PostgreSQL connection ended'); });
  const schedule = () => {
    if (closed) return;
    retry = setTimeout(() => void again(), RETRY_MS);
    retry.unref();
  };
  const again = async () => {
    retry = null;
    if (closed) return;
    try {
      const s = await pgSession(url, holder);
      if (closed || !s.locked) {
        await s.client.end().catch(() => {});
        schedule();
        return;
      }
      client = s.client;
      held = true;
      attach(s.client);
      handlers?.onRegained();
    } catch {
      schedule();
    }
  };
  attach(first.client);

  return {
    holder,
    get held() { return held; },
    watch(h) { handlers = h; },
    async release() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      if (c) await c.end().catch(() => {}); // ending the session releases its advisory lock
    },
  };
}
