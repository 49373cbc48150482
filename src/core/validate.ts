/**
 * Order admission rules that need no balance or book: market state, token, tick grid, lot size,
 * minimum size, market-BUY minimum notional, expiration and type combinations. Each failure is a
 * Reject with the real exchange's text and the broken limit (docs/venue.md §3).
 */

import { LOT, MAX_AMOUNT, MICRO, formatMicro, notional, validPrice, validSize } from '../domain/money.js';
import { MSG, reject, type Reject } from '../domain/rejects.js';
import type { MarketState, State } from './state.js';
import type { OrderCommand } from './types.js';

/** An order command that passed validation, with its market and outcome resolved. */
export interface ValidOrder {
  cmd: OrderCommand;
  market: MarketState;
  outcome: 0 | 1;
  /** Size in micro-shares, or 0 for an amount-based market BUY. */
  size: number;
  /** Collateral budget, or -1 when the order is sized in shares. */
  amount: number;
}

/** Market BUYs (FOK/FAK) must be worth at least this much collateral. */
export const MIN_MARKET_BUY = MICRO;

export function validateOrder(st: State, cmd: OrderCommand): ValidOrder | Reject {
  if (typeof cmd.wallet !== 'string' || cmd.wallet === '' || cmd.wallet.includes(':')) {
    return reject('invalid_order_type', MSG.payload, { field: 'wallet' });
  }
  const tok = st.tokens.get(cmd.tokenId);
  const market = tok?.market;
  if (tok === undefined || market === undefined) return reject('invalid_token', MSG.payload, { field: 'tokenId', tokenId: cmd.tokenId });
  const m = market.row;
  if (m.status !== 'active' || !m.acceptingOrders) return reject('market_not_ready', MSG.notReady, { market: m.conditionId, status: m.status });
  if (cmd.side !== 'BUY' && cmd.side !== 'SELL') return reject('invalid_order_type', MSG.payload, { field: 'side' });
  const isMarket = cmd.type === 'FOK' || cmd.type === 'FAK';
  if (!isMarket && cmd.type !== 'GTC' && cmd.type !== 'GTD') return reject('invalid_order_type', MSG.payload, { field: 'type' });
  if (cmd.postOnly === true && isMarket) {
    return reject('invalid_order_type', 'post-only orders must be GTC or GTD', { type: cmd.type });
  }
  const t = m.tickSize;
  if (!validPrice(cmd.price, t)) {
    const p = Number.isSafeInteger(cmd.price) ? formatMicro(cmd.price) : String(cmd.price);
    return reject('invalid_price', MSG.price(p, formatMicro(t), formatMicro(MICRO - t)), { price: cmd.price, tick: t, min: t, max: MICRO - t });
  }
  const exp = cmd.expiration ?? 0;
  if (cmd.type === 'GTD') {
    if (!Number.isSafeInteger(exp) || exp * 1000 <= st.clock.now()) return reject('invalid_expiration', MSG.expiration, { expiration: exp, now: st.clock.now() });
  } else if (exp !== 0) return reject('invalid_expiration', MSG.expiration, { expiration: exp, type: cmd.type });

  if (cmd.amount !== undefined) {
    if (!isMarket || cmd.side !== 'BUY' || cmd.size !== undefined) {
      return reject('invalid_order_type', MSG.payload, { field: 'amount', reason: 'amount is for market (FOK/FAK) BUY orders only, without size' });
    }
    const a = cmd.amount;
    if (!Number.isSafeInteger(a) || a <= 0 || a > MAX_AMOUNT) return reject('invalid_amount', MSG.payload, { amount: a, max: MAX_AMOUNT });
    if (a < MIN_MARKET_BUY) return reject('amount_below_minimum', `amount (${formatMicro(a)}) lower than the minimum: 1`, { amount: a, min: MIN_MARKET_BUY });
    return { cmd, market, outcome: tok.outcome, size: 0, amount: a };
  }
  const size = cmd.size ?? 0;
  if (!validSize(size)) return reject('invalid_size', MSG.payload, { size, lot: LOT });
  if (!isMarket && size < m.minOrderSize) {
    return reject('size_below_minimum', MSG.minSize(formatMicro(size), formatMicro(m.minOrderSize)), { size, min: m.minOrderSize });
  }
  if (isMarket && cmd.side === 'BUY' && notional(cmd.price, size) < MIN_MARKET_BUY) {
    const n = notional(cmd.price, size);
    return reject('amount_below_minimum', `amount (${formatMicro(n)}) lower than the minimum: 1`, { amount: n, min: MIN_MARKET_BUY });
  }
  return { cmd, market, outcome: tok.outcome, size, amount: -1 };
}
