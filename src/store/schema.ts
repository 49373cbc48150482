/**
 * Row types of every table, for the SQL builder. Column conventions are in
 * migrations/0001_initial.ts: integer ms timestamps, 0/1 flags, integer micro-unit amounts.
 */
import type { Generated } from 'kysely';
import type { AuthTables } from './schema-auth.js';
import type { ExchangeTables } from './schema-exchange.js';

type Flag = number; // 0 | 1
type Ms = number; // Unix milliseconds
type Micro = number; // 6-decimal fixed point

export interface SitesTable { id: string; name: string; domain: Generated<string>; created_at: Ms }

export interface EventCreatorsTable {
  id: Generated<number>;
  creator_name: string;
  creator_handle: string;
  creator_url: Generated<string>;
  creator_image: Generated<string>;
  wallet: string | null;
  created_at: Ms;
  updated_at: Ms;
}

export interface TagsTable {
  id: Generated<number>;
  label: string;
  slug: string;
  requires_translation: Generated<Flag>;
  created_at: Ms;
  updated_at: Ms;
  /** Events carrying the tag, kept by triggers on event_tags (migration 0012). */
  event_count: Generated<number>;
}

export interface SeriesTable {
  id: Generated<number>;
  ticker: string;
  slug: string;
  title: string;
  series_type: Generated<string>;
  recurrence: Generated<string>;
  image: Generated<string>;
  icon: Generated<string>;
  active: Generated<Flag>;
  closed: Generated<Flag>;
  archived: Generated<Flag>;
  created_at: Ms;
  updated_at: Ms;
}

export interface EventsTable {
  id: Generated<number>;
  ticker: string;
  slug: string;
  title: string;
  description: Generated<string>;
  resolution_source: Generated<string>;
  start_date: Ms | null;
  creation_date: Ms | null;
  end_date: Ms | null;
  image: Generated<string>;
  icon: Generated<string>;
  active: Generated<Flag>;
  closed: Generated<Flag>;
  archived: Generated<Flag>;
  neg_risk: Generated<Flag>;
  neg_risk_market_id: Generated<string>;
  /** Conversion fee of a neg-risk event, bps (migration 0022). */
  neg_risk_fee_bips: Generated<number>;
  /** An augmented neg-risk event: placeholders and an Other (migration 0022). */
  neg_risk_augmented: Generated<Flag>;
  creator_id: number | null;
  volume: Generated<Micro>;
  liquidity: Generated<Micro>;
  metadata: Generated<string>;
  created_at: Ms;
  updated_at: Ms;
  /** The `GET /events` item as JSON, or NULL when not built (migration 0015, src/catalog/event-json.ts). */
  list_json: string | null;
  /** The `GET /events/slug/{slug}` answer as JSON, or NULL when not built (same). */
  detail_json: string | null;
}

export interface EventTagsTable { event_id: number; tag_id: number; position: Generated<number> }
export interface EventSeriesTable { event_id: number; series_id: number }
export interface EventSitesTable { event_id: number; site_id: string }
export interface MarketTagsTable { market_id: number; tag_id: number }

export interface MarketsTable {
  id: Generated<number>;
  condition_id: string;
  question_id: string;
  /** The token ids of outcome 0 and 1 (position ids, or an imported market's own; migration 0029). */
  token_id_0: string;
  token_id_1: string;
  event_id: number;
  question: string;
  slug: string;
  description: Generated<string>;
  resolution_source: Generated<string>;
  start_date: Ms | null;
  end_date: Ms | null;
  game_start_time: Ms | null;
  image: Generated<string>;
  icon: Generated<string>;
  outcomes: Generated<string>;
  active: Generated<Flag>;
  closed: Generated<Flag>;
  archived: Generated<Flag>;
  enable_order_book: Generated<Flag>;
  accepting_orders: Generated<Flag>;
  accepting_order_timestamp: Ms | null;
  minimum_tick_size: Generated<Micro>;
  minimum_order_size: Generated<Micro>;
  maker_base_fee: Generated<number>;
  taker_base_fee: Generated<number>;
  seconds_delay: Generated<number>;
  neg_risk: Generated<Flag>;
  neg_risk_market_id: Generated<string>;
  neg_risk_request_id: Generated<string>;
  /** Question index in its neg-risk event; the event's fee; placeholder / Other flags (migration 0022). */
  neg_risk_index: Generated<number>;
  neg_risk_fee_bips: Generated<number>;
  neg_risk_placeholder: Generated<Flag>;
  neg_risk_other: Generated<Flag>;
  fpmm: Generated<string>;
  notifications_enabled: Generated<Flag>;
  is_50_50_outcome: Generated<Flag>;
  rewards_min_size: Generated<Micro>;
  rewards_max_spread: Generated<Micro>;
  rewards_daily_rate: Generated<Micro>;
  itode: Generated<Flag>;
  taker_order_delay_ms: Generated<number>;
  order_age_seconds: Generated<number>;
  check_enabled: Generated<Flag>;
  rfq_enabled: Generated<Flag>;
  payouts: string | null;
  resolved_at: Ms | null;
  volume: Generated<Micro>;
  metadata: Generated<string>;
  created_at: Ms;
  updated_at: Ms;
  /** The `GET /markets/slug/{slug}` answer as JSON, or NULL when not built (migration 0016, src/catalog/event-json.ts). */
  detail_json: string | null;
}

export interface TokensTable {
  token_id: string;
  condition_id: string;
  outcome_index: number;
  outcome: string;
  winner: Generated<Flag>;
  payout: Micro | null;
}

export interface ProfilesTable {
  address: string;
  name: Generated<string>;
  pseudonym: Generated<string>;
  bio: Generated<string>;
  profile_image: Generated<string>;
  base_address: Generated<string>;
  display_username_public: Generated<Flag>;
  is_mod: Generated<Flag>;
  is_creator: Generated<Flag>;
  created_at: Ms;
  updated_at: Ms;
}

export interface CommentsTable {
  id: Generated<number>;
  body: string;
  parent_entity_type: string;
  parent_entity_id: number;
  parent_comment_id: number | null;
  user_address: string;
  reply_address: Generated<string>;
  report_count: Generated<number>;
  reaction_count: Generated<number>;
  reply_count: Generated<number>;
  created_at: Ms;
  updated_at: Ms;
}

export interface CommentReactionsTable {
  id: Generated<number>;
  comment_id: number;
  reaction_type: string;
  icon: Generated<string>;
  user_address: string;
  created_at: Ms;
}

/** Migration 0018: versions of what kept catalog pages show, bumped by triggers (src/catalog/page-versions.ts). */
export interface PageVersionsTable { pages: string; id: number; version: number }

export interface AdminAuditTable {
  id: Generated<number>;
  action: string;
  target: Generated<string>;
  payload: Generated<string>;
  created_at: Ms;
}

export interface SettingsTable { key: string; value: string }

/** SQLite only (migration 0002): FTS5 indexes of events and tags, queried by src/catalog/queries/search-sql.ts. */
export interface EventsFtsTable { rowid: number; title: string; slug: string }
export interface TagsFtsTable { rowid: number; label: string; slug: string }

export interface Database extends ExchangeTables, AuthTables {
  sites: SitesTable;
  event_creators: EventCreatorsTable;
  tags: TagsTable;
  series: SeriesTable;
  events: EventsTable;
  event_tags: EventTagsTable;
  event_series: EventSeriesTable;
  event_sites: EventSitesTable;
  markets: MarketsTable;
  market_tags: MarketTagsTable;
  tokens: TokensTable;
  profiles: ProfilesTable;
  comments: CommentsTable;
  comment_reactions: CommentReactionsTable;
  page_versions: PageVersionsTable;
  admin_audit: AdminAuditTable;
  settings: SettingsTable;
  events_fts: EventsFtsTable;
  tags_fts: TagsFtsTable;
}
