/**
 * `tags.event_count`: how many events carry each tag, kept by triggers on `event_tags` so
 * `/public-search` answers a tag's `event_count` without counting its events per request
 * (src/catalog/search.ts; a scoped search still counts, within its scope).
 */
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('tags').addColumn('event_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update tags set event_count = (select count(*) from event_tags et where et.tag_id = tags.id)`.execute(db);
  const down = (tag: string) => `update tags set event_count = event_count - 1 where id = ${tag}.tag_id`;
  const up = (tag: string) => `update tags set event_count = event_count + 1 where id = ${tag}.tag_id`;
  if (ctx.dialect === 'sqlite') {
    await sql.raw(`create trigger tags_event_count_ai after insert on event_tags begin ${up('new')}; end`).execute(db);
    await sql.raw(`create trigger tags_event_count_ad after delete on event_tags begin ${down('old')}; end`).execute(db);
    await sql.raw(`create trigger tags_event_count_au after update of tag_id on event_tags begin ${down('old')}; ${up('new')}; end`).execute(db);
    return;
  }
  await sql.raw(`create function tags_event_count() returns trigger language plpgsql as $$ begin
    if tg_op in ('DELETE', 'UPDATE') then ${down('old')}; end if;
    if tg_op in ('INSERT', 'UPDATE') then ${up('new')}; end if;
    return null; end $$`).execute(db);
  await sql.raw(`create trigger tags_event_count after insert or delete or update of tag_id on event_tags
    for each row execute function tags_event_count()`).execute(db);
}
