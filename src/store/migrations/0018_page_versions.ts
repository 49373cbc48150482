/**
 * What changed for the kept catalog pages (src/catalog/page-versions.ts): `page_versions` holds a
 * version per kind of page (`pages`) and, where pages belong to one entity, per entity (`id`;
 * 0 otherwise), bumped by triggers on every change to what such a page shows or selects by,
 * whoever writes the rows: the service, the importer, another process on the same database.
 * A page is kept with the versions it was built at and used only while they are unchanged.
 *
 * - `comments:<entity type>` (`Event`, `Series`, `market`), per entity: its comments, their
 *   reactions, their authors' profiles; `comments` (id 0): any of those, for pages that are not
 *   one entity's. (Positions, which trades change, are read with every request instead.)
 * - `events`: any event column but its volume and stored answers, its tags, series and sites,
 *   and the tags, series, sites and creators themselves: what `GET /events` filters, orders
 *   and shows. `events:volume`: an event's volume, which trades change, for the pages ordered
 *   by it.
 * - SQLite: `search` and `search:resets` take over the one row of `search_feed` (0017: `seq` and
 *   `resets` of the in-memory search index, src/catalog/search-index), which is dropped, and
 *   0017's triggers are written again to bump them. One table of versions: a trade that moves a
 *   volume writes one page of it (both bumps), not one page each.
 */
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

const UPSERT = 'on conflict (pages, id) do update set version = page_versions.version + 1';
/** Bumps the versions `select` names (`pages, id` rows, each once). */
const bump = (select: string) => `insert into page_versions (pages, id, version) ${select} ${UPSERT};`;
const bumpOne = (pages: string) => `insert into page_versions (pages, id, version) values ('${pages}', 0, 1) ${UPSERT};`;

const ofComment = (ref: string) => bump(`select 'comments:' || ${ref}.parent_entity_type, ${ref}.parent_entity_id, 1 where true`) + bumpOne('comments');
const ofReaction = (ref: string) => bump(`select 'comments:' || parent_entity_type, parent_entity_id, 1 from comments where id = ${ref}.comment_id`) + bumpOne('comments');
const ofAuthor = (ref: string) => bump(`select distinct 'comments:' || parent_entity_type, parent_entity_id, 1 from comments where user_address = ${ref}.address`) + bumpOne('comments');
const events = () => bumpOne('events');

/**
 * Every event column but `volume` (its own version), the stored answers (built from the others)
 * and SQLite's `search_seq` (0017). A migration that adds an event column adds it here too.
 */
const EVENT_LISTED = 'id, ticker, slug, title, description, resolution_source, start_date, creation_date, end_date, image, icon, '
  + 'active, closed, archived, neg_risk, neg_risk_market_id, creator_id, liquidity, metadata, created_at, updated_at';

/** [table, trigger event (same words in both dialects), what it bumps for a row, which rows]. */
type Rule = [string, string, (ref: 'old' | 'new') => string, Array<'old' | 'new'>];
const ROW_EVENTS = ['insert', 'delete', 'update'] as const;
const refsOf = (on: string): Array<'old' | 'new'> => (on === 'insert' ? ['new'] : on === 'delete' ? ['old'] : ['old', 'new']);

/** 0017's searched columns and links, whose triggers now bump `search` (their stamps read it). */
const SEARCHED: Array<[table: string, columns: string]> = [
  ['events', 'title, slug, ticker, closed, volume, creator_id'],
  ['tags', 'label, slug, event_count'],
];
const LINKS = ['event_sites', 'event_tags'];
const SEARCH = "(select version from page_versions where pages = 'search' and id = 0)";
const searchBump = (pages: string) => `update page_versions set version = version + 1 where pages = '${pages}' and id = 0`;

async function moveSearchFeed(db: Kysely<any>): Promise<void> {
  await sql.raw(`insert into page_versions (pages, id, version)
    select 'search', 0, seq from search_feed where id = 1 union all select 'search:resets', 0, resets from search_feed where id = 1`).execute(db);
  const bump = searchBump('search');
  for (const [table, columns] of SEARCHED) {
    const mark = `update ${table} set search_seq = ${SEARCH} where id = new.id`;
    for (const t of ['ai', 'au', 'ad']) await sql.raw(`drop trigger ${table}_search_${t}`).execute(db);
    await sql.raw(`create trigger ${table}_search_ai after insert on ${table} begin ${bump}; ${mark}; end`).execute(db);
    await sql.raw(`create trigger ${table}_search_au after update of ${columns} on ${table} begin ${bump}; ${mark}; end`).execute(db);
    await sql.raw(`create trigger ${table}_search_ad after delete on ${table} begin ${searchBump('search:resets')}; end`).execute(db);
  }
  const stamp = (ref: 'new' | 'old') => `update events set search_seq = ${SEARCH} where id = ${ref}.event_id`;
  for (const table of LINKS) {
    for (const t of ['ai', 'au', 'ad']) await sql.raw(`drop trigger ${table}_search_${t}`).execute(db);
    await sql.raw(`create trigger ${table}_search_ai after insert on ${table} begin ${bump}; ${stamp('new')}; end`).execute(db);
    await sql.raw(`create trigger ${table}_search_ad after delete on ${table} begin ${bump}; ${stamp('old')}; end`).execute(db);
    await sql.raw(`create trigger ${table}_search_au after update on ${table} begin ${bump}; ${stamp('old')}; ${stamp('new')}; end`).execute(db);
  }
  await sql.raw('drop table search_feed').execute(db);
}

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await sql.raw(`create table page_versions (pages text not null, id bigint not null, version bigint not null,
    primary key (pages, id))${ctx.dialect === 'sqlite' ? ' without rowid' : ''}`).execute(db);
  const rules: Rule[] = [];
  for (const on of ROW_EVENTS) {
    rules.push(['comments', on, ofComment, refsOf(on)], ['comment_reactions', on, ofReaction, refsOf(on)], ['profiles', on, ofAuthor, refsOf(on)]);
    for (const table of ['event_tags', 'tags', 'event_series', 'series', 'event_sites', 'sites', 'event_creators']) {
      rules.push([table, on, events, ['new']]); // one bump a row, whatever the row
    }
  }
  rules.push(['events', 'insert', events, ['new']], ['events', 'delete', events, ['old']], ['events', `update of ${EVENT_LISTED}`, events, ['new']],
    ['events', 'update of volume', () => bumpOne('events:volume'), ['new']]);
  if (ctx.dialect === 'sqlite') await moveSearchFeed(db);
  const pg = ctx.dialect === 'postgres';
  for (const [i, [table, on, stmt, refs]] of rules.entries()) {
    const name = `${table}_page_versions_${i}`;
    const body = refs.map((r) => stmt(r)).join(' ');
    if (pg) {
      await sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`).execute(db);
      await sql.raw(`create trigger ${name} after ${on} on ${table} for each row execute function ${name}()`).execute(db);
    } else {
      await sql.raw(`create trigger ${name} after ${on} on ${table} begin ${body} end`).execute(db);
    }
  }
}
