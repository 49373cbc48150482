/**
 * Event reads: `GET /events` (filters, order, page; each item with its tags, stored as JSON:
 * event-json.ts) and
 * `GET /events/slug/{slug}` (with tags, markets, series and eventMetadata). Filters resolve
 * their slugs to ids first so the list query walks indexes (event_tags_tag, event_series_series,
 * event_sites_site, the sort-and-flag indexes of migration 0007); a page reads its ids first,
 * then only its own rows (README "Read performance"). The Catalog (service.ts) keeps the pages
 * and answers by version (page-versions.ts).
 */
import { sql } from 'kysely';
import type { Db } from '../store/db.js';
import { errors } from '../errors/catalogue.js';
import { buildEventItems } from './event-json.js';
import { EVENT_ORDER, orderTerms, parseOrder, type OrderBy } from './order.js';
import { inScope, resolveScope, scopeKey, type Scope } from './scope.js';
import { literal, preparedShapes } from '../store/prepared.js';
import { jsonArrayOf, storedJson, type JsonText } from '../store/stored-json.js';
import { EVENT_PAGES, EVENT_PAGES_BY_VOLUME } from './page-versions.js';

export interface EventListQuery {
  limit: number; offset: number; active?: boolean; closed?: boolean; archived?: boolean;
  tag?: string; tag_id?: number; tag_slug?: string; series_slug?: string; slug?: string;
  order?: string; ascending?: boolean; creator?: string;
}

const flag = (b: boolean | undefined) => (b === undefined ? undefined : b ? 1 : 0);

/** What changes the page query's SQL: which filters are present, the order, the scope (tag filters: their count). */
interface PageShape {
  flags: { active: boolean; closed: boolean; archived: boolean }; slug: boolean; series: boolean;
  order: OrderBy; scope: Scope | undefined;
}
type Flags = Array<number | undefined>;

/**
 * The page's ids first (an index-only walk over the skipped rows), then only its rows. The flag
 * filters are written `+flag = ?` so no index is chosen for them: a flag matches most events,
 * and walking the sort order's index (which carries the flags) beats sorting every match.
 */
const eventPage = preparedShapes((db, shape: PageShape, flags: Flags, slug: string, tagIds: number[], seriesId: number, limit: number, offset: number) => {
  let query = db.selectFrom('events as e').select('e.id');
  (['active', 'closed', 'archived'] as const).forEach((name, i) => {
    if (shape.flags[name]) query = query.where(sql<number>`+${sql.ref(`e.${name}`)}`, '=', flags[i]!);
  });
  if (shape.slug) query = query.where('e.slug', '=', slug);
  for (const tagId of tagIds) {
    query = query.where('e.id', 'in', (eb) => eb.selectFrom('event_tags').select('event_id').where('tag_id', '=', tagId));
  }
  if (shape.series) query = query.where('e.id', 'in', (eb) => eb.selectFrom('event_series').select('event_id').where('series_id', '=', seriesId));
  const scope = shape.scope;
  if (scope?.kind === 'creator') query = query.where('e.creator_id', 'in', scope.creatorIds);
  else if (scope) query = query.where((eb) => inScope(eb, 'e.id', scope));
  for (const term of orderTerms(shape.order, 'e')) query = query.orderBy(term);
  let page = db.selectFrom('events as p').select(['p.id', storedJson(db, 'p.list_json').as('list_json')])
    .where('p.id', 'in', query.limit(limit).offset(offset));
  for (const term of orderTerms(shape.order, 'p')) page = page.orderBy(term);
  return page;
}, (s) => `${+s.flags.active}${+s.flags.closed}${+s.flags.archived}${+s.slug}${+s.series}|${s.order.direction}:${s.order.columns.join(',')}|${scopeKey(s.scope)}`);

/** A `GET /events` request: its order (an unknown field is a 400 before anything is read), the key of its page and the versions it follows. */
export function eventsRequest(q: EventListQuery): { order: OrderBy; key: string; versions: string[] } {
  const order = parseOrder(q.order, EVENT_ORDER, q.ascending, 'id');
  const key = JSON.stringify([q.limit, q.offset, q.active, q.closed, q.archived, q.tag, q.tag_id, q.tag_slug, q.series_slug, q.slug, q.creator, order]);
  return { order, key, versions: order.columns.includes('volume') ? EVENT_PAGES_BY_VOLUME : EVENT_PAGES };
}

/** A page from the rows: the items' stored JSON (src/catalog/event-json.ts). */
export async function eventsPage(db: Db, q: EventListQuery, order: OrderBy): Promise<JsonText> {
  const scope = await resolveScope(db, q.creator);
  const tagSlugs = [...new Set([q.tag, q.tag_slug].filter((s): s is string => !!s))];
  const tagIds: number[] = q.tag_id !== undefined ? [q.tag_id] : [];
  if (tagSlugs.length) {
    const rows = await db.selectFrom('tags').select(['id', 'slug']).where('slug', 'in', tagSlugs).execute();
    if (rows.length < tagSlugs.length) return '[]';
    tagIds.push(...rows.map((r) => r.id));
  }
  let seriesId = 0;
  if (q.series_slug !== undefined) {
    const s = await db.selectFrom('series').select('id').where('slug', '=', q.series_slug).executeTakeFirst();
    if (!s) return '[]';
    seriesId = s.id;
  }
  const shape: PageShape = {
    flags: { active: q.active !== undefined, closed: q.closed !== undefined, archived: q.archived !== undefined },
    slug: q.slug !== undefined, series: q.series_slug !== undefined, order, scope,
  };
  const flags = [flag(q.active), flag(q.closed), flag(q.archived)];
  const rows = await eventPage.all(db, shape, flags, q.slug ?? '', [...new Set(tagIds)], seriesId, literal(q.limit), q.offset);
  // Stored items as they are; the few not built yet (or just changed) from their rows.
  const missing = rows.filter((r) => r.list_json === null).map((r) => r.id);
  const built = missing.length ? await buildEventItems(db, missing) : undefined;
  return jsonArrayOf(rows.map((r) => r.list_json ?? built!.get(r.id)!.list));
}

const eventBySlugQuery = preparedShapes((db, scope: Scope | undefined, slug: string) => {
  const query = db.selectFrom('events as e').select(['e.id', storedJson(db, 'e.detail_json').as('detail_json')]).where('e.slug', '=', slug);
  return scope ? query.where((eb) => inScope(eb, 'e.id', scope)) : query;
}, scopeKey);

/** `GET /events/slug/{slug}` as JSON: the stored answer, or built from the rows (event-json.ts). */
export async function eventBySlug(db: Db, slug: string, creator: string | undefined): Promise<JsonText> {
  const e = await eventBySlugQuery.first(db, await resolveScope(db, creator), slug);
  if (!e) throw errors.notFound('slug not found');
  if (e.detail_json !== null) return e.detail_json;
  const built = (await buildEventItems(db, [e.id])).get(e.id);
  if (!built) throw errors.notFound('slug not found'); // deleted in between
  return built.detail;
}
