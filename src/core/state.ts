/**
 * The ExchangeCore's internal state and the bookkeeping every command shares: markets with their
 * books, live orders (by id, by wallet, by book slot), the ledger, the GTD expiry queue and the
 * collectors that turn one command's changes into one Effects value. The command modules
 * (place, cancel, snapshot, …) are functions over this state; `ExchangeCore` is the facade.
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

/** What a token id names: its market and outcome. */
export interface TokenSlot {
  market: MarketState;
  outcome: 0 | 1;
}

export interface LiveOrder {
  row: OrderRow;
  slot: number;
  acct: number;
  market: MarketState;
  /** Neighbours in the wallet's list of live orders (oldest first): see `State.walletHead`. */
  prev: LiveOrder | undefined;
  next: LiveOrder | undefined;
}

/** A neg-risk event's questions and conversion fee (src/core/neg-risk.ts works on it). */
export interface NegRiskEvent {
  marketId: string;
  feeBips: number;
  /** The questions by index (a gap is an index whose market has no order book here). */
  questions: Array<MarketState | undefined>;
}

export class State {
  readonly markets = new Map<string, MarketState>();
  /** Every market's two token ids → the market and outcome. */
  readonly tokens = new Map<string, TokenSlot>();
  /** Neg-risk events by `negRiskMarketID` (src/core/neg-risk.ts). */
  readonly negRisk = new Map<string, NegRiskEvent>();
  readonly live = new Map<string, LiveOrder>();
  /**
   * Each account's live orders as an intrusive doubly linked list (oldest first), indexed by
   * `acct`: resting and closing an order touch two neighbours instead of a per-wallet Set of ids,
   * which cost a hash insert per order — a tenth of a million-order restart.
   */
  private readonly walletHead: Array<LiveOrder | undefined> = [];
  private readonly walletTail: Array<LiveOrder | undefined> = [];
  readonly ledger = new Ledger();
  readonly expiry = new ExpiryQueue<string>();
  readonly fills = new FillBuffer();
  /** Order sequence number: time priority across restarts. */
  seq = 0;
  /** Size matched by takers and by makers: equal when every fill has both sides. */
  takerMatched = 0;
  makerMatched = 0;
  private accts = new Map<string, number>();
  /** The wallet string of each account number, as first seen. */
  private names: string[] = [];
  private changedOrders = new Map<string, OrderRow>();
  private changedMarkets = new Map<string, MarketRow>();
  private trades: TradeRow[] = [];

  constructor(
    /** The time source; `ExchangeCore.apply` sets the command's own time. */
    public clock: Clock,
    readonly ids: IdSource,
  ) {}

  /** Small integer per wallet, for self-trade prevention inside the book. */
  acct(wallet: string): number {
    let a = this.accts.get(wallet);
    if (a === undefined) {
      this.accts.set(wallet, (a = this.accts.size));
      this.names.push(wallet);
    }
    return a;
  }

  /**
   * One string per wallet and per token id, kept by every order that rests: a command's own
   * strings (parsed from each request) would cost each resting order a copy of both.
   */
  walletOf(acct: number): string {
    return this.names[acct]!;
  }

  tokenOf(m: MarketState, outcome: 0 | 1): string {
    return m.row.tokenIds[outcome];
  }

  /** Registers a market and its token ids (creation, restore). */
  addMarket(ms: MarketState): void {
    this.markets.set(ms.row.conditionId, ms);
    this.tokens.set(ms.row.tokenIds[0], { market: ms, outcome: 0 });
    this.tokens.set(ms.row.tokenIds[1], { market: ms, outcome: 1 });
  }

  /** Every wallet that ever had an account number (for the invariant checks). */
  wallets(): IterableIterator<string> {
    return this.accts.keys();
  }

  /** How many account numbers were given (0 … accountCount − 1). */
  get accountCount(): number { return this.names.length; }

  /** The account number of `wallet`, if it has one (never gives a new one). */
  accountOf(wallet: string): number | undefined { return this.accts.get(wallet); }

  /** The oldest live order of account `acct` (its list follows `next`). */
  firstLiveOf(acct: number): LiveOrder | undefined { return this.walletHead[acct]; }

  /** The newest live order of account `acct`. */
  lastLiveOf(acct: number): LiveOrder | undefined { return this.walletTail[acct]; }

  /** The live orders of `wallet`, oldest first. */
  *liveOrdersOf(wallet: string): Generator<LiveOrder> {
    const a = this.accts.get(wallet);
    for (let lo = a === undefined ? undefined : this.walletHead[a]; lo !== undefined; lo = lo.next) yield lo;
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
  rest(row: OrderRow, m: MarketState, slot: number, acct = this.acct(row.wallet)): LiveOrder {
    const tail = this.walletTail[acct];
    const lo: LiveOrder = { row, slot, acct, market: m, prev: tail, next: undefined };
    this.live.set(row.id, lo);
    m.bySlot[slot] = lo;
    if (tail === undefined) this.walletHead[acct] = lo;
    else tail.next = lo;
    this.walletTail[acct] = lo;
    if (row.type === 'GTD') this.expiry.push(row.expiration * 1000, row.seq, row.id);
    return lo;
  }

  /** Ends an order: out of the book (unless the engine already removed it), reservation released. */
  close(lo: LiveOrder, status: OrderStatus, reason: string | null, inBook: boolean): void {
    const m = lo.market;
    if (inBook && m.book.cancel(lo.slot) < 0) throw new Error(`invariant: order ${lo.row.id} not in book`);
    m.bySlot[lo.slot] = undefined;
    this.live.delete(lo.row.id);
    const { prev, next, acct } = lo;
    if (prev === undefined) this.walletHead[acct] = next;
    else prev.next = next;
    if (next === undefined) this.walletTail[acct] = prev;
    else next.prev = prev;
    lo.prev = lo.next = undefined;
    this.finish(lo.row, status, reason);
  }

  /** Final state of an order that is not (or no longer) resting: releases what it still reserves. */
  finish(row: OrderRow, status: OrderStatus, reason: string | null): void {
    if (row.reserved > 0) {
      const asset = row.side === 'BUY' ? COLLATERAL : row.tokenId;
      this.ledger.move(row.wallet, asset, row.reserved, -row.reserved, 'release', row.id);
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
