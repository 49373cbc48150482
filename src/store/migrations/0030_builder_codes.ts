/**
 * Builder codes and the notification inbox's state (issue #38, docs/venue.md §10).
 * - `orders.builder_code`, `trades.builder_code`: the V2 signed order's `builder` (a bytes32
 *   code; NULL for none or the zero code). A trade carries its taker order's code; a maker's is
 *   on its order. `GET /builder/trades?builder_code=` (the venue's SDK `listBuilderTrades`) reads
 *   them through the partial indexes below (most orders and trades have no code, as in 0014).
 * - `orders_unasked_cancel (wallet, updated_at)`, partial: the orders cancelled without their
 *   account's asking (the dead-man's switch, expiry, resolution, …), for the cancellation
 *   notifications; few orders end so, so the write path pays little for it.
 * - `notification_drops (account, id, at)`: the notifications an account dropped
 *   (`DELETE /notifications`). Notifications themselves are derived from the exchange's rows
 *   (src/trading/notifications.ts); a dropped id is never shown again. `at` is the dropped
 *   notification's time, so rows past the inbox's window can be pruned.
 * Numbered 0030 though it landed after 0031: the migrator allows it (src/store/migrate.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/** Orders cancelled without their account's asking (core: `USER_CANCEL`, `FAK_REASON` are the asked ones), the literals as of 0030. */
const UNASKED = `"status" = 'CANCELED' and "cancel_reason" not in ('canceled by user', 'unfilled remainder of FAK order')`;

export async function up(db: Kysely<any>, _ctx: MigrationContext): Promise<void> {
  for (const table of ['orders', 'trades']) await db.schema.alterTable(table).addColumn('builder_code', 'text').execute();
  await db.schema.createIndex('trades_builder_code').on('trades').columns(['builder_code', 'seq']).where(sql.ref('builder_code'), 'is not', null).execute();
  await db.schema.createIndex('orders_builder_code').on('orders').columns(['builder_code']).where(sql.ref('builder_code'), 'is not', null).execute();
  await db.schema.createIndex('orders_unasked_cancel').on('orders').columns(['wallet', 'updated_at']).where(sql.raw<boolean>(UNASKED)).execute();
  await db.schema.createTable('notification_drops')
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_drops_pk', ['account', 'id'])
    .execute();
}
