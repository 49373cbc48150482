/**
 * The venue's Gamma dialect over the catalog's stored answers (docs/venue.md §6, §11): the
 * `/gamma` mount sends the same stored market and event JSON the root sends (event-json.ts),
 * plus the fields the venue's Gamma carries and its current SDK requires — read from the same
 * rows at request time, so there is one freshness model and no second cache.
 *
 * - Markets: `marketMakerAddress` (always `""`: Sibyl has no AMM, as the CLOB's `fpmm`),
 *   `enableOrderBook`, `acceptingOrders`, `orderPriceMinTickSize`, `orderMinSize`, `volume`,
 *   `volumeNum`, and the neg-risk fields `negRisk`, `negRiskMarketID`, `negRiskRequestID`,
 *   `negRiskOther` — the same values the CLOB's `/markets` shows as `neg_risk`,
 *   `neg_risk_market_id`, `neg_risk_request_id` — and `positionIds` (= `clobTokenIds`).
 * - Events: `negRisk`, `negRiskMarketID`, `enableNegRisk` (a neg-risk event is created in the
 *   neg-risk framework: equal to `negRisk`), `negRiskAugmented`, `volume`; their markets as above.
 */
import type { Db } from '../../store/db.js';
import { microToDecimal } from '../amounts.js';

const MARKET_VENUE_COLUMNS = [
  'id', 'enable_order_book', 'accepting_orders', 'minimum_tick_size', 'minimum_order_size', 'volume', 'fpmm',
  'neg_risk', 'neg_risk_market_id', 'neg_risk_request_id', 'neg_risk_other',
] as const;

export interface MarketVenueRow {
  id: number; enable_order_book: number; accepting_orders: number; minimum_tick_size: number; minimum_order_size: number;
  volume: number; fpmm: string; neg_risk: number; neg_risk_market_id: string; neg_risk_request_id: string; neg_risk_other: number;
}
export interface EventVenueRow { id: number; neg_risk: number; neg_risk_market_id: string; neg_risk_augmented: number; volume: number }

/** The tick sizes the venue's clients accept as `orderPriceMinTickSize` (anything else is left out). */
const TICKS: ReadonlyMap<number, number> = new Map([[100_000, 0.1], [10_000, 0.01], [1_000, 0.001], [100, 0.0001]]);
const bool = (f: number): boolean => Number(f) === 1;

/** The venue fields of a market (in the order they are appended). */
export function marketVenueFields(r: MarketVenueRow): Record<string, unknown> {
  const tick = TICKS.get(Number(r.minimum_tick_size));
  return {
    marketMakerAddress: r.fpmm, enableOrderBook: bool(r.enable_order_book), acceptingOrders: bool(r.accepting_orders),
    ...(tick === undefined ? {} : { orderPriceMinTickSize: tick }),
    orderMinSize: microToDecimal(Number(r.minimum_order_size)),
    volume: microToDecimal(Number(r.volume)), volumeNum: microToDecimal(Number(r.volume)),
    negRisk: bool(r.neg_risk), negRiskMarketID: r.neg_risk_market_id, negRiskRequestID: r.neg_risk_request_id,
    negRiskOther: bool(r.neg_risk_other),
  };
}

/** The venue fields of an event. */
export function eventVenueFields(r: EventVenueRow): Record<string, unknown> {
  return {
    negRisk: bool(r.neg_risk), negRiskMarketID: r.neg_risk_market_id, enableNegRisk: bool(r.neg_risk),
    negRiskAugmented: bool(r.neg_risk_augmented), volume: microToDecimal(Number(r.volume)),
  };
}

/** A stored market answer (`{…}` as the root sends it) in the venue's dialect. */
export function gammaMarket(stored: Record<string, unknown>, r: MarketVenueRow | undefined): Record<string, unknown> {
  // Token ids are the Conditional Tokens position ids (docs/venue.md §10): positionIds = clobTokenIds.
  return r === undefined ? stored : { ...stored, ...marketVenueFields(r), positionIds: stored.clobTokenIds };
}

/** A stored event answer (list item or detail) in the venue's dialect, its markets too. */
export function gammaEvent(stored: Record<string, unknown>, e: EventVenueRow | undefined, markets: Map<number, MarketVenueRow>): Record<string, unknown> {
  const out: Record<string, unknown> = e === undefined ? { ...stored } : { ...stored, ...eventVenueFields(e) };
  if (Array.isArray(stored.markets)) {
    out.markets = (stored.markets as Array<Record<string, unknown>>).map((m) => gammaMarket(m, markets.get(Number(m.id))));
  }
  return out;
}

/** The venue fields of these markets, by id (one query). */
export async function marketVenueRows(db: Db, where: { ids?: number[]; eventIds?: number[] }): Promise<Map<number, MarketVenueRow>> {
  let q = db.selectFrom('markets').select(MARKET_VENUE_COLUMNS);
  if (where.ids) q = q.where('id', 'in', where.ids.length ? where.ids : [-1]);
  if (where.eventIds) q = q.where('event_id', 'in', where.eventIds.length ? where.eventIds : [-1]);
  const rows = await q.execute();
  return new Map(rows.map((r) => [Number(r.id), r as unknown as MarketVenueRow]));
}

/** The venue fields of these events, by id (one query). */
export async function eventVenueRows(db: Db, ids: number[]): Promise<Map<number, EventVenueRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('events').select(['id', 'neg_risk', 'neg_risk_market_id', 'neg_risk_augmented', 'volume']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.id), r as unknown as EventVenueRow]));
}
