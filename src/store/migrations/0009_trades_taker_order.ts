/**
 * trades_taker_order (taker_order_id): the trades an order took part in as taker, by index
 * seek — `associateTrades` of `GET /data/orders` and `GET /data/order/{id}` (src/trading/account.ts)
 * looked them up with a full scan of `trades`, linear in the exchange's whole trade history.
 * (As maker, `trade_makers_order` already serves the lookup.)
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('trades_taker_order').on('trades').column('taker_order_id').execute();
}
