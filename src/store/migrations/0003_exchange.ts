/**
 * The exchange's durable state: orders, trades with their maker fills, the custodial ledger
 * (balances and the append-only journal of entries), positions, activity, book metadata and
 * the exchange counters. Everything the in-memory core holds can be rebuilt from these tables
 * (src/exchange/restore.ts). Conventions of 0001: integer micro-units, integer ms, 0/1 flags.
 */
import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  const big = (c: any) => c.notNull().defaultTo(0);

  await db.schema.createTable('exchange_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', big)
    .addColumn('deposited', 'bigint', big)
    .addColumn('withdrawn', 'bigint', big)
    .addColumn('taker_matched', 'bigint', big)
    .addColumn('maker_matched', 'bigint', big)
    .execute();

  await db.schema.createTable('books')
    .addColumn('condition_id', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('ladder_res', 'bigint', big)
    .addColumn('version', 'bigint', big)
    .addColumn('last_change_ms', 'bigint', big)
    .addColumn('last_trade_price', 'bigint', big)
    .addColumn('last_trade_side', 'integer', big)
    .execute();

  await db.schema.createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('api_key', 'text')
    .addColumn('builder', 'text')
    .addColumn('market', 'text', (c) => c.notNull())
    .addColumn('token_id', 'text', (c) => c.notNull())
    .addColumn('outcome', 'integer', (c) => c.notNull())
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('post_only', 'integer', big)
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('original_size', 'bigint', (c) => c.notNull())
    .addColumn('size_matched', 'bigint', big)
    .addColumn('amount', 'bigint')
    .addColumn('expiration', 'bigint', big)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('cancel_reason', 'text')
    .addColumn('reserved', 'bigint', big)
    .addColumn('max_fee', 'bigint', big)
    .addColumn('fee_base', 'bigint', big)
    .addColumn('fee_charged', 'bigint', big)
    .addColumn('notional', 'bigint', big)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_owner').on('orders').columns(['owner', 'status', 'seq']).execute();
  await db.schema.createIndex('orders_live').on('orders').columns(['status', 'seq']).execute();
  await db.schema.createIndex('orders_market').on('orders').columns(['market', 'status']).execute();

  await db.schema.createTable('trades')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('taker_order_id', 'text', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('market', 'text', (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('usdc_size', 'bigint', (c) => c.notNull())
    .addColumn('fee', 'bigint', big)
    .addColumn('fee_rate_bps', 'integer', big)
    .addColumn('minted', 'bigint', big)
    .addColumn('merged', 'bigint', big)
    .addColumn('transaction_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('builder', 'text')
    .addColumn('match_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trades_owner').on('trades').columns(['owner', 'seq']).execute();
  await db.schema.createIndex('trades_market').on('trades').columns(['market', 'seq']).execute();
  await db.schema.createIndex('trades_asset').on('trades').columns(['asset', 'seq']).execute();
  await db.schema.createIndex('trades_builder').on('trades').columns(['builder', 'seq']).execute();

  await db.schema.createTable('trade_makers')
    .addColumn('trade_id', 'text', (c) => c.notNull())
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('side', 'text', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('matched_amount', 'bigint', (c) => c.notNull())
    .addColumn('fee', 'bigint', big)
    .addColumn('fee_rate_bps', 'integer', big)
    .addPrimaryKeyConstraint('trade_makers_pk', ['trade_id', 'idx'])
    .execute();
  await db.schema.createIndex('trade_makers_owner').on('trade_makers').columns(['owner', 'trade_id']).execute();
  await db.schema.createIndex('trade_makers_order').on('trade_makers').column('order_id').execute();

  await db.schema.createTable('balances')
    .addColumn('wallet', 'text', (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('free', 'bigint', big)
    .addColumn('reserved', 'bigint', big)
    .addPrimaryKeyConstraint('balances_pk', ['wallet', 'asset'])
    .execute();

  await ctx.autoPk(db.schema.createTable('ledger_entries'))
    .addColumn('wallet', 'text', (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('free', 'bigint', big)
    .addColumn('reserved', 'bigint', big)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_entries_wallet').on('ledger_entries').columns(['wallet', 'id']).execute();

  await db.schema.createTable('positions')
    .addColumn('wallet', 'text', (c) => c.notNull())
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('condition_id', 'text', (c) => c.notNull())
    .addColumn('outcome_index', 'integer', (c) => c.notNull())
    .addColumn('size', 'bigint', big)
    .addColumn('avg_price', 'bigint', big)
    .addColumn('total_bought', 'bigint', big)
    .addColumn('realized_pnl', 'bigint', big)
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('positions_pk', ['wallet', 'asset'])
    .execute();
  await db.schema.createIndex('positions_asset').on('positions').columns(['asset', 'size']).execute();
  await db.schema.createIndex('positions_condition').on('positions').columns(['condition_id', 'wallet']).execute();

  await ctx.autoPk(db.schema.createTable('activity'))
    .addColumn('wallet', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('timestamp', 'bigint', (c) => c.notNull())
    .addColumn('condition_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('asset', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('outcome_index', 'integer', big)
    .addColumn('side', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price', 'bigint', big)
    .addColumn('size', 'bigint', big)
    .addColumn('usdc_size', 'bigint', big)
    .addColumn('transaction_hash', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('activity_wallet').on('activity').columns(['wallet', 'timestamp']).execute();
  await db.schema.createIndex('activity_condition').on('activity').columns(['condition_id', 'timestamp']).execute();
}
