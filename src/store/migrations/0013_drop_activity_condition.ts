/**
 * Drops `activity_condition (condition_id, timestamp)`: no read leads with the market (every
 * activity read is one wallet's: `activity_wallet_order`, `activity_wallet_id`), so the index
 * was only one more B-tree page rewritten per commit of the exchange's writer (a crossing order
 * writes activity rows for both sides).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('activity_condition').execute();
}
