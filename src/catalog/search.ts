/**
 * `GET /public-search`: events and tags whose words match the query (never a table scan): in SQL
 * through the full-text indexes of migration 0002, or on SQLite from the in-memory index of
 * search-index/ (equal answers, checked by search-index.test.ts). Ranking, the same on both
 * backends and both ways:
 *   1. exact match — the title/label equals the query, or the slug equals its words joined by `-`;
 *   2. prefix match — the title/label or slug starts with it;
 *   3. word match — every word occurs (the last as a prefix);
 * then open before closed events and by volume (events) or by event count (tags), then newest id.
 * `page` pages both lists with `limit_per_type` each; `totalResults` counts all matching events
 * plus (when `search_tags`) all matching tags; `hasMore` says whether a later page has any.
 * Profiles are never searched (`search_profiles` is accepted for compatibility).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { Dialect } from '../store/migrations/context.js';
import { errors } from '../errors/catalogue.js';
import { inScope, resolveScope, scopeKey, type Scope } from './scope.js';
import { eventMatch, matchText, queryWords, tagMatch, tierArgs, type TierArgs } from './queries/search-sql.js';
import { queryTerms, searchIndexed, type SearchIndex } from './search-index/index.js';
import { literal, preparedShapes } from '../store/prepared.js';
import { query, rowsOf, runPlan, type Plan } from '../store/read-plan.js';
import type { WireSearchResult } from './schemas.js';

export interface SearchQuery { q: string; limit_per_type: number; page: number; search_tags: boolean; creator?: string }

/** The rank tier of a row: 0 when its text or slug equals the query, 1 when either starts with it, else 2. */
function tier(textCol: string, slugCol: string) {
  const t = sql.ref(textCol);
  const s = sql.ref(slugCol);
  return (...[lowered, loweredLike, slug, slugLike]: TierArgs) => sql<number>`case when lower(${t}) = ${lowered} or ${s} = ${slug} then 0
    when lower(${t}) like ${loweredLike} escape '\\' or ${s} like ${slugLike} escape '\\' then 1 else 2 end`;
}
const eventTier = tier('e.title', 'e.slug');
const tagTier = tier('t.label', 't.slug');

/** A tag's events: kept in `tags.event_count` (migration 0012); counted within a scope (its values compile into the SQL). */
function eventCount(scope: Scope | undefined) {
  if (!scope) return sql<number>`t.event_count`;
  const inScope = scope.kind === 'site'
    ? sql`exists (select 1 from event_sites cs where cs.event_id = ct.event_id and cs.site_id = ${scope.siteId})`
    : sql`exists (select 1 from events ce where ce.id = ct.event_id and ce.creator_id in (${sql.join(scope.creatorIds)}))`;
  return sql<number>`(select count(*) from event_tags ct where ct.tag_id = t.id and ${inScope})`;
}

/** What changes the search statements' SQL: the dialect and the scope. */
interface SearchShape { dialect: Dialect; scope: Scope | undefined }
const searchShapeKey = (s: SearchShape) => `${s.dialect}|${scopeKey(s.scope)}`;

/** Matching tags (scoped: only tags with events in the scope). */
function matchingTags(db: Kysely<Database>, s: SearchShape, match: string, tier: TierArgs) {
  const counted = db.selectFrom('tags as t').where(tagMatch(s.dialect, match))
    .select(['t.id', 't.label', 't.slug', eventCount(s.scope).as('event_count'), tagTier(...tier).as('tier')]);
  return db.selectFrom(counted.as('m')).where((eb) => (s.scope ? eb('m.event_count', '>', 0) : eb.lit(true)));
}
const tagPage = preparedShapes((db, s: SearchShape, match: string, ...[lowered, loweredLike, slug, slugLike, limit, offset]: [...TierArgs, number, number]) =>
  matchingTags(db, s, match, [lowered, loweredLike, slug, slugLike]).select(['m.id', 'm.label', 'm.slug', 'm.event_count'])
    .orderBy('m.tier').orderBy('m.event_count', 'desc').orderBy('m.id', 'desc').limit(limit).offset(offset), searchShapeKey);
const tagCount = preparedShapes((db, s: SearchShape, match: string, ...tier: TierArgs) =>
  matchingTags(db, s, match, tier).select((eb) => eb.fn.countAll<number>().as('n')), searchShapeKey);

interface EventHit { id: number; ticker: string; slug: string; title: string }
interface TagHit { id: number; label: string; slug: string; event_count: number }

/** The matching events (by dialect and scope), ranked in full: a page of them, and their count. */
function matchingEvents(db: Kysely<Database>, s: SearchShape, match: string) {
  const events = db.selectFrom('events as e').where(eventMatch(s.dialect, match));
  return s.scope ? events.where((eb) => inScope(eb, 'e.id', s.scope!)) : events;
}
const rankedEvents = preparedShapes((db, s: SearchShape, match: string, ...[lowered, loweredLike, slug, slugLike, limit, offset]: [...TierArgs, number, number]) =>
  matchingEvents(db, s, match).select(['e.id', 'e.ticker', 'e.slug', 'e.title'])
    .orderBy(eventTier(lowered, loweredLike, slug, slugLike)).orderBy('e.closed', 'asc').orderBy('e.volume', 'desc').orderBy('e.id', 'desc')
    .limit(limit).offset(offset), searchShapeKey);
const matchCount = preparedShapes((db, s: SearchShape, match: string) =>
  matchingEvents(db, s, match).select((eb) => eb.fn.countAll<number>().as('n')), searchShapeKey);

/**
 * `GET /public-search`. Its reads are one read plan (store/read-plan.ts): on SQLite the count, the
 * ranking and the page come from one snapshot, so `totalResults` and `hasMore` agree with the page.
 * `index`: SQLite's in-memory index (search-index/), used for the queries whose words FTS5 reads
 * one by one; without it (PostgreSQL) every search is ranked in SQL.
 */
export async function publicSearch(db: Kysely<Database>, dialect: Dialect, q: SearchQuery, index: SearchIndex | undefined): Promise<WireSearchResult> {
  if (q.q.trim() === '') throw errors.required('q');
  const scope = await resolveScope(db, q.creator);
  const words = queryWords(q.q);
  if (words.length === 0) return { events: [], tags: [], pagination: { hasMore: false, totalResults: 0 } };
  const terms = index ? queryTerms(words) : undefined;
  const plan = index && terms ? fromIndex(index, words, terms, scope, q) : ranked(dialect, scope, words, q);
  const found = await runPlan(db, plan);
  const seen = q.page * q.limit_per_type;
  return {
    events: found.events.map((e) => ({ id: String(e.id), ticker: e.ticker, slug: e.slug, title: e.title })),
    tags: found.tags.map((t) => ({ id: String(t.id), label: t.label, slug: t.slug, event_count: Number(t.event_count) })),
    pagination: { hasMore: found.totalEvents > seen || found.totalTags > seen, totalResults: found.totalEvents + found.totalTags },
  };
}

interface Found { events: EventHit[]; totalEvents: number; tags: TagHit[]; totalTags: number }

const queryTexts = (q: SearchQuery, words: string[]) => ({ lowered: q.q.trim().toLowerCase(), slug: words.join('-') });

/** SQLite: the in-memory index (search-index/), brought up to date in the plan's snapshot. */
function* fromIndex(index: SearchIndex, words: string[], terms: string[], scope: Scope | undefined, q: SearchQuery): Plan<Found> {
  const offset = (q.page - 1) * q.limit_per_type;
  const page = <T>(docs: T[]) => docs.slice(offset);
  const found = yield* searchIndexed(index, { terms, ...queryTexts(q, words), need: offset + q.limit_per_type, tags: q.search_tags, scope });
  return {
    events: page(found.events).map((d) => ({ id: d.id, ticker: d.extra, slug: d.slug, title: d.text })),
    totalEvents: found.totalEvents,
    tags: page(found.tags).map((d) => ({ id: d.id, label: d.text, slug: d.slug, event_count: d.weight })),
    totalTags: found.totalTags,
  };
}

/** Any other search: ranked in SQL (the full-text index finds the matches; the page and the counts in one snapshot on SQLite). */
function* ranked(dialect: Dialect, scope: Scope | undefined, words: string[], q: SearchQuery): Plan<Found> {
  const { lowered, slug } = queryTexts(q, words);
  const offset = (q.page - 1) * q.limit_per_type;
  const shape = { dialect, scope };
  const match = matchText(dialect, words);
  const tier = tierArgs(lowered, slug);
  const [events, n] = yield* rowsOf(query(rankedEvents, shape, match, ...tier, literal(q.limit_per_type), offset), query(matchCount, shape, match));
  if (!q.search_tags) return { events, totalEvents: Number(n[0]?.n ?? 0), tags: [], totalTags: 0 };
  const [tags, counted] = yield* rowsOf(query(tagPage, shape, match, ...tier, literal(q.limit_per_type), offset), query(tagCount, shape, match, ...tier));
  return { events, totalEvents: Number(n[0]?.n ?? 0), tags, totalTags: Number(counted[0]?.n ?? 0) };
}
