/**
 * The better-sqlite3 connection behind a SQLite store's Kysely instance, registered once by
 * `openStore`. The paths that bypass Kysely on SQLite — prepared reads (prepared.ts), the
 * exchange's batch writer and restore — find it here; PostgreSQL stores have none. With it, the
 * store's checkpointer's pause (checkpointer.ts), which the batch writer waits out before a commit.
 */
import type SqliteDatabase from 'better-sqlite3';

interface Handle {
  sqlite: SqliteDatabase.Database;
  paused: () => Promise<unknown> | undefined;
}

const handles = new WeakMap<object, Handle>();

export function registerSqlite(db: object, sqlite: SqliteDatabase.Database, paused: Handle['paused'] = () => undefined): void {
  handles.set(db, { sqlite, paused });
}

/** The connection behind `db` (a store's root Kysely instance), or undefined: PostgreSQL, or a transaction. */
export function sqliteOf(db: object): SqliteDatabase.Database | undefined {
  return handles.get(db)?.sqlite;
}

/** While the checkpointer holds commits for a log restart: settles when they may go on. */
export function commitsPaused(db: object): Promise<unknown> | undefined {
  return handles.get(db)?.paused();
}
