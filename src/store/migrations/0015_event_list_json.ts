/**
 * `events.list_json`: the event's `GET /events` item (its fields and tags) as stored JSON, the
 * catalog's read model for the event list (src/catalog/event-json.ts). NULL means "not built":
 * readers then build the item from the rows, and the service fills missing items on start.
 * Triggers keep it honest whatever writes the rows: a change to a column the item shows, to
 * the event's tags or to a tag's own fields sets it back to NULL (a volume update does not).
 */
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/** The event columns the list item shows (src/catalog/format.ts eventListOut). */
const EVENT_SHOWN = 'id, ticker, slug, title, description, resolution_source, start_date, end_date, image, icon, active, closed, archived, created_at, updated_at';
const TAG_SHOWN = 'label, slug, requires_translation, created_at, updated_at';

const CLEAR_EVENT = (ref: string) => `update events set list_json = null where id = ${ref}.event_id`;
const CLEAR_TAGGED = (ref: string) => `update events set list_json = null where id in (select event_id from event_tags where tag_id = ${ref}.id)`;

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('events').addColumn('list_json', 'text').execute();
  if (ctx.dialect === 'sqlite') {
    await sql.raw(`create trigger events_list_json_au after update of ${EVENT_SHOWN} on events
      begin update events set list_json = null where id = new.id; end`).execute(db);
    await sql.raw(`create trigger event_tags_list_json_ai after insert on event_tags begin ${CLEAR_EVENT('new')}; end`).execute(db);
    await sql.raw(`create trigger event_tags_list_json_ad after delete on event_tags begin ${CLEAR_EVENT('old')}; end`).execute(db);
    await sql.raw(`create trigger event_tags_list_json_au after update on event_tags begin ${CLEAR_EVENT('old')}; ${CLEAR_EVENT('new')}; end`).execute(db);
    await sql.raw(`create trigger tags_list_json_au after update of ${TAG_SHOWN} on tags begin ${CLEAR_TAGGED('new')}; end`).execute(db);
    return;
  }
  await sql.raw(`create function events_list_json_clear() returns trigger language plpgsql as $$ begin
    new.list_json := null; return new; end $$`).execute(db);
  await sql.raw(`create trigger events_list_json_clear before update of ${EVENT_SHOWN} on events
    for each row execute function events_list_json_clear()`).execute(db);
  await sql.raw(`create function event_tags_list_json() returns trigger language plpgsql as $$ begin
    if tg_op in ('DELETE', 'UPDATE') then ${CLEAR_EVENT('old')}; end if;
    if tg_op in ('INSERT', 'UPDATE') then ${CLEAR_EVENT('new')}; end if;
    return null; end $$`).execute(db);
  await sql.raw(`create trigger event_tags_list_json after insert or delete or update on event_tags
    for each row execute function event_tags_list_json()`).execute(db);
  await sql.raw(`create function tags_list_json() returns trigger language plpgsql as $$ begin
    ${CLEAR_TAGGED('new')}; return null; end $$`).execute(db);
  await sql.raw(`create trigger tags_list_json after update of ${TAG_SHOWN} on tags
    for each row execute function tags_list_json()`).execute(db);
}
