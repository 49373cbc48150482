/**
 * The current price of a position's token (`curPrice`), in micro, read from the in-memory
 * exchange through its public accessors (one market row and the top of one book per market):
 *   1. a resolved market: the outcome's payout (1 for the winner, 0 for the loser, or the split);
 *   2. both sides quoted: the midpoint of the best bid and the best ask;
 *   3. otherwise the last trade price;
 *   4. otherwise 0.5 — no price information; the ledger values splits and merges at 0.5 too.
 * The NO token mirrors the YES book (price₁ = 1 − price₀), as in the engine. This runs only when
 * a /positions page is built; a cached page is checked against `bookMeta` (positions.ts).
 */
import type { ExchangeCore } from '../core/index.js';
import { MICRO } from '../domain/money.js';

/** Prices of outcome 0 and 1 in micro, and whether the market is resolved. */
export interface MarketPrice {
  prices: readonly [number, number];
  resolved: boolean;
}

/** `catalogPayouts` is the catalog's record of a resolution (markets.payouts), for markets the core does not hold. */
export function marketPrice(core: ExchangeCore, conditionId: string, catalogPayouts: string | null): MarketPrice {
  const row = core.market(conditionId);
  const payouts = row ? row.payouts : parsePayouts(catalogPayouts);
  if (payouts) return { prices: [payouts[0], payouts[1]], resolved: true };
  const book = row && core.book(row.tokenIds[0], 1);
  if (!row || !book) return { prices: [MICRO / 2, MICRO / 2], resolved: false };
  const bid = book.bids[0];
  const ask = book.asks[0];
  let p0: number;
  if (bid && ask) p0 = (bid.price + ask.price) / 2;
  else if (book.lastTradePrice !== null) p0 = book.lastTradePrice;
  else p0 = MICRO / 2;
  return { prices: [p0, MICRO - p0], resolved: row.status === 'resolved' };
}

function parsePayouts(json: string | null): [number, number] | null {
  if (!json) return null;
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) && v.length === 2 && v.every((x) => Number.isSafeInteger(x)) ? [v[0] as number, v[1] as number] : null;
  } catch {
    return null;
  }
}
