/**
 * `GET /markets/keyset` on /gamma (docs/venue.md §6, §5): a page of markets, each its stored
 * `GET /markets/slug/{slug}` answer with the venue's fields (venue-fields.ts), ordered by id
 * (newest first unless `ascending`), filtered by id, slug, condition id, token id and the
 * `active` / `closed` / `archived` flags. The cursor is the offset of the next page, as on
 * `/events/keyset`.
 */
import type { Db } from '../../store/db.js';
import { buildEventItems } from '../event-json.js';
import { storedJson, type JsonText } from '../../store/stored-json.js';
import { gammaMarket, marketVenueRows } from './venue-fields.js';

export interface MarketsPageQuery {
  limit: number; offset: number; ascending?: boolean; active?: boolean; closed?: boolean; archived?: boolean;
  id?: number[]; slug?: string[]; condition_ids?: string[]; clob_token_ids?: string[];
}

const flag = (b: boolean) => (b ? 1 : 0);

export async function gammaMarketsPage(db: Db, q: MarketsPageQuery): Promise<Array<Record<string, unknown>>> {
  let query = db.selectFrom('markets as m').select(['m.id', 'm.event_id', storedJson(db, 'm.detail_json').as('detail_json')]);
  for (const name of ['active', 'closed', 'archived'] as const) {
    const v = q[name];
    if (v !== undefined) query = query.where(`m.${name}`, '=', flag(v));
  }
  if (q.id?.length) query = query.where('m.id', 'in', q.id);
  if (q.slug?.length) query = query.where('m.slug', 'in', q.slug);
  if (q.condition_ids?.length) query = query.where('m.condition_id', 'in', q.condition_ids.map((c) => c.toLowerCase()));
  if (q.clob_token_ids?.length) {
    const tokens = q.clob_token_ids;
    query = query.where((eb) => eb.or([eb('m.token_id_0', 'in', tokens), eb('m.token_id_1', 'in', tokens)]));
  }
  const rows = await query.orderBy('m.id', q.ascending ? 'asc' : 'desc').limit(q.limit).offset(q.offset).execute();
  const missing = [...new Set(rows.filter((r) => r.detail_json === null).map((r) => r.event_id))];
  const built = missing.length ? await buildEventItems(db, missing) : new Map();
  const venue = await marketVenueRows(db, { ids: rows.map((r) => Number(r.id)) });
  const out: Array<Record<string, unknown>> = [];
  for (const r of rows) {
    const json: JsonText | undefined = r.detail_json ?? built.get(r.event_id)?.markets.get(Number(r.id));
    if (json === undefined) continue; // deleted in between
    out.push(gammaMarket(JSON.parse(json.toString()) as Record<string, unknown>, venue.get(Number(r.id))));
  }
  return out;
}
