/**
 * The markets registry: creating and updating markets (tick, minimum size, fees, cancel-only),
 * resolving them, and the order-ending commands that act on many orders at once (cancel by wallet
 * or market, GTD expiry). Cancels stay allowed in cancel-only mode.
 */

import { MAX_FEE_BPS, MICRO, MIN_TICK, TICKS, validSize } from '../domain/money.js';
import { reject, type Reject } from '../domain/rejects.js';
import type { LiveOrder, State } from './state.js';
import { checkNegRiskResolution, registerNegRisk, settleNegRiskWinner } from './neg-risk.js';
import type { MarketRow, MarketSettings, OrderRow } from './types.js';

export const RESOLVED_REASON = 'market resolved';
export const EXPIRED_REASON = 'order expired';
export const DEFAULT_MIN_SIZE = 5 * MICRO;

const PAYOUTS: ReadonlyArray<readonly [number, number]> = [[MICRO, 0], [0, MICRO], [MICRO / 2, MICRO / 2]];

function checkSettings(s: MarketRow): Reject | null {
  const bad = (why: string) => reject('invalid_market_settings', why, { conditionId: s.conditionId });
  if (typeof s.conditionId !== 'string' || s.conditionId === '' || s.conditionId.includes(':')) return bad('invalid condition id');
  const [t0, t1] = s.tokenIds ?? [];
  if (typeof t0 !== 'string' || typeof t1 !== 'string' || t0 === '' || t0 === t1) return bad('a market needs two distinct token ids');
  if (!TICKS.includes(s.tickSize)) return bad(`tick size must be one of ${TICKS.join(', ')} micro`);
  if (!validSize(s.minOrderSize)) return bad('minimum order size must be a positive multiple of 0.01');
  for (const f of [s.makerBaseFeeBps, s.takerBaseFeeBps]) {
    if (!Number.isSafeInteger(f) || f < 0 || f > MAX_FEE_BPS) return bad(`fee rates must be integers in [0, ${MAX_FEE_BPS}] bps`);
  }
  return null;
}

export function createMarket(st: State, s: MarketSettings): Reject | null {
  if (st.markets.has(s.conditionId)) return reject('duplicate_market', 'market already exists', { conditionId: s.conditionId });
  for (const t of s.tokenIds ?? []) if (st.tokens.has(t)) return reject('duplicate_market', 'token id already in use', { conditionId: s.conditionId, tokenId: t });
  const row: MarketRow = {
    conditionId: s.conditionId, tokenIds: [s.tokenIds![0], s.tokenIds![1]], tickSize: s.tickSize, minOrderSize: s.minOrderSize ?? DEFAULT_MIN_SIZE,
    makerBaseFeeBps: s.makerBaseFeeBps ?? 0, takerBaseFeeBps: s.takerBaseFeeBps ?? 0,
    acceptingOrders: s.acceptingOrders ?? true, status: 'active', payouts: null,
    ...(s.negRisk === undefined ? {} : { negRisk: { ...s.negRisk } }),
  };
  const bad = checkSettings(row);
  if (bad !== null) return bad;
  const ms = { row, book: st.newBook(row.tickSize), bySlot: [] };
  st.addMarket(ms);
  registerNegRisk(st, ms);
  st.touchMarket(row);
  return null;
}

/** Changes settings; resting orders stay (a finer tick refines the ladder, priority kept). */
export function updateMarket(st: State, s: MarketSettings): Reject | null {
  const m = st.markets.get(s.conditionId);
  if (m === undefined) return reject('market_not_found', 'market not found', { conditionId: s.conditionId });
  const next: MarketRow = {
    ...m.row,
    tickSize: s.tickSize, minOrderSize: s.minOrderSize ?? m.row.minOrderSize,
    makerBaseFeeBps: s.makerBaseFeeBps ?? m.row.makerBaseFeeBps, takerBaseFeeBps: s.takerBaseFeeBps ?? m.row.takerBaseFeeBps,
    acceptingOrders: s.acceptingOrders ?? m.row.acceptingOrders,
  };
  const bad = checkSettings(next);
  if (bad !== null) return bad;
  Object.assign(m.row, next);
  if (next.tickSize < m.book.res) m.book.refine(Math.max(MIN_TICK, next.tickSize));
  st.touchMarket(m.row);
  return null;
}

/** Stops trading, cancels every open order, records the payouts (micro per share of each outcome). */
export function resolveMarket(st: State, cid: string, payouts: readonly [number, number]): Reject | null {
  const m = st.markets.get(cid);
  if (m === undefined) return reject('market_not_found', 'market not found', { conditionId: cid });
  if (m.row.status === 'resolved') return reject('market_resolved', 'market already resolved', { conditionId: cid });
  if (!PAYOUTS.some((p) => p[0] === payouts[0] && p[1] === payouts[1])) {
    return reject('invalid_payouts', 'payouts must be [1,0], [0,1] or [0.5,0.5] (in micro)', { payouts });
  }
  const nr = checkNegRiskResolution(st, m, payouts);
  if (nr !== null) return nr;
  for (const lo of [...st.live.values()]) if (lo.market === m) st.close(lo, 'CANCELED', RESOLVED_REASON, true);
  m.row.status = 'resolved';
  m.row.acceptingOrders = false;
  m.row.payouts = [payouts[0], payouts[1]];
  m.book.lastChangeMs = st.clock.now();
  if (m.row.negRisk !== undefined) settleNegRiskWinner(st, m, st.ids.next('tx'));
  st.touchMarket(m.row);
  return null;
}

/** Cancels the given live orders of `wallet`; returns the canceled ids and why others were not. */
export function cancelMany(st: State, wallet: string, ids: Iterable<string>, reason: string): { canceled: string[]; notCanceled: Record<string, string> } {
  const canceled: string[] = [];
  const notCanceled: Record<string, string> = {};
  for (const id of new Set(ids)) {
    const lo = st.live.get(id);
    if (lo === undefined) notCanceled[id] = 'order not found or already closed';
    else if (lo.row.wallet !== wallet) notCanceled[id] = 'the order owner does not match'; // the real exchange's text
    else {
      cancelOne(st, lo, reason);
      canceled.push(id);
    }
  }
  return { canceled, notCanceled };
}

export function cancelOne(st: State, lo: LiveOrder, reason: string): void {
  st.close(lo, 'CANCELED', reason, true);
  lo.market.book.lastChangeMs = st.clock.now();
}

/** Whether an order is in the market `conditionId` and of `asset`, where given: the filter of cancels and account reads. */
export function inMarket(r: OrderRow, conditionId?: string, asset?: string): boolean {
  return (conditionId === undefined || r.conditionId === conditionId) && (asset === undefined || r.tokenId === asset);
}

/** Live orders of `wallet`, oldest first, optionally only in one market and/or one token (the core's rows: read, not kept). */
export function* walletOrders(st: State, wallet: string, conditionId?: string, asset?: string): Generator<OrderRow> {
  for (const { row } of st.liveOrdersOf(wallet)) if (inMarket(row, conditionId, asset)) yield row;
}

/** Cancels every GTD order whose expiration is at or before `nowMs`; returns their ids. */
export function expireDue(st: State, nowMs: number): string[] {
  const out: string[] = [];
  for (let id = st.expiry.popDue(nowMs); id !== undefined; id = st.expiry.popDue(nowMs)) {
    const lo = st.live.get(id);
    if (lo === undefined || lo.row.expiration * 1000 > nowMs) continue;
    cancelOne(st, lo, EXPIRED_REASON);
    out.push(id);
  }
  return out;
}
