/**
 * The better-sqlite3 connection behind a SQLite store's Kysely instance, registered once by
 * `openStore`. The paths that bypass Kysely on SQLite — prepared reads (prepared.ts), the
 * exchange's batch writer and restore — find it here; PostgreSQL stores have none.
 */
import type SqliteDatabase from 'better-sqlite3';

const handles = new WeakMap<object, SqliteDatabase.Database>();

export function registerSqlite(db: object, sqlite: SqliteDatabase.Database): void {
  handles.set(db, sqlite);
}

/** The connection behind `db` (a store's root Kysely instance), or undefined: PostgreSQL, or a transaction. */
export function sqliteOf(db: object): SqliteDatabase.Database | undefined {
  return handles.get(db);
}
