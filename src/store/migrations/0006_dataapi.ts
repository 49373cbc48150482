/**
 * Indexes of the data API (src/dataapi):
 * - positions_holders (asset, size desc, wallet): `GET /holders` reads a token's top N holders
 *   straight off the index, ties by wallet, without sorting a market's every holder;
 * - activity_wallet_order (wallet, timestamp, id): a wallet's activity page in its order
 *   (timestamp, then recording order) on PostgreSQL too, where the id is not in the index;
 * - activity_wallet_id (wallet, id): a wallet's last activity id in one index seek — the
 *   version of its cached activity pages.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('positions_holders').on('positions').columns(['asset', 'size desc', 'wallet']).execute();
  await db.schema.createIndex('activity_wallet_order').on('activity').columns(['wallet', 'timestamp', 'id']).execute();
  await db.schema.createIndex('activity_wallet_id').on('activity').columns(['wallet', 'id']).execute();
}
