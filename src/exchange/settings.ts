/**
 * Market settings flow one way: the catalog `markets` row (written by the operator API, the
 * importer and the demo set) is their source; the exchange holds a copy for matching. This
 * module turns a catalog row into the exchange's market settings and decides whether a market
 * accepts orders.
 */
import type { CommandBody, MarketRow, OpResult } from '../core/index.js';
import type { Database, MarketsTable } from '../store/schema.js';
import type { Kysely, Selectable } from 'kysely';
import { ApiError } from '../errors/catalogue.js';

export type CatalogMarket = Pick<Selectable<MarketsTable>,
  'condition_id' | 'token_id_0' | 'token_id_1' | 'minimum_tick_size' | 'minimum_order_size' | 'maker_base_fee' | 'taker_base_fee' |
  'accepting_orders' | 'active' | 'closed' | 'archived' | 'enable_order_book' | 'payouts' |
  'neg_risk' | 'neg_risk_market_id' | 'neg_risk_index' | 'neg_risk_fee_bips' | 'neg_risk_placeholder' | 'neg_risk_other'>;

export const CATALOG_MARKET_COLUMNS = [
  'condition_id', 'token_id_0', 'token_id_1', 'minimum_tick_size', 'minimum_order_size', 'maker_base_fee', 'taker_base_fee',
  'accepting_orders', 'active', 'closed', 'archived', 'enable_order_book', 'payouts',
  'neg_risk', 'neg_risk_market_id', 'neg_risk_index', 'neg_risk_fee_bips', 'neg_risk_placeholder', 'neg_risk_other',
] as const;

/**
 * A market takes new orders only when it is active, open, not archived, has a book and accepts
 * orders — and is not an unnamed placeholder or the `Other` of an augmented neg-risk event
 * (docs/neg-risk.md).
 */
export function acceptsOrders(m: CatalogMarket): boolean {
  return m.enable_order_book === 1 && m.accepting_orders === 1 && m.active === 1 && m.closed === 0 && m.archived === 0 && m.payouts === null &&
    Number(m.neg_risk_placeholder) !== 1 && Number(m.neg_risk_other) !== 1;
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
    tokenIds: [m.token_id_0, m.token_id_1],
    tickSize: m.minimum_tick_size,
    minOrderSize: m.minimum_order_size,
    makerBaseFeeBps: m.maker_base_fee,
    takerBaseFeeBps: m.taker_base_fee,
    acceptingOrders: acceptsOrders(m),
    status: payouts ? 'resolved' : 'active',
    payouts,
    ...(Number(m.neg_risk) === 1 && m.neg_risk_market_id !== ''
      ? { negRisk: { marketId: m.neg_risk_market_id, index: Number(m.neg_risk_index), feeBips: Number(m.neg_risk_fee_bips) } }
      : {}),
  };
}

/**
 * Brings the core's copy of a market's settings in line with its catalog row, through `submit` (the
 * exchange's command path: a `settings` command): creates it in the core, or updates it; a market without an order
 * book is left alone.
 */
export async function syncMarketSettings(db: Kysely<Database>, conditionId: string, submit: (command: CommandBody & { type: 'settings' }) => Promise<OpResult>): Promise<void> {
  const row = await db.selectFrom('markets').select(CATALOG_MARKET_COLUMNS).where('condition_id', '=', conditionId).executeTakeFirst();
  if (!row || row.enable_order_book !== 1) return;
  const settings = marketRowOf(row);
  const r = await submit({ type: 'settings', market: settings });
  if (!r.ok) throw new ApiError('bad_request', r.reject.message);
}
