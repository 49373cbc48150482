/**
 * The exchange's event sequence (src/exchange/events.ts): every committed batch carries a
 * sequence number that only grows. It is stored with each batch in `exchange_state.batch_seq`,
 * so after a restart the sequence goes on from where it was (0 on a database that never traded).
 * Each book has its own `books.seq`: one more for every committed batch that changed it, the
 * `seq` a stream tells per asset (both tokens of a market share it).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exchange_state').addColumn('batch_seq', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('books').addColumn('seq', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
}
