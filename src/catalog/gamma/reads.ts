/**
 * The `/gamma` mount's reads of events, markets and tags by id or slug, and its cursor-paged
 * market list (docs/venue.md §6): each answer is the root's stored JSON (event-json.ts, read
 * through the same functions the root's by-slug routes use) with the venue's fields added
 * (venue-fields.ts). Ids are the catalog's numeric ids.
 */
import type { Db } from '../../store/db.js';
import { errors } from '../../errors/catalogue.js';
import { eventBySlug } from '../events.js';
import { marketBySlug } from '../markets.js';
import { tagOut, type TagRow } from '../format.js';
import { tagsForEvents } from '../queries/related.js';
import type { WireTag } from '../schemas.js';
import { eventVenueRows, gammaEvent, gammaMarket, marketVenueRows } from './venue-fields.js';

export type Ref = { id: string } | { slug: string };

const parse = (json: string | Buffer): Record<string, unknown> => JSON.parse(json.toString()) as Record<string, unknown>;

function numericId(id: string): number {
  if (!/^\d{1,15}$/.test(id)) throw errors.badRequest('id must be a numeric id');
  return Number(id);
}

/** `GET /events/{id}` and `/events/slug/{slug}` on /gamma. */
export async function gammaEventOf(db: Db, ref: Ref): Promise<Record<string, unknown>> {
  let slug: string;
  if ('id' in ref) {
    const row = await db.selectFrom('events').select('slug').where('id', '=', numericId(ref.id)).executeTakeFirst();
    if (!row) throw errors.notFound('id not found');
    slug = row.slug;
  } else slug = ref.slug;
  const stored = parse(await eventBySlug(db, slug, undefined));
  const id = Number(stored.id);
  const [events, markets] = await Promise.all([eventVenueRows(db, [id]), marketVenueRows(db, { eventIds: [id] })]);
  return gammaEvent(stored, events.get(id), markets);
}

/** `GET /events/{id}/tags` on /gamma: the event's tags in its order. */
export async function gammaEventTags(db: Db, id: string): Promise<WireTag[]> {
  const n = numericId(id);
  const row = await db.selectFrom('events').select('id').where('id', '=', n).executeTakeFirst();
  if (!row) throw errors.notFound('id not found');
  return (await tagsForEvents(db, [n])).get(n) ?? [];
}

/** `GET /markets/{id}` and `/markets/slug/{slug}` on /gamma. */
export async function gammaMarketOf(db: Db, ref: Ref): Promise<Record<string, unknown>> {
  let slug: string;
  if ('id' in ref) {
    const row = await db.selectFrom('markets').select('slug').where('id', '=', numericId(ref.id)).executeTakeFirst();
    if (!row) throw errors.notFound('id not found');
    slug = row.slug;
  } else slug = ref.slug;
  const stored = parse(await marketBySlug(db, slug, undefined));
  const id = Number(stored.id);
  return gammaMarket(stored, (await marketVenueRows(db, { ids: [id] })).get(id));
}

/** A page of `GET /events/keyset` items (stored list JSON) with the venue's event fields. */
export async function gammaEventItems(db: Db, items: Array<Record<string, unknown>>): Promise<Array<Record<string, unknown>>> {
  const rows = await eventVenueRows(db, items.map((e) => Number(e.id)));
  return items.map((e) => gammaEvent(e, rows.get(Number(e.id)), new Map()));
}

/** `GET /tags/{id}` and `/tags/slug/{slug}`. */
export async function tagOf(db: Db, ref: Ref): Promise<WireTag> {
  const q = db.selectFrom('tags').selectAll();
  const row = ('id' in ref ? q.where('id', '=', numericId(ref.id)) : q.where('slug', '=', ref.slug)).executeTakeFirst();
  const tag = (await row) as TagRow | undefined;
  if (!tag) throw errors.notFound('id' in ref ? 'id not found' : 'slug not found');
  return tagOut(tag);
}
