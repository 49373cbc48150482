/**
 * Market settings flow one way: the catalog `markets` row (written by the operator API, the
 * importer and the demo set) is their source; the exchange holds a copy for matching. This
 * module turns a catalog row into the exchange's market settings and decides whether a market
 * accepts orders.
 */
import type { MarketRow } from '../core/index.js';
import type { MarketsTable } from '../store/schema.js';
import type { Selectable } from 'kysely';

export type CatalogMarket = Pick<Selectable<MarketsTable>,
  'condition_id' | 'minimum_tick_size' | 'minimum_order_size' | 'maker_base_fee' | 'taker_base_fee' |
  'accepting_orders' | 'active' | 'closed' | 'archived' | 'enable_order_book' | 'payouts'>;

export const CATALOG_MARKET_COLUMNS = [
  'condition_id', 'minimum_tick_size', 'minimum_order_size', 'maker_base_fee', 'taker_base_fee',
  'accepting_orders', 'active', 'closed', 'archived', 'enable_order_book', 'payouts',
] as const;

/** A market takes new orders only when it is active, open, not archived, has a book and accepts orders. */
export function acceptsOrders(m: CatalogMarket): boolean {
  return m.enable_order_book === 1 && m.accepting_orders === 1 && m.active === 1 && m.closed === 0 && m.archived === 0 && m.payouts === null;
}

export function parsePayouts(text: string | null): [number, number] | null {
  if (text === null) return null;
  const p = JSON.parse(text) as unknown;
  if (!Array.isArray(p) || p.length !== 2 || !p.every((x) => Number.isSafeInteger(x))) throw new Error(`bad payouts ${text}`);
  return [p[0] as number, p[1] as number];
}

export function marketRowOf(m: CatalogMarket): MarketRow {
  const payouts = parsePayouts(m.payouts);
  return {
    conditionId: m.condition_id,
    tickSize: m.minimum_tick_size,
    minOrderSize: m.minimum_order_size,
    makerBaseFeeBps: m.maker_base_fee,
    takerBaseFeeBps: m.taker_base_fee,
    acceptingOrders: acceptsOrders(m),
    status: payouts ? 'resolved' : 'active',
    payouts,
  };
}
