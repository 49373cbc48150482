/**
 * Rows → wire objects of the catalog (spec "Resources and their fields"). Storage conventions
 * (integer-ms timestamps, 0/1 flags, JSON as text, numeric ids) become the Gamma shapes here and
 * nowhere else: ISO 8601 strings, booleans, string ids, JSON-encoded `outcomes`/`clobTokenIds`.
 * A date the catalog never had (an event without an end date) is `null`. The shapes' types are
 * the wire schemas' (schemas.ts); the fields are built in schema order (the stored answers rely on it).
 */
import type { Selectable } from 'kysely';
import type { EventCreatorsTable, EventsTable, MarketsTable, SeriesTable, TagsTable } from '../store/schema.js';
import { isoTime } from '../domain/iso-time.js';
import type { WireCatalogMarket, WireCreator, WireEventListItem, WireEventSummary, WireMarket, WireSeries, WireTag } from './schemas.js';

/** The event columns the wire shapes read (reads select these, not `*`). */
export const EVENT_COLUMNS = [
  'id', 'ticker', 'slug', 'title', 'description', 'resolution_source', 'start_date', 'creation_date', 'end_date',
  'image', 'icon', 'active', 'closed', 'archived', 'metadata', 'created_at', 'updated_at',
] as const;
/** The market columns the wire shapes read (a market row has about fifty; reads select these). */
export const MARKET_COLUMNS = [
  'id', 'event_id', 'question', 'condition_id', 'question_id', 'token_id_0', 'token_id_1', 'slug', 'resolution_source', 'start_date', 'end_date',
  'image', 'icon', 'description', 'outcomes', 'active', 'closed', 'archived', 'created_at', 'updated_at',
] as const;

export type EventRow = Pick<Selectable<EventsTable>, (typeof EVENT_COLUMNS)[number]>;
export type MarketRow = Pick<Selectable<MarketsTable>, (typeof MARKET_COLUMNS)[number]>;
export type TagRow = Omit<Selectable<TagsTable>, 'event_count'>;
export type SeriesRow = Selectable<SeriesTable>;
export type CreatorRow = Selectable<EventCreatorsTable>;

export const isoOrNull = (ms: number | null): string | null => (ms == null ? null : isoTime(ms));
const bool = (f: number): boolean => Number(f) === 1;

export function tagOut(t: TagRow): WireTag {
  return { id: String(t.id), label: t.label, slug: t.slug, createdAt: isoTime(t.created_at), updatedAt: isoTime(t.updated_at), requiresTranslation: bool(t.requires_translation) };
}

export function seriesOut(s: SeriesRow): WireSeries {
  return {
    id: String(s.id), ticker: s.ticker, slug: s.slug, title: s.title, seriesType: s.series_type, recurrence: s.recurrence,
    image: s.image, icon: s.icon, active: bool(s.active), closed: bool(s.closed), archived: bool(s.archived),
    createdAt: isoTime(s.created_at), updatedAt: isoTime(s.updated_at),
  };
}

/** The spec's Event (detail and summaries), fields in the route schema's order (event-json.ts relies on it). */
export function eventOut(e: EventRow): WireEventSummary {
  return {
    id: String(e.id), ticker: e.ticker, slug: e.slug, title: e.title, description: e.description,
    resolutionSource: e.resolution_source, startDate: isoOrNull(e.start_date), creationDate: isoOrNull(e.creation_date),
    endDate: isoOrNull(e.end_date), image: e.image, icon: e.icon, active: bool(e.active), closed: bool(e.closed),
    archived: bool(e.archived), createdAt: isoTime(e.created_at), updatedAt: isoTime(e.updated_at),
  };
}

/** An item of `GET /events`: the event without `creationDate`, with its tags. */
export function eventListOut(e: EventRow, tags: WireTag[]): WireEventListItem {
  const { creationDate: _, ...fields } = eventOut(e);
  return { ...fields, tags };
}

export function parseJsonObject(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function outcomesOf(m: Pick<MarketRow, 'outcomes'>): string[] {
  try {
    const v = JSON.parse(m.outcomes) as unknown;
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}

export function marketOut(m: MarketRow): WireMarket {
  const outcomes = outcomesOf(m);
  return {
    id: String(m.id), question: m.question, conditionId: m.condition_id, slug: m.slug,
    resolutionSource: m.resolution_source, startDate: isoOrNull(m.start_date), endDate: isoOrNull(m.end_date),
    image: m.image, icon: m.icon, description: m.description,
    outcomes: JSON.stringify(outcomes),
    clobTokenIds: JSON.stringify([m.token_id_0, m.token_id_1]),
    active: bool(m.active), closed: bool(m.closed), archived: bool(m.archived),
    createdAt: isoTime(m.created_at), updatedAt: isoTime(m.updated_at), questionID: m.question_id,
  };
}

/** `GET /markets/slug/{slug}`: the market with its event's summary in `events` (schema order). */
export function catalogMarketOut(market: WireMarket, event: WireEventSummary | undefined): WireCatalogMarket {
  return { ...market, events: event ? [event] : [] };
}

/** A creator with no name or handle is shown under its wallet (the "wallet fallback"). */
export function creatorOut(c: CreatorRow): WireCreator {
  return {
    id: String(c.id), creatorName: c.creator_name || c.wallet || '', creatorHandle: c.creator_handle || c.wallet || '',
    creatorUrl: c.creator_url, creatorImage: c.creator_image, createdAt: isoTime(c.created_at), updatedAt: isoTime(c.updated_at),
  };
}
