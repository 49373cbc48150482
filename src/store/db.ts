/**
 * Opens the store: the embedded SQLite file under SIBYL_DATA_DIR by default, PostgreSQL when
 * DATABASE_URL is set. Both are reached through the same Kysely instance type, so repositories
 * are written once. 64-bit integers come back as JS numbers on both (checked to be safe).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import type { Database } from './schema.js';
import type { Dialect } from './migrations/context.js';
import { registerPg, registerSqlite } from './handles.js';
import { startCheckpointer } from './checkpointer.js';
import { openCommitProbe, selfTest, type CommitProbe } from './commit-probe.js';

/** A handle any query runs on: the store's database or a transaction on it (the one definition). */
export type Db = Kysely<Database> | Transaction<Database>;

export interface Store {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where the data lives, for logs (a file path or the URL without its password). */
  location: string;
  /** The embedded database's own handle (SQLite only), for the exchange's prepared-statement writer. */
  sqlite?: SqliteDatabase.Database;
  /**
   * SQLite's commit probe (commit-probe.ts), which lets kept answers skip their version reads
   * while nothing was committed: `on`; `off` (SIBYL_COMMIT_PROBE=0, or PostgreSQL); or
   * `failed self-test` (not used: it did not see a commit when the store opened).
   */
  commitProbe: 'on' | 'off' | 'failed self-test';
  close(): Promise<void>;
}

export interface StoreOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** SQLite: use the commit probe (default true; it still must pass its self-test). */
  commitProbe?: boolean;
  /**
   * Called when an idle pooled PostgreSQL connection dies (server restart, failover, a DBA's
   * terminate). The pool drops that connection and opens a new one on the next query; without
   * a listener the error would be thrown out of the process.
   */
  onConnectionLost?: (err: Error) => void;
}

function safeInt(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`64-bit value out of the exact range: ${text}`);
  return n;
}

/**
 * Page size of a new embedded database (SQLite's default is 4 KiB). A WAL commit writes every
 * page it changed as a frame of its own, two writes per frame, so a group commit of 2,000 orders
 * spent about a third of its time in BEGIN + COMMIT on 4 KiB pages (≈ 11.6 of 32 µs an order);
 * its appends fill fewer, larger pages at 16 KiB (≈ 8.4 of 27 µs). Catalog rows with their
 * stored answers (6–8 KB) also fit a page without overflow pages (docs/benchmarks.md).
 * SQLite takes the setting only while the file is empty: an existing database keeps its page
 * size (README "Page size" says how to convert one).
 */
export const SQLITE_PAGE_SIZE = 16384;
/** Log size at which a commit checkpoints itself, should the checkpointer thread fall behind (100,000 pages of 4 KiB before). */
const WAL_BACKSTOP_BYTES = 400 * 2 ** 20;

function openSqlite(dataDir: string, useProbe: boolean): Store {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'sibyl.db');
  const sqlite = new SqliteDatabase(file);
  // WAL + NORMAL: a commit survives a process kill (SIGKILL); only an OS crash can lose the
  // last commits. That is the documented durability of the embedded store.
  sqlite.pragma(`page_size = ${SQLITE_PAGE_SIZE}`); // a no-op unless the database is new
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Statement journals in memory: a write that fires triggers (an event's volume: its rank and
  // search stamps) journals every page it changes, and past 64 KiB (four 16 KiB pages) SQLite
  // spilled them to a temporary file it opened, wrote and closed inside the commit: 239 → 44–51 µs
  // for that update, ≈ 15 µs per crossing order (docs/benchmarks.md, eighth session).
  sqlite.pragma('temp_store = MEMORY');
  // Checkpoints run on a worker thread (checkpointer.ts); SQLite's own, inside a commit, only
  // as a backstop once the log holds WAL_BACKSTOP_BYTES (the pragma counts pages). A 64 MiB page cache.
  const pageSize = Number(sqlite.pragma('page_size', { simple: true }));
  sqlite.pragma(`wal_autocheckpoint = ${Math.ceil(WAL_BACKSTOP_BYTES / pageSize)}`);
  sqlite.pragma('cache_size = -65536');
  const checkpoints = startCheckpointer(file);
  let probe: CommitProbe | undefined = useProbe ? openCommitProbe(file, sqlite) : undefined;
  let commitProbe: Store['commitProbe'] = probe ? 'on' : 'off';
  if (probe && !selfTest(probe, sqlite)) {
    probe.close();
    probe = undefined;
    commitProbe = 'failed self-test';
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  registerSqlite(db, sqlite, () => checkpoints.paused(), probe);
  const close = async () => {
    probe?.close();
    await checkpoints.stop();
    await db.destroy();
    // Kysely only closes a handle it has used; the last connection's close checkpoints what is
    // left and removes the log.
    if (sqlite.open) sqlite.close();
  };
  return { db, dialect: 'sqlite', location: file, sqlite, commitProbe, close };
}

/**
 * Kysely's SQLite driver prepares every query it runs; parsing and planning the same SQL again
 * costs about as much as running a point read. Statements are kept by SQL text (SQLite re-plans
 * a kept statement itself after a schema change), at most STATEMENT_CACHE of them.
 */
const STATEMENT_CACHE = 500;
function withStatementCache(sqlite: SqliteDatabase.Database) {
  const kept = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let stmt = kept.get(text);
      if (!stmt) {
        if (kept.size >= STATEMENT_CACHE) kept.clear();
        stmt = sqlite.prepare(text);
        kept.set(text, stmt);
      }
      return stmt;
    },
  };
}

function openPostgres(url: string, poolSize: number, onConnectionLost: (err: Error) => void): Store {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        oid === 20 ? safeInt : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  pool.on('error', onConnectionLost);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  registerPg(db, pool);
  return { db, dialect: 'postgres', location: url.replace(/:[^:@/]*@/, ':***@'), commitProbe: 'off', close: () => db.destroy() };
}

export function openStore(opts: StoreOptions): Store {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.poolSize ?? 10, opts.onConnectionLost ?? (() => {}))
    : openSqlite(opts.dataDir, opts.commitProbe ?? true);
}
