/**
 * Snapshot and restore: the Exchange as plain data (markets, live orders in time priority with
 * their remaining size and reservations, balances incl. reserved parts, positions) and back.
 * Restoring re-adds orders to fresh books in sequence order, which reproduces every level's FIFO
 * exactly; snapshot → restore → snapshot is the identity (tested), and so is behaviour after it.
 */

import type { BalanceRow, PositionRow } from '../ledger/types.js';
import { ASK, BID, type BookSide } from '../engine/book.js';
import { MICRO } from '../engine/amounts.js';
import type { State } from './state.js';
import type { MarketRow, OrderRow } from './types.js';

export interface MarketSnapshot extends MarketRow {
  /** Ladder resolution of the book (finest tick it ever had). */
  ladderRes: number;
  bookVersion: number;
  lastChangeMs: number;
  /** Outcome-0 price of the last fill (0 = none) and the taker's book side. */
  lastTradePrice: number;
  lastTradeSide: -1 | 0 | 1;
}

export interface ExchangeSnapshot {
  format: 1;
  seq: number;
  deposited: number;
  withdrawn: number;
  takerMatched: number;
  makerMatched: number;
  markets: MarketSnapshot[];
  /** Live orders, ascending `seq`. */
  orders: OrderRow[];
  balances: BalanceRow[];
  positions: PositionRow[];
}

/** Snapshots whose rows nobody else holds (freshly read from a database): restored without copies. */
const adoptable = new WeakSet<ExchangeSnapshot>();

/** Marks a snapshot as owned by the restore: its order rows become the live rows, uncopied. */
export function adoptSnapshot(snap: ExchangeSnapshot): ExchangeSnapshot {
  adoptable.add(snap);
  return snap;
}

const byKey = <T>(key: (x: T) => string) => (a: T, b: T) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

export function takeSnapshot(st: State): ExchangeSnapshot {
  const markets: MarketSnapshot[] = [];
  for (const m of st.markets.values()) {
    const b = m.book;
    markets.push({
      ...m.row, payouts: m.row.payouts && [m.row.payouts[0], m.row.payouts[1]],
      ladderRes: b.res, bookVersion: b.version, lastChangeMs: b.lastChangeMs,
      lastTradePrice: b.lastTradeIdx * b.res, lastTradeSide: b.lastTradeSide,
    });
  }
  return {
    format: 1, seq: st.seq, deposited: st.ledger.deposited, withdrawn: st.ledger.withdrawn,
    takerMatched: st.takerMatched, makerMatched: st.makerMatched,
    markets: markets.sort(byKey((m) => m.conditionId)),
    orders: [...st.live.values()].map((lo) => ({ ...lo.row })).sort((a, b) => a.seq - b.seq),
    balances: st.ledger.rows().sort(byKey((r) => `${r.wallet}\u0000${r.asset}`)),
    positions: st.ledger.positions.all().map((p) => ({ ...p })).sort(byKey((r) => `${r.wallet}\u0000${r.asset}`)),
  };
}

/** Loads a snapshot into an empty State. */
export function loadSnapshot(st: State, snap: ExchangeSnapshot): void {
  if (snap.format !== 1) throw new Error(`unsupported snapshot format ${String(snap.format)}`);
  st.seq = snap.seq;
  st.ledger.deposited = snap.deposited;
  st.ledger.withdrawn = snap.withdrawn;
  st.takerMatched = snap.takerMatched;
  st.makerMatched = snap.makerMatched;
  for (const s of snap.markets) {
    const { ladderRes, bookVersion, lastChangeMs, lastTradePrice, lastTradeSide, ...row } = s;
    const book = st.newBook(ladderRes);
    st.markets.set(row.conditionId, { row: { ...row, payouts: row.payouts && [row.payouts[0], row.payouts[1]] }, book, bySlot: [] });
    book.lastTradeIdx = lastTradePrice / ladderRes;
    book.lastTradeSide = lastTradeSide;
  }
  const adopt = adoptable.has(snap);
  let sorted = true;
  for (let i = 1; i < snap.orders.length && sorted; i++) sorted = snap.orders[i - 1]!.seq < snap.orders[i]!.seq;
  const orders = sorted ? snap.orders : [...snap.orders].sort((a, b) => a.seq - b.seq);
  for (const r of orders) {
    const m = st.markets.get(r.market);
    if (m === undefined) throw new Error(`snapshot order ${r.id} names unknown market ${r.market}`);
    const row = adopt ? r : { ...r };
    const side: BookSide = (row.side === 'BUY') === (row.outcome === 0) ? BID : ASK;
    const p0 = row.outcome === 0 ? row.price : MICRO - row.price;
    st.rest(row, m, m.book.add(side, p0 / m.book.res, row.originalSize - row.sizeMatched, st.acct(row.owner)));
  }
  for (const s of snap.markets) {
    const book = st.markets.get(s.conditionId)!.book;
    book.version = s.bookVersion;
    book.lastChangeMs = s.lastChangeMs;
  }
  for (const b of snap.balances) st.ledger.load(b);
  for (const p of snap.positions) st.ledger.positions.load(p);
}
