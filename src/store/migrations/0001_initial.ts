/**
 * The initial schema: every resource of the spec and what the exchange needs. Conventions,
 * kept in every later migration too:
 * - timestamps are integer Unix milliseconds (`*_at`, `*_ms`), formatted at the edge;
 * - booleans are integers 0/1 (one representation on both backends);
 * - money, prices and sizes are 64-bit integers in micro-units (6 decimals), never floats;
 * - JSON documents are text.
 */
import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  const pk = ctx.autoPk;
  const flag = (name: string, def = 0) => [name, 'integer', (c: any) => c.notNull().defaultTo(def)] as const;

  await db.schema.createTable('sites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await pk(db.schema.createTable('event_creators'))
    .addColumn('creator_name', 'text', (c) => c.notNull())
    .addColumn('creator_handle', 'text', (c) => c.notNull())
    .addColumn('creator_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('creator_image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('wallet', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await pk(db.schema.createTable('tags'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn(...flag('requires_translation'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await pk(db.schema.createTable('series'))
    .addColumn('ticker', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('series_type', 'text', (c) => c.notNull().defaultTo('single'))
    .addColumn('recurrence', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn(...flag('active', 1))
    .addColumn(...flag('closed'))
    .addColumn(...flag('archived'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await pk(db.schema.createTable('events'))
    .addColumn('ticker', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('resolution_source', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('start_date', 'bigint')
    .addColumn('creation_date', 'bigint')
    .addColumn('end_date', 'bigint')
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn(...flag('active', 1))
    .addColumn(...flag('closed'))
    .addColumn(...flag('archived'))
    .addColumn(...flag('neg_risk'))
    .addColumn('neg_risk_market_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('creator_id', 'integer', (c) => c.references('event_creators.id'))
    .addColumn('volume', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('liquidity', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('metadata', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_end_date').on('events').column('end_date').execute();
  await db.schema.createIndex('events_creator').on('events').column('creator_id').execute();

  await db.schema.createTable('event_tags')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('event_tags_pk', ['event_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('event_tags_tag').on('event_tags').columns(['tag_id', 'event_id']).execute();

  await db.schema.createTable('event_series')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('series_id', 'integer', (c) => c.notNull().references('series.id'))
    .addPrimaryKeyConstraint('event_series_pk', ['event_id', 'series_id'])
    .execute();
  await db.schema.createIndex('event_series_series').on('event_series').columns(['series_id', 'event_id']).execute();

  await db.schema.createTable('event_sites')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('site_id', 'text', (c) => c.notNull().references('sites.id'))
    .addPrimaryKeyConstraint('event_sites_pk', ['event_id', 'site_id'])
    .execute();
  await db.schema.createIndex('event_sites_site').on('event_sites').columns(['site_id', 'event_id']).execute();

  await pk(db.schema.createTable('markets'))
    .addColumn('condition_id', 'text', (c) => c.notNull().unique())
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('resolution_source', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('start_date', 'bigint')
    .addColumn('end_date', 'bigint')
    .addColumn('game_start_time', 'bigint')
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('outcomes', 'text', (c) => c.notNull().defaultTo('["Yes","No"]'))
    .addColumn(...flag('active', 1))
    .addColumn(...flag('closed'))
    .addColumn(...flag('archived'))
    .addColumn(...flag('enable_order_book', 1))
    .addColumn(...flag('accepting_orders', 1))
    .addColumn('accepting_order_timestamp', 'bigint')
    .addColumn('minimum_tick_size', 'bigint', (c) => c.notNull().defaultTo(10_000))
    .addColumn('minimum_order_size', 'bigint', (c) => c.notNull().defaultTo(5_000_000))
    .addColumn('maker_base_fee', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('taker_base_fee', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seconds_delay', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn(...flag('neg_risk'))
    .addColumn('neg_risk_market_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('neg_risk_request_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('fpmm', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn(...flag('notifications_enabled', 1))
    .addColumn(...flag('is_50_50_outcome'))
    .addColumn('rewards_min_size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rewards_max_spread', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rewards_daily_rate', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn(...flag('itode'))
    .addColumn('taker_order_delay_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('order_age_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn(...flag('check_enabled'))
    .addColumn(...flag('rfq_enabled'))
    .addColumn('payouts', 'text')
    .addColumn('resolved_at', 'bigint')
    .addColumn('volume', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('metadata', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('markets_event').on('markets').column('event_id').execute();

  await db.schema.createTable('market_tags')
    .addColumn('market_id', 'integer', (c) => c.notNull().references('markets.id'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id'))
    .addPrimaryKeyConstraint('market_tags_pk', ['market_id', 'tag_id'])
    .execute();

  await db.schema.createTable('tokens')
    .addColumn('token_id', 'text', (c) => c.primaryKey())
    .addColumn('condition_id', 'text', (c) => c.notNull().references('markets.condition_id'))
    .addColumn('outcome_index', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('winner', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payout', 'bigint')
    .execute();
  await db.schema.createIndex('tokens_condition').on('tokens').column('condition_id').execute();

  await db.schema.createTable('profiles')
    .addColumn('address', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('pseudonym', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('profile_image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('base_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn(...flag('display_username_public', 1))
    .addColumn(...flag('is_mod'))
    .addColumn(...flag('is_creator'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await pk(db.schema.createTable('comments'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('parent_entity_type', 'text', (c) => c.notNull())
    .addColumn('parent_entity_id', 'integer', (c) => c.notNull())
    .addColumn('parent_comment_id', 'integer')
    .addColumn('user_address', 'text', (c) => c.notNull())
    .addColumn('reply_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('report_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reaction_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reply_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('comments_parent').on('comments')
    .columns(['parent_entity_type', 'parent_entity_id', 'parent_comment_id', 'created_at']).execute();
  await db.schema.createIndex('comments_reply_to').on('comments').columns(['parent_comment_id', 'created_at']).execute();
  await db.schema.createIndex('comments_user').on('comments').columns(['user_address', 'created_at']).execute();

  await pk(db.schema.createTable('comment_reactions'))
    .addColumn('comment_id', 'integer', (c) => c.notNull().references('comments.id'))
    .addColumn('reaction_type', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('comment_reactions_comment').on('comment_reactions').column('comment_id').execute();

  await pk(db.schema.createTable('admin_audit'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema.createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
