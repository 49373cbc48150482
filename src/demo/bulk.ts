/**
 * Multi-row inserts for the scale generator: rows go in as plain `INSERT ... VALUES (...),
 * (...)` statements (so triggers, constraints and indexes see them like any other insert),
 * split to stay under both backends' bound-parameter limits (SQLite 32766, PostgreSQL 65535).
 *
 * Rows that others reference get explicit ids, allocated here. PostgreSQL's serial sequences
 * do not notice explicit ids, so `syncSequence` moves them past the highest id inside the
 * same transaction; SQLite's AUTOINCREMENT counter follows explicit ids by itself.
 */
import { sql } from 'kysely';
import type { Db } from '../store/db.js';
import type { Database } from '../store/schema.js';
import type { Dialect } from '../store/migrations/context.js';

const MAX_PARAMS = 30_000;

export type Row<T extends keyof Database> = { [K in keyof Database[T]]?: unknown };

export async function insertRows<T extends keyof Database>(db: Db, table: T, rows: ReadonlyArray<Row<T>>): Promise<void> {
  if (rows.length === 0) return;
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / Object.keys(rows[0]!).length));
  for (let i = 0; i < rows.length; i += perStatement) {
    await db.insertInto(table).values(rows.slice(i, i + perStatement) as never).execute();
  }
}

export type IdTable = 'events' | 'markets' | 'comments' | 'series' | 'tags' | 'event_creators' | 'comment_reactions';

/** The first free id of a table (max + 1), for explicit-id inserts into an unshared table. */
export async function nextId(db: Db, table: IdTable): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.max<number | null>('id').as('max')).executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

/** After explicit-id inserts on PostgreSQL: the next generated id follows the highest one. */
export async function syncSequence(db: Db, dialect: Dialect, table: IdTable): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select coalesce(max(id), 0) + 1 from ${sql.table(table)}), false)`.execute(db);
}
