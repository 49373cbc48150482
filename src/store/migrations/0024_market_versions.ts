/**
 * A `markets` page version (page_versions, migration 0018), bumped by triggers whenever a
 * catalog field that the data API shows beside a market changes: the market's question, slug,
 * icon, end date, outcomes, neg-risk flags or event, or its event's slug, icon or end date —
 * whoever writes them (the operator naming a placeholder of an augmented neg-risk event, the
 * importer, another process). The data API's market views (src/dataapi/market-info.ts) and the
 * pages built from them (`/activity`, `/positions`) are kept under it, so a rename shows at once.
 * Trading writes only `volume`, resolution `payouts`/`closed`: neither bumps it.
 */
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

const MARKET_VIEWED = 'question, slug, icon, end_date, outcomes, event_id, neg_risk';
const EVENT_VIEWED = 'slug, icon, end_date';
const BUMP = "insert into page_versions (pages, id, version) values ('markets', 0, 1) on conflict (pages, id) do update set version = page_versions.version + 1;";

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  const rules: Array<[name: string, on: string, table: string]> = [
    ['markets_viewed_ai', 'insert', 'markets'],
    ['markets_viewed_ad', 'delete', 'markets'],
    ['markets_viewed_au', `update of ${MARKET_VIEWED}`, 'markets'],
    ['events_viewed_au', `update of ${EVENT_VIEWED}`, 'events'],
  ];
  for (const [name, on, table] of rules) {
    if (ctx.dialect === 'postgres') {
      await sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${BUMP} return null; end $$`).execute(db);
      await sql.raw(`create trigger ${name} after ${on} on ${table} for each statement execute function ${name}()`).execute(db);
    } else {
      await sql.raw(`create trigger ${name} after ${on} on ${table} begin ${BUMP} end`).execute(db);
    }
  }
}
