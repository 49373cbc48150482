/**
 * What changed for `/public-search`'s in-memory index (src/catalog/search-index), SQLite only.
 * `search_feed` holds one row: `seq`, bumped by every change to a searched or ranked column of an
 * event (title, slug, ticker, closed, volume, creator) or a tag (label, slug, event_count), or to
 * an event's sites or tags (which scope a search and its tag counts), and `resets`, bumped when an
 * event or tag is deleted. The changed row records the new `seq` in its own
 * `search_seq` (indexed), so a reader that has seen up to `seq` reads exactly the rows changed
 * since. Triggers keep it whatever writes the rows: the service, the importer, another process on
 * the same file. SQLite commits one writer at a time, so a row's `search_seq` is never below a
 * `seq` that a reader has already seen committed.
 * The walk that ranked searches inside SQLite (0011's `lower(title)` / `lower(slug)` indexes) is
 * gone with it: those two indexes are dropped. `events_search_walk` stays (the `/events` pages
 * ordered by volume use it). PostgreSQL ranks every search in SQL and needs none of this.
 */
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

const SEARCHED: Array<[table: string, columns: string]> = [
  ['events', 'title, slug, ticker, closed, volume, creator_id'],
  ['tags', 'label, slug, event_count'],
];
/** Links that scope a search (an event's sites) or count within a scope (its tags): a change stamps the event. */
const LINKS = ['event_sites', 'event_tags'];

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'sqlite') return;
  await sql.raw('create table search_feed (id integer primary key check (id = 1), seq integer not null, resets integer not null)').execute(db);
  await sql.raw('insert into search_feed (id, seq, resets) values (1, 0, 0)').execute(db);
  const bump = 'update search_feed set seq = seq + 1 where id = 1';
  for (const [table, columns] of SEARCHED) {
    await db.schema.alterTable(table).addColumn('search_seq', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await sql.raw(`create index ${table}_search_seq on ${table} (search_seq)`).execute(db);
    const mark = `update ${table} set search_seq = (select seq from search_feed where id = 1) where id = new.id`;
    await sql.raw(`create trigger ${table}_search_ai after insert on ${table} begin ${bump}; ${mark}; end`).execute(db);
    await sql.raw(`create trigger ${table}_search_au after update of ${columns} on ${table} begin ${bump}; ${mark}; end`).execute(db);
    await sql.raw(`create trigger ${table}_search_ad after delete on ${table} begin
      update search_feed set resets = resets + 1 where id = 1; end`).execute(db);
  }
  const stamp = (ref: 'new' | 'old') => `update events set search_seq = (select seq from search_feed where id = 1) where id = ${ref}.event_id`;
  for (const table of LINKS) {
    await sql.raw(`create trigger ${table}_search_ai after insert on ${table} begin ${bump}; ${stamp('new')}; end`).execute(db);
    await sql.raw(`create trigger ${table}_search_ad after delete on ${table} begin ${bump}; ${stamp('old')}; end`).execute(db);
    await sql.raw(`create trigger ${table}_search_au after update on ${table} begin ${bump}; ${stamp('old')}; ${stamp('new')}; end`).execute(db);
  }
  await sql.raw('drop index events_title_lower').execute(db);
  await sql.raw('drop index events_slug_lower').execute(db);
}
