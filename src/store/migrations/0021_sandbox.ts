/**
 * The living sandbox (docs/sandbox.md): historical order books.
 *
 * - `book_history`: one stored `/book` snapshot per row (`body`, the exact JSON text `/book`
 *   answered at the time, raw-deflated: book JSON shrinks about fourfold), keyed by token and the snapshot's `timestamp` (`ts`, Unix ms of the
 *   book's last change). `GET /orderbook-history` reads a token's rows by `ts` in time order
 *   (`book_history_asset`); the pruner deletes the oldest rows first (`book_history_ts`).
 * - `book_history_markets`: markets whose books are also recorded on every trade (the operator
 *   sets it: `PUT /admin/markets/{condition_id}/book-history`).
 */
import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await ctx.autoPk(db.schema.createTable('book_history'))
    .addColumn('asset_id', 'text', (c) => c.notNull())
    .addColumn('ts', 'bigint', (c) => c.notNull())
    .addColumn('body', ctx.dialect === 'sqlite' ? 'blob' : 'bytea', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('book_history_asset').on('book_history').columns(['asset_id', 'ts']).execute();
  await db.schema.createIndex('book_history_ts').on('book_history').column('ts').execute();
  await db.schema.createTable('book_history_markets')
    .addColumn('condition_id', 'text', (c) => c.primaryKey())
    .addColumn('every_trade', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
