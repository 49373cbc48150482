/**
 * Neg-risk events (issue #32, docs/neg-risk.md): the event's conversion fee and whether it is
 * augmented; per market its question index in the event (the last byte of its question id),
 * the event's fee (copied, as `neg_risk_market_id` is, so the exchange reads one row per
 * market) and whether it is a placeholder or the event's `Other`. Existing neg-risk markets get
 * their index from their order of creation in the event (by `markets.id`); their ids stay.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').addColumn('neg_risk_fee_bips', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('events').addColumn('neg_risk_augmented', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('markets').addColumn('neg_risk_index', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('markets').addColumn('neg_risk_fee_bips', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('markets').addColumn('neg_risk_placeholder', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('markets').addColumn('neg_risk_other', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`UPDATE markets SET neg_risk_index = (SELECT COUNT(*) FROM markets m2 WHERE m2.event_id = markets.event_id AND m2.id < markets.id) WHERE neg_risk = 1`.execute(db);
}
