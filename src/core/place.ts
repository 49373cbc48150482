/**
 * Placing an order: validate → check the free balance → order-type pre-checks (post-only cross,
 * FOK fillability, FAK any-match — all before anything is mutated) → reserve → match in the book →
 * settle every fill on both sides → cancel self-trade victims → rest or cancel the remainder.
 */

import { BID, ASK, type BookSide } from '../engine/book.js';
import { MICRO, notional } from '../domain/money.js';
import { MSG, reject, type Reject } from '../domain/rejects.js';
import { COLLATERAL } from '../ledger/types.js';
import { maxFeeFor, ownPrice, settleFill, settlePair } from './settle.js';
import type { State } from './state.js';
import type { MakerFill, OrderCommand, OrderRow, TradeRow } from './types.js';
import { validateOrder, type ValidOrder } from './validate.js';

export const STP_REASON = 'self-trade prevention';
export const FAK_REASON = 'unfilled remainder of FAK order';

export type Placed = { order: OrderRow; tradeIds: string[]; txs: string[] };

export function place(st: State, cmd: OrderCommand): Placed | Reject {
  const v = validateOrder(st, cmd);
  if ('code' in v) return v;
  const { market, outcome } = v;
  const book = market.book;
  const m = market.row;
  const buy = cmd.side === 'BUY';
  const side: BookSide = buy === (outcome === 0) ? BID : ASK;
  const limitIdx = (outcome === 0 ? cmd.price : MICRO - cmd.price) / book.res;
  const acct = st.acct(cmd.wallet);
  const wallet = st.walletOf(acct);
  const tokenId = st.tokenOf(market, outcome);
  const bps = Math.max(m.makerBaseFeeBps, m.takerBaseFeeBps);
  const maxFee = buy ? maxFeeFor(v.amount >= 0 ? m.takerBaseFeeBps : bps, cmd.price, v.size, v.amount) : 0;
  const reserve = buy ? (v.amount >= 0 ? v.amount : notional(cmd.price, v.size)) + maxFee : v.size;
  const asset = buy ? COLLATERAL : tokenId;
  const short = st.ledger.need(wallet, asset, reserve);
  if (short !== null) return short;
  const pre = precheck(v, side, limitIdx, acct);
  if (pre !== null) return pre;

  const now = st.clock.now();
  const row: OrderRow = {
    id: st.ids.next('order'), seq: ++st.seq, wallet, apiKey: cmd.apiKey ?? null, builder: cmd.builder ?? null, builderCode: cmd.builderCode ?? null,
    conditionId: m.conditionId, tokenId, outcomeIndex: outcome, side: cmd.side, type: cmd.type, postOnly: cmd.postOnly === true,
    price: cmd.price, originalSize: v.size, sizeMatched: 0, amount: v.amount >= 0 ? v.amount : null,
    expiration: cmd.expiration ?? 0, status: 'LIVE', cancelReason: null, createdAt: now, updatedAt: now,
    reserved: reserve, maxFee, feeBase: 0, feeCharged: 0, notional: 0,
  };
  st.ledger.move(wallet, asset, -reserve, reserve, 'reserve', row.id);
  st.touchOrder(row);

  const out = st.fills;
  const qty = v.amount >= 0 ? Number.MAX_SAFE_INTEGER : v.size;
  const version = book.version;
  book.match(side, limitIdx, qty, v.amount, outcome === 1, acct, out);
  const res: Placed = { order: row, tradeIds: [], txs: [] };
  if (out.n > 0) settleTrade(st, row, res);
  for (let i = 0; i < out.stpN; i++) st.close(market.bySlot[out.stpSlot[i]!]!, 'CANCELED', STP_REASON, false);

  if (row.amount !== null) row.originalSize = row.sizeMatched;
  const rem = row.originalSize - row.sizeMatched;
  if (rem > 0 && (cmd.type === 'GTC' || cmd.type === 'GTD')) {
    st.rest(row, market, book.add(side, limitIdx, rem, acct));
  } else {
    st.finish(row, rem === 0 ? 'MATCHED' : 'CANCELED', rem === 0 ? null : FAK_REASON);
  }
  if (book.version !== version) book.lastChangeMs = now;
  return res;
}

/** Rejections that depend on the book; nothing has been mutated yet. */
function precheck(v: ValidOrder, side: BookSide, limitIdx: number, acct: number): Reject | null {
  const { cmd, market } = v;
  const book = market.book;
  if (cmd.postOnly === true && book.crosses(side, limitIdx)) return reject('post_only_crosses', MSG.postOnly, { price: cmd.price });
  if (cmd.type !== 'FOK' && cmd.type !== 'FAK') return null;
  const budget = v.amount;
  const qty = budget >= 0 ? Number.MAX_SAFE_INTEGER : v.size;
  const can = book.probe(side, limitIdx, qty, budget, v.outcome === 1, acct);
  if (cmd.type === 'FOK') {
    const full = budget >= 0 ? book.probeBudgetBound || book.probeSpent === budget : can === v.size;
    if (!full) return reject('fok_not_filled', MSG.fok, { requested: budget >= 0 ? budget : v.size, fillable: budget >= 0 ? book.probeSpent : can });
  } else if (can === 0) return reject('fak_no_match', MSG.fak, { price: cmd.price });
  return null;
}

/** Settles the fills in `st.fills` as one trade of the taker `row`. */
function settleTrade(st: State, row: OrderRow, res: Placed): void {
  const out = st.fills;
  const market = st.markets.get(row.conditionId)!;
  const m = market.row;
  const book = market.book;
  const tradeId = st.ids.next('trade');
  const tx = st.ids.next('tx');
  const trade: TradeRow = {
    id: tradeId, takerOrderId: row.id, wallet: row.wallet, conditionId: row.conditionId, asset: row.tokenId, side: row.side,
    price: 0, size: 0, usdcSize: 0, fee: 0, makers: [], minted: 0, merged: 0,
    transactionHash: tx, status: 'CONFIRMED', matchTime: st.clock.now(),
  };
  for (let i = 0; i < out.n; i++) {
    const lo = market.bySlot[out.slot[i]!];
    if (lo === undefined) throw new Error('invariant: fill against an unknown maker slot');
    const size = out.size[i]!;
    const p0 = out.idx[i]! * book.res;
    const maker = lo.row;
    const makerFee = settleFill(st, maker, ownPrice(maker, p0), size, m.makerBaseFeeBps, tradeId, tx);
    const tx0 = ownPrice(row, p0);
    trade.fee += settleFill(st, row, tx0, size, m.takerBaseFeeBps, tradeId, tx);
    const [minted, merged] = settlePair(st, row, maker, size, tradeId);
    trade.minted += minted;
    trade.merged += merged;
    if (i === 0) trade.price = tx0;
    trade.size += size;
    trade.usdcSize += notional(tx0, size);
    st.takerMatched += size;
    st.makerMatched += size;
    const f: MakerFill = { orderId: maker.id, wallet: maker.wallet, asset: maker.tokenId, side: maker.side, price: ownPrice(maker, p0), matchedAmount: size, fee: makerFee };
    trade.makers.push(f);
    if (out.done[i] === 1) st.close(lo, 'MATCHED', null, false);
  }
  st.addTrade(trade);
  res.tradeIds.push(tradeId);
  res.txs.push(tx);
}
