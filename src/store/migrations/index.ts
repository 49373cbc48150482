/**
 * The migration history, in order. One history serves both backends. To add a migration:
 * write `NNNN_name.ts` exporting `up(db, ctx)`, and append it here. Never edit a landed one.
 */
import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';
import * as m0001 from './0001_initial.js';
import * as m0002 from './0002_catalog_search.js';
import * as m0003 from './0003_exchange.js';
import * as m0004 from './0004_auth.js';
import * as m0005 from './0005_marketdata.js';
import * as m0006 from './0006_dataapi.js';
import * as m0007 from './0007_catalog_reads.js';
import * as m0009 from './0009_trades_taker_order.js';
import * as m0010 from './0010_exchange_write_path.js';
import * as m0011 from './0011_search_prefix.js';
import * as m0012 from './0012_tag_event_counts.js';
import * as m0013 from './0013_drop_activity_condition.js';
import * as m0014 from './0014_trades_builder_partial.js';
import * as m0015 from './0015_event_json.js';
import * as m0016 from './0016_market_json.js';
import * as m0017 from './0017_search_feed.js';
import * as m0018 from './0018_page_versions.js';
import * as m0019 from './0019_event_sequence.js';
import * as m0020 from './0020_signed_orders.js';
import * as m0021 from './0021_sandbox.js';
import * as m0022 from './0022_neg_risk.js';
import * as m0023 from './0023_writer_lease.js';
import * as m0024 from './0024_market_versions.js';
import * as m0025 from './0025_profile_versions.js';
import * as m0026 from './0026_catalog_versions.js';
import * as m0027 from './0027_marketdata_versions.js';
import * as m0028 from './0028_wallet_columns.js';
import * as m0029 from './0029_token_ids.js';
import * as m0030 from './0030_builder_codes.js';
import * as m0031 from './0031_journal.js';

export interface MigrationModule {
  up(db: Kysely<any>, ctx: MigrationContext): Promise<void>;
}

export const MIGRATIONS: ReadonlyArray<readonly [string, MigrationModule]> = [
  ['0001_initial', m0001],
  ['0002_catalog_search', m0002],
  ['0003_exchange', m0003],
  ['0004_auth', m0004],
  ['0005_marketdata', m0005],
  ['0006_dataapi', m0006],
  ['0007_catalog_reads', m0007],
  ['0009_trades_taker_order', m0009],
  ['0010_exchange_write_path', m0010],
  ['0011_search_prefix', m0011],
  ['0012_tag_event_counts', m0012],
  ['0013_drop_activity_condition', m0013],
  ['0014_trades_builder_partial', m0014],
  ['0015_event_json', m0015],
  ['0016_market_json', m0016],
  ['0017_search_feed', m0017],
  ['0018_page_versions', m0018],
  ['0019_event_sequence', m0019],
  ['0020_signed_orders', m0020],
  ['0021_sandbox', m0021],
  ['0022_neg_risk', m0022],
  ['0023_writer_lease', m0023],
  ['0024_market_versions', m0024],
  ['0025_profile_versions', m0025],
  ['0026_catalog_versions', m0026],
  ['0027_marketdata_versions', m0027],
  ['0028_wallet_columns', m0028],
  ['0029_token_ids', m0029],
  ['0030_builder_codes', m0030],
  ['0031_journal', m0031],
];
