/**
 * The current price of a position's token (`curPrice`), in micro, read from the in-memory
 * exchange — one pass over the books of a page's markets, one book read per market:
 *   1. a resolved market: the outcome's payout (1 for the winner, 0 for the loser, or the split);
 *   2. both sides quoted: the midpoint of the best bid and the best ask;
 *   3. otherwise the last trade price;
 *   4. otherwise 0.5 — no price information; the ledger values splits and merges at 0.5 too.
 * The NO token mirrors the YES book (price₁ = 1 − price₀), as in the engine.
 *
 * This runs for every market of a wallet on each /positions request, so it reads the core's
 * state directly (read-only, as `Exchange.state` allows) instead of `core.market()` and
 * `core.book()`, which copy a row and build level arrays: the same numbers, no allocation.
 * It follows `Exchange.book()`: level i is price i × res; bestBid 0 / bestAsk ≥ levels = empty.
 */
import type { Exchange } from '../core/index.js';
import { MICRO } from '../engine/amounts.js';

/** Prices of outcome 0 and 1 in micro, and whether the market is resolved. */
export interface MarketPrice {
  prices: readonly [number, number];
  resolved: boolean;
}

/** `catalogPayouts` is the catalog's record of a resolution (markets.payouts), for markets the core does not hold. */
export function marketPrice(core: Exchange, conditionId: string, catalogPayouts: string | null): MarketPrice {
  const m = core.state.markets.get(conditionId);
  const payouts = m ? m.row.payouts : parsePayouts(catalogPayouts);
  if (payouts) return { prices: [payouts[0], payouts[1]], resolved: true };
  if (!m) return { prices: [MICRO / 2, MICRO / 2], resolved: false };
  const b = m.book;
  const hasBid = b.bestBid > 0 && b.bestBid < b.levels;
  const hasAsk = b.bestAsk > 0 && b.bestAsk < b.levels;
  let p0: number;
  if (hasBid && hasAsk) p0 = ((b.bestBid + b.bestAsk) * b.res) / 2;
  else if (b.lastTradeIdx !== 0) p0 = b.lastTradeIdx * b.res;
  else p0 = MICRO / 2;
  return { prices: [p0, MICRO - p0], resolved: m.row.status === 'resolved' };
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
