/**
 * Catalog market reads: `GET /markets/slug/{slug}` (with its event as an `events` summary; stored
 * JSON, src/catalog/event-json.ts) and
 * `GET /markets/{id}/tags`. Market tags rule: the market's own tags first (market_tags, by tag
 * id), then its event's tags in the event's order, without duplicates — a market is "about"
 * everything its event is about, plus what was tagged on it directly.
 */
import type { Db } from '../store/db.js';
import { errors } from '../errors/catalogue.js';
import { isConditionId } from '../domain/ids.js';
import { catalogMarketOut, marketOut, type MarketRow } from './format.js';
import { buildEventItems } from './event-json.js';
import type { WireCatalogMarket, WireTag } from './schemas.js';
import { inScope, resolveScope, scopeKey, type Scope } from './scope.js';
import { preparedShapes } from '../store/prepared.js';
import { storedJson, type JsonText } from '../store/stored-json.js';
import { eventsById, tagsForEvents, tagsForMarkets } from './queries/related.js';

const marketBySlugQuery = preparedShapes((db, scope: Scope | undefined, slug: string) => {
  const query = db.selectFrom('markets as m').select(['m.id', 'm.event_id', storedJson(db, 'm.detail_json').as('detail_json')]).where('m.slug', '=', slug);
  return scope ? query.where((eb) => inScope(eb, 'm.event_id', scope)) : query;
}, scopeKey);

/** `GET /markets/slug/{slug}` as JSON: the stored answer, or built from the rows (event-json.ts). */
export async function marketBySlug(db: Db, slug: string, creator: string | undefined): Promise<JsonText> {
  const m = await marketBySlugQuery.first(db, await resolveScope(db, creator), slug);
  if (!m) throw errors.notFound('slug not found');
  if (m.detail_json !== null) return m.detail_json;
  const built = (await buildEventItems(db, [m.event_id])).get(m.event_id)?.markets.get(m.id);
  if (built === undefined) throw errors.notFound('slug not found'); // deleted in between
  return built;
}

export async function withEvents(db: Db, m: MarketRow): Promise<WireCatalogMarket> {
  const events = await eventsById(db, [m.event_id]);
  const event = events.get(m.event_id);
  return catalogMarketOut(marketOut(m), event);
}

/** `id` is the numeric market id or the condition id (`0x` + 64 hex, any case). */
export async function marketTags(db: Db, id: string, creator: string | undefined): Promise<WireTag[]> {
  const scope = await resolveScope(db, creator);
  let query = db.selectFrom('markets as m').select(['m.id', 'm.event_id']);
  if (/^\d{1,15}$/.test(id)) query = query.where('m.id', '=', Number(id));
  else if (isConditionId(id.toLowerCase())) query = query.where('m.condition_id', '=', id.toLowerCase());
  else throw errors.badRequest('id must be a numeric market id or a condition id');
  if (scope) query = query.where((eb) => inScope(eb, 'm.event_id', scope));
  const m = await query.executeTakeFirst();
  if (!m) throw errors.notFound('id not found');
  const [own, ofEvent] = await Promise.all([tagsForMarkets(db, [m.id]), tagsForEvents(db, [m.event_id])]);
  const seen = new Set<string>();
  return [...(own.get(m.id) ?? []), ...(ofEvent.get(m.event_id) ?? [])].filter((t) => !seen.has(t.id) && !!seen.add(t.id));
}
