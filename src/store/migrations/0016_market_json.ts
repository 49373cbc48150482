/**
 * The catalog's read model for markets (src/catalog/event-json.ts): `markets.detail_json` is the
 * market's `GET /markets/slug/{slug}` answer (its fields and its event's summary) as stored
 * JSON, NULL when not built (readers then build it from the rows; the start builds missing
 * ones). Triggers set it back to NULL when the market's shown columns or its event's change,
 * whoever writes them (the volume updates of trading change neither).
 */
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';
import { EVENT_SHOWN, MARKET_SHOWN } from './0015_event_json.js';

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('markets').addColumn('detail_json', 'text').execute();
  // What the start's fill looks for: normally empty, so a start does not scan the markets.
  await sql.raw('create index markets_json_missing on markets (event_id) where detail_json is null').execute(db);
  const ofEvent = 'update markets set detail_json = null where event_id = new.id;';
  if (ctx.dialect === 'postgres') {
    await sql.raw(`create function markets_json_clear() returns trigger language plpgsql as $$ begin
      new.detail_json := null; return new; end $$`).execute(db);
    await sql.raw(`create trigger markets_json_clear before update of ${MARKET_SHOWN} on markets
      for each row execute function markets_json_clear()`).execute(db);
    await sql.raw(`create function events_markets_json() returns trigger language plpgsql as $$ begin
      ${ofEvent} return null; end $$`).execute(db);
    await sql.raw(`create trigger events_markets_json after update of ${EVENT_SHOWN} on events
      for each row execute function events_markets_json()`).execute(db);
  } else {
    await sql.raw(`create trigger markets_json_au after update of ${MARKET_SHOWN} on markets
      begin update markets set detail_json = null where id = new.id; end`).execute(db);
    await sql.raw(`create trigger events_markets_json after update of ${EVENT_SHOWN} on events begin ${ofEvent} end`).execute(db);
  }
}
