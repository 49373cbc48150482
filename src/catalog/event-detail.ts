/**
 * An event's full detail (fields, tags, markets, series, metadata) from its rows: what
 * `GET /events/slug/{slug}` answers and what event-json.ts stores. In a file of its own so the
 * read side (events.ts) and the stored answers (event-json.ts) both use it without a circle.
 */
import type { Db } from '../store/db.js';
import { eventOut, parseJsonObject, type EventRow } from './format.js';
import type { WireEventDetail, WireMarket, WireSeries, WireTag } from './schemas.js';
import { marketsForEvents, seriesForEvents, tagsForEvents } from './queries/related.js';

export interface EventRelations {
  tags: Map<number, WireTag[]>;
  markets: Map<number, WireMarket[]>;
  series: Map<number, WireSeries[]>;
}

/** The tags, markets and series of these events: one query per relation. */
export async function eventRelations(db: Db, ids: number[]): Promise<EventRelations> {
  const [tags, markets, series] = await Promise.all([tagsForEvents(db, ids), marketsForEvents(db, ids), seriesForEvents(db, ids)]);
  return { tags, markets, series };
}

/** The full event shape, fields in the route schema's order (also what the operator API answers after creating one). */
export function eventDetailOf(e: EventRow, rel: EventRelations): WireEventDetail {
  return {
    ...eventOut(e),
    tags: rel.tags.get(e.id) ?? [], markets: rel.markets.get(e.id) ?? [], series: rel.series.get(e.id) ?? [],
    eventMetadata: parseJsonObject(e.metadata),
  };
}

/** The full event shape of one event row, its relations read. */
export async function eventDetail(db: Db, e: EventRow): Promise<WireEventDetail> {
  return eventDetailOf(e, await eventRelations(db, [e.id]));
}
