/**
 * `/public-search` from memory on SQLite (each word one word to FTS5): the events and tags, their
 * words, rank keys and what scopes them (creator, sites, tags), kept by the Catalog (one index
 * for its store, src/catalog/service.ts) and brought up to
 * date at the start of every search from the `search` versions (migrations 0017, 0018), inside the search's read
 * snapshot. A search then reads its two versions when nothing changed, the changed rows when something
 * did (any writer: the service, the importer, another process), everything after a delete.
 * The service builds the index at start (about a second on the scale catalog); every answer equals
 * the SQL ranking's (search.ts), which a word FTS5 reads as a phrase and PostgreSQL still use.
 */
import { sql, type Kysely } from 'kysely';
import { prepared } from '../../store/prepared.js';
import { rows as read, runPlan, type Plan } from '../../store/read-plan.js';
import type { Database } from '../../store/schema.js';
import type { Scope } from '../scope.js';
import { Memberships } from './scopes.js';
import { DocIndex, type Doc } from './doc-index.js';
import { queryTerms } from './tokens.js';

export { queryTerms };

interface Feed { seq: number | null; resets: number | null }
const feedRow = prepared(() => sql<Feed>`select
  (select version from page_versions where pages = 'search' and id = 0) as seq,
  (select version from page_versions where pages = 'search:resets' and id = 0) as resets`);
interface EventRow { id: number; title: string; slug: string; ticker: string; closed: number; volume: number; creator_id: number | null; sites: string | null; tags: string | null }
/** Site ids are joined by a unit separator (U+001F), which no identifier holds. */
const eventsSince = prepared((_db, seq: number) => sql<EventRow>`select e.id, e.title, e.slug, e.ticker, e.closed, e.volume, e.creator_id,
  (select group_concat(s.site_id, char(31)) from event_sites s where s.event_id = e.id) as sites,
  (select group_concat(t.tag_id) from event_tags t where t.event_id = e.id) as tags
  from events e where e.search_seq > ${seq}`);
const tagsSince = prepared((_db, seq: number) => sql<{ id: number; label: string; slug: string; event_count: number }>`select
  id, label, slug, event_count from tags where search_seq > ${seq}`);

export class SearchIndex {
  events = new DocIndex();
  tags = new DocIndex();
  members = new Memberships();
  /** The feed as last read: rows changed after `seq` are not in the index yet. */
  seq = -1;
  resets = -1;

  *refresh(): Plan<void> {
    const [feed] = yield* read(feedRow.read, undefined);
    if (!feed || feed.seq === null || feed.resets === null) throw new Error('page_versions is missing the search rows (migration 0018)');
    if (feed.resets !== this.resets) {
      this.events = new DocIndex();
      this.tags = new DocIndex();
      this.members = new Memberships();
      this.seq = -1;
    }
    if (feed.seq === this.seq && feed.resets === this.resets) return;
    const events = yield* read(eventsSince.read, undefined, this.seq);
    const tags = yield* read(tagsSince.read, undefined, this.seq);
    this.events.apply(events.map((r): Doc => ({ id: r.id, text: r.title, slug: r.slug, group: r.closed, weight: r.volume, extra: r.ticker === r.slug ? r.slug : r.ticker })));
    for (const r of events) {
      const sites = r.sites ? r.sites.split('\x1f') : [];
      this.members.set(this.events.slotOf(r.id)!, r.creator_id, sites, r.tags ? r.tags.split(',').map(Number) : []);
    }
    this.tags.apply(tags.map((r): Doc => ({ id: r.id, text: r.label, slug: r.slug, group: 0, weight: r.event_count, extra: '' })));
    this.seq = feed.seq;
    this.resets = feed.resets;
  }

  /** Reads the whole catalog into the index (at start, so that the first search does not wait for it). */
  async build(db: Kysely<Database>, onProgress?: (what: string, done: number, total: number) => void): Promise<void> {
    onProgress?.('search index', 0, 1);
    await runPlan(db, this.refresh());
    this.events.warm();
    this.tags.warm();
    onProgress?.('search index', 1, 1);
  }
}

/**
 * `terms`: the query's words as FTS5 reads them (`queryTerms`); `lowered` and `slug` as the SQL
 * ranking's tiers take them; `scope`: only events of a site or creator, and tags counted in it.
 */
export interface IndexedQuery { terms: string[]; lowered: string; slug: string; need: number; tags: boolean; scope: Scope | undefined }
export interface IndexedAnswer { events: Doc[]; totalEvents: number; tags: Doc[]; totalTags: number }

/** The first `need` events (and tags) of a search in `index`, in rank order, and how many match (a read-plan step). */
export function* searchIndexed(index: SearchIndex, q: IndexedQuery): Plan<IndexedAnswer> {
  yield* index.refresh();
  const head = q.terms.slice(0, -1);
  const last = q.terms[q.terms.length - 1]!;
  const inScope = q.scope && index.members.inScope(q.scope);
  const matched = index.events.match(head, last);
  const hits = inScope ? index.events.filter(matched, inScope) : matched;
  const events = index.events.top(hits, q.need, q.lowered, q.slug);
  const totalEvents = hits.slots.length;
  if (!q.tags) return { events, totalEvents, tags: [], totalTags: 0 };
  const tagHits = index.tags.match(head, last);
  if (!inScope) return { events, totalEvents, tags: index.tags.top(tagHits, q.need, q.lowered, q.slug), totalTags: tagHits.slots.length };
  const tags = index.tags.rankBy(tagHits, q.lowered, q.slug, (tag) => index.members.countIn(tag.id, inScope));
  return { events, totalEvents, tags: tags.slice(0, q.need), totalTags: tags.length };
}
