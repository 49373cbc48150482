/**
 * Settlement of fills against the ledger. A fill settles each participant independently — a
 * BUY of outcome o at x pays x × size (+ fee) from its reservation and receives the tokens; a
 * SELL gives the reserved tokens and receives x × size (− fee) — and the market's locked
 * collateral absorbs the difference: BUY×BUY mints pairs (+size), SELL×SELL merges them (−size),
 * BUY×SELL is a plain transfer. Because x₀ + x₁ = 1, collateral is conserved exactly.
 */

import { MICRO, feeBase, feeOf, notional } from '../domain/money.js';
import { COLLATERAL, FEE_ACCOUNT, marketAccount } from '../ledger/types.js';
import type { State } from './state.js';
import type { OrderRow } from './types.js';

/** Price of outcome-0 price `p0` in the order's own outcome terms. */
export function ownPrice(row: OrderRow, p0: number): number {
  return row.outcomeIndex === 0 ? p0 : MICRO - p0;
}

/** Collateral an order must keep reserved: a size-mode BUY its limit cost plus unused fee room. */
export function requiredReserve(row: OrderRow): number {
  const rem = row.originalSize - row.sizeMatched;
  if (row.side === 'SELL') return rem;
  return notional(row.price, rem) + row.maxFee - row.feeCharged;
}

/** Most fee a BUY can pay: the rate at the worst min(p, 1 − p) it could trade at. */
export function maxFeeFor(bps: number, price: number, size: number, amount: number): number {
  if (bps === 0) return 0;
  if (amount >= 0) return feeOf(bps * amount);
  const m = price < MICRO / 2 ? price : MICRO / 2;
  return feeOf(feeBase(bps, m, size));
}

/** Settles one participant's side of a fill; returns the fee it paid. */
export function settleFill(st: State, row: OrderRow, x: number, size: number, bps: number, tradeId: string, tx: string): number {
  const L = st.ledger;
  const now = st.clock.now();
  const cost = notional(x, size);
  row.feeBase += feeBase(bps, x, size);
  let charged = feeOf(row.feeBase);
  if (row.side === 'BUY' && charged > row.maxFee) charged = row.maxFee;
  const fee = charged - row.feeCharged;
  row.feeCharged = charged;
  if (row.side === 'BUY') {
    L.move(row.wallet, COLLATERAL, 0, -cost, 'trade', tradeId);
    L.move(row.wallet, COLLATERAL, 0, -fee, 'fee', tradeId);
    row.reserved -= cost + fee;
    L.move(row.wallet, row.tokenId, size, 0, 'trade', tradeId);
    L.positions.buy(row.wallet, row.tokenId, row.conditionId, row.outcomeIndex, x, size);
  } else {
    L.move(row.wallet, row.tokenId, 0, -size, 'trade', tradeId);
    row.reserved -= size;
    L.move(row.wallet, COLLATERAL, cost, 0, 'trade', tradeId);
    L.move(row.wallet, COLLATERAL, -fee, 0, 'fee', tradeId);
    L.positions.sell(row.wallet, row.tokenId, row.conditionId, row.outcomeIndex, x, size);
  }
  L.move(FEE_ACCOUNT, COLLATERAL, fee, 0, 'fee', tradeId);
  row.sizeMatched += size;
  row.notional += cost;
  row.updatedAt = now;
  if (row.side === 'BUY' && row.amount === null) {
    const need = requiredReserve(row);
    const extra = row.reserved - need;
    if (extra < 0) throw new Error(`invariant: order ${row.id} under-reserved by ${-extra}`);
    L.move(row.wallet, COLLATERAL, extra, -extra, 'release', row.id);
    row.reserved = need;
  }
  L.note(row.wallet, 'TRADE', now, row.conditionId, row.tokenId, row.outcomeIndex, x, size, cost, tx, row.side);
  st.touchOrder(row);
  return fee;
}

/** Mints (both BUY) or merges (both SELL) `size` pairs in the market; returns [minted, merged]. */
export function settlePair(st: State, a: OrderRow, b: OrderRow, size: number, tradeId: string): [number, number] {
  if (a.side !== b.side) return [0, 0];
  const delta = a.side === 'BUY' ? size : -size;
  st.ledger.move(marketAccount(a.conditionId), COLLATERAL, delta, 0, a.side === 'BUY' ? 'trade' : 'merge', tradeId);
  return a.side === 'BUY' ? [size, 0] : [0, size];
}
