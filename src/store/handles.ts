/**
 * The driver handle behind a store's Kysely instance, registered once by `openStore`: the
 * better-sqlite3 connection of a SQLite store (with its checkpointer's pause), or the pg pool of
 * a PostgreSQL store. The paths that bypass Kysely find it here: on SQLite prepared reads
 * (prepared.ts, read-plan.ts), the exchange's batch writer, restore and the search index; on
 * PostgreSQL the batch writer's named statement (Kysely's driver sends every statement unnamed).
 * On SQLite it also holds the store's commit probe (commit-probe.ts).
 */
import type SqliteDatabase from 'better-sqlite3';
import type pg from 'pg';
import type { CommitProbe } from './commit-probe.js';

type Handle =
  | { kind: 'sqlite'; sqlite: SqliteDatabase.Database; paused: () => Promise<unknown> | undefined; probe?: CommitProbe; memo: Map<string, Memo> }
  | { kind: 'pg'; pool: pg.Pool };

interface Memo { token: string; value: unknown }

const handles = new WeakMap<object, Handle>();

export function registerSqlite(
  db: object, sqlite: SqliteDatabase.Database, paused: () => Promise<unknown> | undefined = () => undefined, probe?: CommitProbe,
): void {
  handles.set(db, { kind: 'sqlite', sqlite, paused, probe, memo: new Map() });
}

/**
 * `read()`'s answer, read again only when something has been committed since (by any
 * connection): the commit probe as a private accelerator of small version reads (page_versions
 * stamps, src/catalog/page-versions.ts). The token is taken before the read, so a kept value is
 * never older than its token; without a token (PostgreSQL, a transaction, the probe off or failed
 * its self-test) it reads every time. Only for a few small values under fixed keys.
 */
export async function memoUntilCommit<T>(db: object, key: string, read: () => Promise<T>): Promise<T> {
  const h = handles.get(db);
  const token = h?.kind === 'sqlite' && !h.sqlite.inTransaction ? h.probe?.token() : undefined;
  if (token === undefined) return read();
  const m = h!.kind === 'sqlite' ? h!.memo : undefined;
  const kept = m!.get(key);
  if (kept !== undefined && kept.token === token) return kept.value as T;
  const value = await read();
  m!.set(key, { token, value });
  return value;
}

/**
 * What has been committed to `db` so far, as a token that changes with every commit, by any
 * connection (commit-probe.ts); undefined where that cannot be told cheaply (PostgreSQL, a
 * transaction, no log), and the caller reads as usual.
 */
export function commitToken(db: object): string | undefined {
  const h = handles.get(db);
  return h?.kind === 'sqlite' ? h.probe?.token() : undefined;
}

export function registerPg(db: object, pool: pg.Pool): void {
  handles.set(db, { kind: 'pg', pool });
}

/** The connection behind `db` (a store's root Kysely instance), or undefined: PostgreSQL, or a transaction. */
export function sqliteOf(db: object): SqliteDatabase.Database | undefined {
  const h = handles.get(db);
  return h?.kind === 'sqlite' ? h.sqlite : undefined;
}

/** While the checkpointer holds commits for a log restart: settles when they may go on. */
export function commitsPaused(db: object): Promise<unknown> | undefined {
  const h = handles.get(db);
  return h?.kind === 'sqlite' ? h.paused() : undefined;
}

/** The pool behind `db` (a store's root Kysely instance), or undefined: SQLite, or a transaction. */
export function pgPoolOf(db: object): pg.Pool | undefined {
  const h = handles.get(db);
  return h?.kind === 'pg' ? h.pool : undefined;
}
