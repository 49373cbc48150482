/**
 * The writer lease (issue #30, src/cluster/README.md): one row naming the instance that writes
 * the exchange on this PostgreSQL — its epoch (bumped on every takeover, only grows), the backend
 * pid of its lock session, the URL the others forward writes to, and when it last renewed.
 * `sibyl_writer_fence(epoch)` is called inside every group commit: it share-locks the row and
 * raises SQLSTATE SB001 unless the epoch is still the caller's, so a writer that lost its lease
 * can never commit again (a takeover's epoch bump waits for commits in flight, and a commit that
 * starts after the bump sees the new epoch). SQLite gets the table only: there one process holds
 * the data directory (src/store/writer-lock.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await db.schema.createTable('writer_lease')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('epoch', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('backend_pid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('holder', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('advertise_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('renewed_at', ctx.dialect === 'postgres' ? 'timestamptz' : 'text')
    .execute();
  await db.insertInto('writer_lease').values({ id: 1 }).execute();
  if (ctx.dialect !== 'postgres') return;
  await sql`CREATE FUNCTION sibyl_writer_fence(expected bigint) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE current_epoch bigint;
BEGIN
  SELECT epoch INTO current_epoch FROM writer_lease WHERE id = 1 FOR SHARE;
  IF current_epoch IS DISTINCT FROM expected THEN
    RAISE EXCEPTION 'the writer lease moved on: this writer holds epoch %, the lease is at epoch %', expected, current_epoch
      USING ERRCODE = 'SB001';
  END IF;
  RETURN 1;
END $$`.execute(db);
}
