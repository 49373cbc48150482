/**
 * The data API's per-request version lookups (db-version.ts, the activity version) on SQLite:
 * Kysely's SQLite driver prepares a statement on every query, which costs more than running
 * these one-row indexed lookups. The data routes register the store's better-sqlite3 handle;
 * a compiled query then runs through a statement prepared once for its (fixed) SQL text. While
 * a transaction is open on the connection (the writer's Kysely path) it goes through Kysely,
 * which waits for the connection, so nothing uncommitted is ever read. PostgreSQL: Kysely.
 */
import type { CompiledQuery, Kysely } from 'kysely';
import type SqliteDatabase from 'better-sqlite3';

interface Handle { sqlite: SqliteDatabase.Database; statements: Map<string, SqliteDatabase.Statement> }
const handles = new WeakMap<object, Handle>();

export function registerSqlite(db: object, sqlite: SqliteDatabase.Database): void {
  if (!handles.has(db)) handles.set(db, { sqlite, statements: new Map() });
}

/** Rows of a compiled query with a fixed SQL text (only the parameters vary). */
export async function fixedQuery<R>(db: Kysely<any>, q: CompiledQuery<R>): Promise<R[]> {
  const h = handles.get(db);
  if (!h || h.sqlite.inTransaction) return (await db.executeQuery(q)).rows;
  let st = h.statements.get(q.sql);
  if (!st) h.statements.set(q.sql, (st = h.sqlite.prepare(q.sql)));
  return st.all(...q.parameters) as R[];
}
