/**
 * Fewer indexes on the exchange's write path (every index is one more B-tree insert per row and
 * more pages rewritten per commit — the group-commit writer's main cost):
 * - orders: open orders are served from the in-memory core, closed ones are read by id only, so
 *   `orders_owner` and `orders_market` had no reader. `orders_live (status, seq)` held every order
 *   ever placed; the restore only reads the live ones in sequence, so it becomes the partial index
 *   `orders_open (seq) WHERE status = 'LIVE'` (small, and shrinking as orders fill or cancel).
 * - ledger_entries: the journal is written, never read by wallet; `ledger_entries_wallet` goes.
 * - activity_wallet (wallet, timestamp) is a prefix of activity_wallet_order, and positions_asset
 *   (asset, size) one of positions_holders (asset, size desc, wallet): the longer ones serve
 *   every query the shorter ones did.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  for (const name of ['orders_owner', 'orders_market', 'orders_live', 'ledger_entries_wallet', 'activity_wallet', 'positions_asset']) {
    await db.schema.dropIndex(name).execute();
  }
  await db.schema.createIndex('orders_open').on('orders').column('seq').where(sql.ref('status'), '=', 'LIVE').execute();
}
