/**
 * `/public-search` from memory on SQLite (unscoped; each word one word to FTS5): the
 * events and tags, their words and rank keys, kept per database connection and brought up to
 * date at the start of every search from `search_feed` (migration 0017), inside the search's read
 * snapshot. A search then reads one row when nothing changed, the changed rows when something
 * did (any writer: the service, the importer, another process), everything after a delete.
 * The service builds the index at start (about a second on the scale catalog); every answer equals
 * the SQL ranking's (search.ts), which scoped searches, other queries and PostgreSQL still use.
 */
import { sql, type Kysely } from 'kysely';
import type SqliteDatabase from 'better-sqlite3';
import { prepared } from '../../store/prepared.js';
import { rows as read, runPlan, type Plan } from '../../store/read-plan.js';
import { sqliteOf } from '../../store/sqlite-handle.js';
import type { Database } from '../../store/schema.js';
import { DocIndex, type Doc } from './doc-index.js';
import { queryTerms } from './tokens.js';

export { queryTerms };

interface Feed { seq: number; resets: number }
const feedRow = prepared(() => sql<Feed>`select seq, resets from search_feed where id = 1`);
const eventsSince = prepared((_db, seq: number) => sql<{ id: number; title: string; slug: string; ticker: string; closed: number; volume: number }>`select
  id, title, slug, ticker, closed, volume from events where search_seq > ${seq}`);
const tagsSince = prepared((_db, seq: number) => sql<{ id: number; label: string; slug: string; event_count: number }>`select
  id, label, slug, event_count from tags where search_seq > ${seq}`);

class SearchIndex {
  events = new DocIndex();
  tags = new DocIndex();
  /** The feed as last read: rows changed after `seq` are not in the index yet. */
  seq = -1;
  resets = -1;

  *refresh(): Plan<void> {
    const [feed] = yield* read(feedRow.read, undefined);
    if (!feed) throw new Error('search_feed is missing its row (migration 0017)');
    if (feed.resets !== this.resets) {
      this.events = new DocIndex();
      this.tags = new DocIndex();
      this.seq = -1;
    }
    if (feed.seq === this.seq && feed.resets === this.resets) return;
    const events = yield* read(eventsSince.read, undefined, this.seq);
    const tags = yield* read(tagsSince.read, undefined, this.seq);
    this.events.apply(events.map((r): Doc => ({ id: r.id, text: r.title, slug: r.slug, group: r.closed, weight: r.volume, extra: r.ticker === r.slug ? r.slug : r.ticker })));
    this.tags.apply(tags.map((r): Doc => ({ id: r.id, text: r.label, slug: r.slug, group: 0, weight: r.event_count, extra: '' })));
    this.seq = feed.seq;
    this.resets = feed.resets;
  }
}

const indexes = new WeakMap<SqliteDatabase.Database, SearchIndex>();

function indexOf(sqlite: SqliteDatabase.Database): SearchIndex {
  let index = indexes.get(sqlite);
  if (!index) indexes.set(sqlite, (index = new SearchIndex()));
  return index;
}

/** Builds the index of a SQLite store at start, so that the first search does not wait for it; nothing on PostgreSQL. */
export async function buildSearchIndex(db: Kysely<Database>): Promise<void> {
  const sqlite = sqliteOf(db);
  if (!sqlite) return;
  const index = indexOf(sqlite);
  await runPlan(db, index.refresh());
  index.events.warm();
  index.tags.warm();
}

/** `terms`: the query's words as FTS5 reads them (`queryTerms`); `lowered` and `slug` as the SQL ranking's tiers take them. */
export interface IndexedQuery { terms: string[]; lowered: string; slug: string; need: number; tags: boolean }
export interface IndexedAnswer { events: Doc[]; totalEvents: number; tags: Doc[]; totalTags: number }

/** The first `need` events (and tags) of a search in rank order, and how many match (a read-plan step). */
export function* searchIndexed(sqlite: SqliteDatabase.Database, q: IndexedQuery): Plan<IndexedAnswer> {
  const index = indexOf(sqlite);
  yield* index.refresh();
  const head = q.terms.slice(0, -1);
  const last = q.terms[q.terms.length - 1]!;
  const hits = index.events.match(head, last);
  const events = index.events.top(hits, q.need, q.lowered, q.slug);
  const totalEvents = hits.slots.length;
  if (!q.tags) return { events, totalEvents, tags: [], totalTags: 0 };
  const tagHits = index.tags.match(head, last);
  return { events, totalEvents, tags: index.tags.top(tagHits, q.need, q.lowered, q.slug), totalTags: tagHits.slots.length };
}
