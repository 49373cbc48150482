/**
 * The Exchange's internal state and the bookkeeping every command shares: markets with their
 * books, live orders (by id, by owner, by book slot), the ledger, the GTD expiry queue and the
 * collectors that turn one command's changes into one Effects value. The command modules
 * (place, cancel, snapshot, …) are functions over this state; `Exchange` is the facade.
 */

import { Book } from '../engine/book.js';
import { ExpiryQueue } from '../engine/expiry-queue.js';
import { FillBuffer } from '../engine/fills.js';
import { Ledger } from '../ledger/ledger.js';
import { COLLATERAL } from '../ledger/types.js';
import type { Clock, Effects, IdSource, MarketRow, OrderRow, OrderStatus, TradeRow } from './types.js';

export interface MarketState {
  row: MarketRow;
  book: Book;
  /** Live order of each book slot. */
  bySlot: Array<LiveOrder | undefined>;
}

export interface LiveOrder {
  row: OrderRow;
  slot: number;
  acct: number;
  market: MarketState;
}

export class State {
  readonly markets = new Map<string, MarketState>();
  readonly live = new Map<string, LiveOrder>();
  readonly byOwner = new Map<string, Set<string>>();
  readonly ledger = new Ledger();
  readonly expiry = new ExpiryQueue<string>();
  readonly fills = new FillBuffer();
  /** Order sequence number: time priority across restarts. */
  seq = 0;
  /** Size matched by takers and by makers: equal when every fill has both sides. */
  takerMatched = 0;
  makerMatched = 0;
  private accts = new Map<string, number>();
  private changedOrders = new Map<string, OrderRow>();
  private changedMarkets = new Map<string, MarketRow>();
  private trades: TradeRow[] = [];

  constructor(
    readonly clock: Clock,
    readonly ids: IdSource,
  ) {}

  /** Small integer per owner, for self-trade prevention inside the book. */
  acct(owner: string): number {
    let a = this.accts.get(owner);
    if (a === undefined) this.accts.set(owner, (a = this.accts.size));
    return a;
  }

  newBook(tick: number): Book {
    return new Book(tick, 64);
  }

  touchOrder(row: OrderRow): void {
    this.changedOrders.set(row.id, row);
  }

  touchMarket(row: MarketRow): void {
    this.changedMarkets.set(row.conditionId, row);
  }

  addTrade(t: TradeRow): void {
    this.trades.push(t);
  }

  /** Registers an order that rests in its market's book at `slot`. */
  rest(row: OrderRow, m: MarketState, slot: number, acct = this.acct(row.owner)): LiveOrder {
    const lo: LiveOrder = { row, slot, acct, market: m };
    this.live.set(row.id, lo);
    m.bySlot[slot] = lo;
    let ids = this.byOwner.get(row.owner);
    if (ids === undefined) this.byOwner.set(row.owner, (ids = new Set()));
    ids.add(row.id);
    if (row.type === 'GTD') this.expiry.push(row.expiration * 1000, row.seq, row.id);
    return lo;
  }

  /** Ends an order: out of the book (unless the engine already removed it), reservation released. */
  close(lo: LiveOrder, status: OrderStatus, reason: string | null, inBook: boolean): void {
    const m = lo.market;
    if (inBook && m.book.cancel(lo.slot) < 0) throw new Error(`invariant: order ${lo.row.id} not in book`);
    m.bySlot[lo.slot] = undefined;
    this.live.delete(lo.row.id);
    this.byOwner.get(lo.row.owner)?.delete(lo.row.id);
    this.finish(lo.row, status, reason);
  }

  /** Final state of an order that is not (or no longer) resting: releases what it still reserves. */
  finish(row: OrderRow, status: OrderStatus, reason: string | null): void {
    if (row.reserved > 0) {
      const asset = row.side === 'BUY' ? COLLATERAL : row.tokenId;
      this.ledger.move(row.owner, asset, row.reserved, -row.reserved, 'release', row.id);
      row.reserved = 0;
    }
    row.status = status;
    row.cancelReason = reason;
    row.updatedAt = this.clock.now();
    this.touchOrder(row);
  }

  /** Collects everything changed since the last call (no arrays are allocated for empty lists). */
  drain(): Effects {
    const l = this.ledger.drain();
    const out: Effects = {
      markets: this.changedMarkets.size === 0 ? [] : [...this.changedMarkets.values()].map((m) => ({ ...m, payouts: m.payouts && [...m.payouts] as [number, number] })),
      orders: copyOrders(this.changedOrders),
      trades: this.trades,
      ledger: l.ledger,
      positions: l.positions,
      activity: l.activity,
    };
    if (this.changedOrders.size > 0) this.changedOrders.clear();
    if (this.changedMarkets.size > 0) this.changedMarkets.clear();
    this.trades = [];
    return out;
  }
}

function copyOrders(m: Map<string, OrderRow>): OrderRow[] {
  const out: OrderRow[] = new Array<OrderRow>(m.size);
  let i = 0;
  for (const o of m.values()) out[i++] = { ...o };
  return out;
}
