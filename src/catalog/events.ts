/**
 * Event reads: `GET /events` (filters, order, page; each item with its tags) and
 * `GET /events/slug/{slug}` (with tags, markets, series and eventMetadata). Filters resolve
 * their slugs to ids first so the list query walks indexes (event_tags_tag, event_series_series,
 * event_sites_site, the sort-and-flag indexes of migration 0007); a page reads its ids first,
 * then only its own rows (README "Read performance").
 */
import type { Db } from './write.js';
import { errors } from '../errors/catalogue.js';
import { EVENT_COLUMNS, eventListOut, eventOut, parseJsonObject, type EventRow } from './format.js';
import { EVENT_ORDER, orderTerms, parseOrder } from './order.js';
import { inScope, resolveScope, scopeKey, type Scope } from './scope.js';
import { preparedShapes } from '../store/prepared.js';
import { marketsForEvents, seriesForEvents, tagsForEvents } from './queries/related.js';

export interface EventListQuery {
  limit: number; offset: number; active?: boolean; closed?: boolean; archived?: boolean;
  tag?: string; tag_id?: number; tag_slug?: string; series_slug?: string; slug?: string;
  order?: string; ascending?: boolean; creator?: string;
}

const flag = (b: boolean) => (b ? 1 : 0);

export async function listEvents(db: Db, q: EventListQuery) {
  const order = parseOrder(q.order, EVENT_ORDER, q.ascending, 'id');
  const scope = await resolveScope(db, q.creator);
  const tagSlugs = [...new Set([q.tag, q.tag_slug].filter((s): s is string => !!s))];
  const tagIds: number[] = q.tag_id !== undefined ? [q.tag_id] : [];
  if (tagSlugs.length) {
    const rows = await db.selectFrom('tags').select(['id', 'slug']).where('slug', 'in', tagSlugs).execute();
    if (rows.length < tagSlugs.length) return [];
    tagIds.push(...rows.map((r) => r.id));
  }
  let seriesId: number | undefined;
  if (q.series_slug !== undefined) {
    const s = await db.selectFrom('series').select('id').where('slug', '=', q.series_slug).executeTakeFirst();
    if (!s) return [];
    seriesId = s.id;
  }

  let query = db.selectFrom('events as e').select('e.id');
  if (q.active !== undefined) query = query.where('e.active', '=', flag(q.active));
  if (q.closed !== undefined) query = query.where('e.closed', '=', flag(q.closed));
  if (q.archived !== undefined) query = query.where('e.archived', '=', flag(q.archived));
  if (q.slug !== undefined) query = query.where('e.slug', '=', q.slug);
  for (const tagId of new Set(tagIds)) {
    query = query.where('e.id', 'in', (eb) => eb.selectFrom('event_tags').select('event_id').where('tag_id', '=', tagId));
  }
  if (seriesId !== undefined) {
    const sid = seriesId;
    query = query.where('e.id', 'in', (eb) => eb.selectFrom('event_series').select('event_id').where('series_id', '=', sid));
  }
  if (scope?.kind === 'creator') query = query.where('e.creator_id', 'in', scope.creatorIds);
  else if (scope) query = query.where((eb) => inScope(eb, 'e.id', scope));
  for (const term of orderTerms(order, 'e')) query = query.orderBy(term);
  // The page's ids first (an index-only walk over the skipped rows), then only its rows.
  let page = db.selectFrom('events as p').select(EVENT_COLUMNS.map((c) => `p.${c}` as const))
    .where('p.id', 'in', query.limit(q.limit).offset(q.offset));
  for (const term of orderTerms(order, 'p')) page = page.orderBy(term);
  const rows: EventRow[] = await page.execute();

  const tags = await tagsForEvents(db, rows.map((e) => e.id));
  return rows.map((e) => ({ ...eventListOut(e), tags: tags.get(e.id) ?? [] }));
}

const eventRowBySlug = preparedShapes((db, scope: Scope | undefined, slug: string) => {
  const query = db.selectFrom('events as e').select(EVENT_COLUMNS.map((c) => `e.${c}` as const)).where('e.slug', '=', slug);
  return scope ? query.where((eb) => inScope(eb, 'e.id', scope)) : query;
}, scopeKey);

export async function eventBySlug(db: Db, slug: string, creator: string | undefined) {
  const e: EventRow | undefined = await eventRowBySlug.first(db, await resolveScope(db, creator), slug);
  if (!e) throw errors.notFound('slug not found');
  return eventDetail(db, e);
}

/** The full event shape (also what the operator API answers after creating one). */
export async function eventDetail(db: Db, e: EventRow) {
  const [tags, markets, series] = await Promise.all([
    tagsForEvents(db, [e.id]), marketsForEvents(db, [e.id]), seriesForEvents(db, [e.id]),
  ]);
  return {
    ...eventOut(e),
    tags: tags.get(e.id) ?? [], markets: markets.get(e.id) ?? [], series: series.get(e.id) ?? [],
    eventMetadata: parseJsonObject(e.metadata),
  };
}
