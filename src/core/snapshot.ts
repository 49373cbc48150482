/**
 * Snapshot and restore: the ExchangeCore as plain data (markets, live orders in time priority with
 * their remaining size and reservations, balances incl. reserved parts, positions) and back.
 * Restoring re-adds orders to fresh books in sequence order, which reproduces every level's FIFO
 * exactly; snapshot → restore → snapshot is the identity (tested), and so is behaviour after it.
 */

import type { BalanceRow, PositionRow } from '../ledger/types.js';
import { ASK, BID, type BookSide } from '../engine/book.js';
import { MICRO } from '../domain/money.js';
import type { MarketState, State } from './state.js';
import { registerNegRisk } from './neg-risk.js';
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

/** A snapshot's counters and markets: what a restore needs before its rows. */
export type SnapshotHead = Omit<ExchangeSnapshot, 'orders' | 'balances' | 'positions'>;

/**
 * Loads a snapshot into an empty State piece by piece, so a restore can stream rows from a
 * database straight in: the head (counters, markets) first — markets may also come one by one
 * through `market`, as a large catalog is read page by page — then the live orders in ascending
 * `seq` (each row becomes the live row itself, uncopied), then balances and positions, then
 * `finish()` (book versions are set last: resting an order bumps them).
 */
export class SnapshotLoader {
  private lastSeq = -Infinity;
  private lastMarket: string | null = null;
  private lastState: MarketState | undefined;
  private finished = false;
  /** Each market's book version and last change, in load order, set by `finish`. */
  private readonly versions: number[] = [];
  private readonly changes: number[] = [];

  constructor(private readonly st: State, head: SnapshotHead) {
    if (head.format !== 1) throw new Error(`unsupported snapshot format ${String(head.format)}`);
    st.seq = head.seq;
    st.ledger.deposited = head.deposited;
    st.ledger.withdrawn = head.withdrawn;
    st.takerMatched = head.takerMatched;
    st.makerMatched = head.makerMatched;
    for (const s of head.markets) this.market(s);
  }

  /** Adds a market and its (empty) book; every market comes before the first order. */
  market(s: MarketSnapshot): void {
    if (this.lastSeq !== -Infinity) throw new Error(`snapshot market ${s.conditionId} after the first order`);
    const { ladderRes, bookVersion, lastChangeMs, lastTradePrice, lastTradeSide, ...row } = s;
    const book = this.st.newBook(ladderRes);
    const ms = { row: { ...row, tokenIds: [row.tokenIds[0], row.tokenIds[1]] as const, payouts: row.payouts && [row.payouts[0], row.payouts[1]] as [number, number] }, book, bySlot: [] };
    this.st.addMarket(ms);
    registerNegRisk(this.st, ms);
    book.lastTradeIdx = lastTradePrice / ladderRes;
    book.lastTradeSide = lastTradeSide;
    this.versions.push(bookVersion);
    this.changes.push(lastChangeMs);
  }

  /** A loaded market's token ids (for rows that store only the outcome); throws for an unknown market. */
  marketTokens(conditionId: string): readonly [string, string] {
    const m = this.st.markets.get(conditionId);
    if (m === undefined) throw new Error(`snapshot order names unknown market ${conditionId}`);
    return m.row.tokenIds;
  }

  /** Rests a live order at the back of its price level; the loader keeps `row` as the live row. */
  order(row: OrderRow): void {
    if (!(row.seq > this.lastSeq)) throw new Error(`snapshot order ${row.id} out of sequence order`);
    this.lastSeq = row.seq;
    let m = this.lastState;
    if (row.conditionId !== this.lastMarket) {
      m = this.st.markets.get(row.conditionId);
      if (m === undefined) throw new Error(`snapshot order ${row.id} names unknown market ${row.conditionId}`);
      this.lastMarket = row.conditionId;
      this.lastState = m;
    }
    const side: BookSide = (row.side === 'BUY') === (row.outcomeIndex === 0) ? BID : ASK;
    const p0 = row.outcomeIndex === 0 ? row.price : MICRO - row.price;
    const acct = this.st.acct(row.wallet);
    this.st.rest(row, m!, m!.book.add(side, p0 / m!.book.res, row.originalSize - row.sizeMatched, acct), acct);
  }

  balance(b: BalanceRow): void {
    this.st.ledger.load(b);
  }

  position(p: PositionRow): void {
    this.st.ledger.positions.load(p);
  }

  finish(): void {
    if (this.finished) return;
    this.finished = true;
    // The state was empty: its markets are exactly the loaded ones, in load order.
    let i = 0;
    for (const { book } of this.st.markets.values()) {
      book.version = this.versions[i]!;
      book.lastChangeMs = this.changes[i++]!;
    }
  }
}

/** Loads a snapshot into an empty State; its rows are copied (the snapshot stays the caller's). */
export function loadSnapshot(st: State, snap: ExchangeSnapshot): void {
  const loader = new SnapshotLoader(st, snap);
  let sorted = true;
  for (let i = 1; i < snap.orders.length && sorted; i++) sorted = snap.orders[i - 1]!.seq < snap.orders[i]!.seq;
  const orders = sorted ? snap.orders : [...snap.orders].sort((a, b) => a.seq - b.seq);
  for (const r of orders) loader.order({ ...r });
  for (const b of snap.balances) loader.balance(b);
  for (const p of snap.positions) loader.position(p);
  loader.finish();
}
