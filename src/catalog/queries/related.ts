/**
 * Batch loaders for what a page of events or markets carries (tags, markets, series, events):
 * one query per relation for the whole page, never one per row (no N+1).
 */
import type { Db } from '../../store/db.js';
import { prepared } from '../../store/prepared.js';
import { EVENT_COLUMNS, MARKET_COLUMNS, eventOut, marketOut, seriesOut, tagOut, type EventRow, type MarketRow } from '../format.js';
import type { WireEventSummary, WireMarket, WireSeries, WireTag } from '../schemas.js';

function group<K, V>(rows: Array<[K, V]>): Map<K, V[]> {
  const out = new Map<K, V[]>();
  for (const [k, v] of rows) {
    const list = out.get(k);
    if (list) list.push(v);
    else out.set(k, [v]);
  }
  return out;
}

const eventTagRows = prepared((db, eventIds: number[]) => db.selectFrom('event_tags as et').innerJoin('tags as t', 't.id', 'et.tag_id')
  .select(['et.event_id', 't.id', 't.label', 't.slug', 't.requires_translation', 't.created_at', 't.updated_at'])
  .where('et.event_id', 'in', eventIds).orderBy('et.event_id').orderBy('et.position').orderBy('et.tag_id'));

const marketTagRows = prepared((db, marketIds: number[]) => db.selectFrom('market_tags as mt').innerJoin('tags as t', 't.id', 'mt.tag_id')
  .select(['mt.market_id', 't.id', 't.label', 't.slug', 't.requires_translation', 't.created_at', 't.updated_at'])
  .where('mt.market_id', 'in', marketIds).orderBy('mt.market_id').orderBy('t.id'));

const eventMarketRows = prepared((db, eventIds: number[]) =>
  db.selectFrom('markets').select(MARKET_COLUMNS).where('event_id', 'in', eventIds).orderBy('event_id').orderBy('id'));

const eventSeriesRows = prepared((db, eventIds: number[]) => db.selectFrom('event_series as es').innerJoin('series as s', 's.id', 'es.series_id')
  .selectAll('s').select('es.event_id').where('es.event_id', 'in', eventIds).orderBy('es.event_id').orderBy('s.id'));

const eventRowsById = prepared((db, ids: number[]) => db.selectFrom('events').select(EVENT_COLUMNS).where('id', 'in', ids));

export async function tagsForEvents(db: Db, eventIds: number[]): Promise<Map<number, WireTag[]>> {
  if (eventIds.length === 0) return new Map();
  const rows = await eventTagRows.all(db, eventIds);
  const shaped = new Map<number, WireTag>(); // a page's events share few tags: shape each once
  return group(rows.map((r) => {
    let tag = shaped.get(r.id);
    if (!tag) shaped.set(r.id, (tag = tagOut(r)));
    return [r.event_id, tag];
  }));
}

export async function tagsForMarkets(db: Db, marketIds: number[]): Promise<Map<number, WireTag[]>> {
  if (marketIds.length === 0) return new Map();
  const rows = await marketTagRows.all(db, marketIds);
  return group(rows.map((r) => [r.market_id, tagOut(r)]));
}

export async function marketsForEvents(db: Db, eventIds: number[]): Promise<Map<number, WireMarket[]>> {
  if (eventIds.length === 0) return new Map();
  const rows: MarketRow[] = await eventMarketRows.all(db, eventIds);
  return group(rows.map((m) => [m.event_id, marketOut(m)]));
}

export async function seriesForEvents(db: Db, eventIds: number[]): Promise<Map<number, WireSeries[]>> {
  if (eventIds.length === 0) return new Map();
  const rows = await eventSeriesRows.all(db, eventIds);
  return group(rows.map((r) => [r.event_id, seriesOut(r)]));
}

/** Event rows by id (unknown ids are absent). */
export async function eventRows(db: Db, ids: number[]): Promise<EventRow[]> {
  return ids.length === 0 ? [] : eventRowsById.all(db, [...new Set(ids)]);
}

export async function eventsById(db: Db, ids: number[]): Promise<Map<number, WireEventSummary>> {
  return new Map((await eventRows(db, ids)).map((e) => [e.id, eventOut(e)]));
}
