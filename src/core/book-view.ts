/**
 * A token's book as readers see it (`ExchangeCore.book`): aggregated depth in the token's own
 * price terms — the outcome-1 book is the mirror of the outcome-0 ladder — with the last trade and
 * the market's tick and minimum size.
 */
import { ASK, BID } from '../engine/book.js';
import { MICRO } from '../domain/money.js';
import type { State } from './state.js';
import type { BookView } from './types.js';

export function bookView(state: State, tokenId: string, maxLevels: number): BookView | undefined {
  const t = state.tokens.get(tokenId);
  const m = t?.market;
  if (!t || !m) return undefined;
  const b = m.book;
  const mirror = (l: { price: number; size: number }) => ({ price: t.outcome === 0 ? l.price : MICRO - l.price, size: l.size });
  const bids = b.depth(t.outcome === 0 ? BID : ASK, maxLevels).map(mirror);
  const asks = b.depth(t.outcome === 0 ? ASK : BID, maxLevels).map(mirror);
  const last = b.lastTradeIdx === 0 ? null : b.lastTradeIdx * b.res;
  const takerBid = b.lastTradeSide === BID;
  return {
    conditionId: m.row.conditionId, asset: tokenId, bids, asks, version: b.version, lastChangeMs: b.lastChangeMs,
    lastTradePrice: last === null ? null : t.outcome === 0 ? last : MICRO - last,
    lastTradeSide: last === null ? null : takerBid === (t.outcome === 0) ? 'BUY' : 'SELL',
    tickSize: m.row.tickSize, minOrderSize: m.row.minOrderSize,
  };
}
