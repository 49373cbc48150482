/**
 * The pg pool behind a PostgreSQL store's Kysely instance, registered once by `openStore`. The
 * exchange's batch writer sends its statement through it by name (pg-writer.ts): Kysely's
 * driver has no prepared statements, and PostgreSQL re-planned the batch's many-CTE statement
 * for every batch. SQLite stores have none.
 */
import type pg from 'pg';

const pools = new WeakMap<object, pg.Pool>();

export function registerPg(db: object, pool: pg.Pool): void {
  pools.set(db, pool);
}

/** The pool behind `db` (a store's root Kysely instance), or undefined: SQLite, or a transaction. */
export function pgPoolOf(db: object): pg.Pool | undefined {
  return pools.get(db);
}
