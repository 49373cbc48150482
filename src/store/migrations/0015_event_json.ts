/**
 * The catalog's read model for events (src/catalog/event-json.ts): `events.list_json` is the
 * event's `GET /events` item (its fields and tags), `events.detail_json` its
 * `GET /events/slug/{slug}` answer (fields, tags, markets, series, metadata), both as stored
 * JSON. NULL means "not built": readers then build the answer from the rows, and the service
 * builds missing ones on start. Triggers keep them honest whatever writes the rows: a change to
 * anything an answer shows sets it back to NULL (the volume updates of trading do not).
 */
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/** Event columns the answers show (src/catalog/format.ts eventOut; the list item shows all but two). */
export const EVENT_SHOWN = 'id, ticker, slug, title, description, resolution_source, start_date, creation_date, end_date, image, icon, '
  + 'active, closed, archived, metadata, created_at, updated_at';
const TAG_SHOWN = 'label, slug, requires_translation, created_at, updated_at';
/** Market columns an event's detail shows (format.ts marketOut), and the event it belongs to. */
export const MARKET_SHOWN = 'id, event_id, question, condition_id, question_id, slug, resolution_source, start_date, end_date, image, icon, '
  + 'description, outcomes, active, closed, archived, created_at, updated_at';
const SERIES_SHOWN = 'id, ticker, slug, title, series_type, recurrence, image, icon, active, closed, archived, created_at, updated_at';

const BOTH = 'list_json = null, detail_json = null';
const DETAIL = 'detail_json = null';
const clearEvent = (set: string, ref: string) => `update events set ${set} where id = ${ref}.event_id`;
const clearTagged = (ref: string) => `update events set ${BOTH} where id in (select event_id from event_tags where tag_id = ${ref}.id)`;
const clearSeries = (ref: string) => `update events set ${DETAIL} where id in (select event_id from event_series where series_id = ${ref}.id)`;

/** [table, trigger event (same words in both dialects), what it clears for a row, which rows]. */
type Rule = [string, string, (ref: 'old' | 'new') => string, Array<'old' | 'new'>];
const RULES: Rule[] = [
  ['event_tags', 'insert', (r) => clearEvent(BOTH, r), ['new']],
  ['event_tags', 'delete', (r) => clearEvent(BOTH, r), ['old']],
  ['event_tags', 'update', (r) => clearEvent(BOTH, r), ['old', 'new']],
  ['tags', `update of ${TAG_SHOWN}`, clearTagged, ['new']],
  ['markets', 'insert', (r) => clearEvent(DETAIL, r), ['new']],
  ['markets', 'delete', (r) => clearEvent(DETAIL, r), ['old']],
  ['markets', `update of ${MARKET_SHOWN}`, (r) => clearEvent(DETAIL, r), ['old', 'new']],
  ['event_series', 'insert', (r) => clearEvent(DETAIL, r), ['new']],
  ['event_series', 'delete', (r) => clearEvent(DETAIL, r), ['old']],
  ['event_series', 'update', (r) => clearEvent(DETAIL, r), ['old', 'new']],
  ['series', `update of ${SERIES_SHOWN}`, clearSeries, ['new']],
];

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('events').addColumn('list_json', 'text').execute();
  await db.schema.alterTable('events').addColumn('detail_json', 'text').execute();
  // What the start's fill looks for: normally empty, so a start does not scan the events.
  await sql.raw('create index events_json_missing on events (id) where list_json is null or detail_json is null').execute(db);
  const pg = ctx.dialect === 'postgres';
  if (pg) {
    await sql.raw(`create function events_json_clear() returns trigger language plpgsql as $$ begin
      new.list_json := null; new.detail_json := null; return new; end $$`).execute(db);
    await sql.raw(`create trigger events_json_clear before update of ${EVENT_SHOWN} on events
      for each row execute function events_json_clear()`).execute(db);
  } else {
    await sql.raw(`create trigger events_json_au after update of ${EVENT_SHOWN} on events
      begin update events set ${BOTH} where id = new.id; end`).execute(db);
  }
  for (const [i, [table, on, stmt, refs]] of RULES.entries()) {
    const name = `${table}_events_json_${i}`;
    const body = refs.map((r) => `${stmt(r)};`).join(' ');
    if (pg) {
      await sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`).execute(db);
      await sql.raw(`create trigger ${name} after ${on} on ${table} for each row execute function ${name}()`).execute(db);
    } else {
      await sql.raw(`create trigger ${name} after ${on} on ${table} begin ${body} end`).execute(db);
    }
  }
}
