/**
 * The exchange's event sequence: what the exchange did, told to any number of subscribers, so
 * that nothing downstream reads the exchange's internals to learn what changed (metrics, kept
 * pages, WebSocket streams, other instances are all subscribers).
 *
 * - `applied(effects)`: one command's effects, as soon as they are in memory (not yet durable —
 *   for what must move at once, e.g. a kept page that must not show a state that changed).
 * - `committed(batch)`: a group-commit batch once it is durable, in commit order. Each carries a
 *   strictly increasing `seq` (stored with the batch, so it keeps growing across restarts) and
 *   the `generation` of the core it ran on; it lists the orders placed, updated or cancelled
 *   (final state in the batch, with their wallets), the trades with both sides, the markets that
 *   changed (created, settings, resolution) and, per token, the book levels that changed with
 *   their new total size. Only committed state is ever published: a crash can undo nothing here.
 * - `rebuilt(generation)`: the core was rebuilt from the database (a failed write, a broken
 *   command, the writer lock's return); whatever a subscriber derived from earlier events must
 *   be read again. The generation only grows within a process.
 *
 * A subscriber that throws is reported and skipped; it never stops the exchange or the others.
 */
import type { Effects, ExchangeCore, MarketRow, OrderRow, TradeRow } from '../core/index.js';
import { MICRO } from '../domain/money.js';
import type { Batch } from './batch.js';
import type { JournalEntry } from './journal.js';

export interface PriceLevel {
  /** Price in the token's own terms, micro. */
  price: number;
  /** New total size resting at the price, micro-shares (0: the level is gone). */
  size: number;
}

/** One token's book after a batch: the levels that changed, in the token's own price terms. */
export interface AssetBookChange {
  assetId: string;
  conditionId: string;
  outcomeIndex: 0 | 1;
  /**
   * One more for every committed batch that changed this book, stored with it (`books.seq`), so
   * it goes on across restarts; both tokens of a market share it. A gap means a missed change.
   */
  seq: number;
  /** The core's book version after the batch (moves on every change inside a batch too). */
  version: number;
  bids: PriceLevel[];
  asks: PriceLevel[];
  bestBid: number | null;
  bestAsk: number | null;
  /** The market itself changed (created, tick size, resolution): `bids`/`asks` are the whole book. */
  reset: boolean;
  /** The book's last change (ms) after the batch: the `timestamp` of its snapshot (src/marketdata/book.ts). */
  lastChangeMs: number;
  /** The last fill's price in the token's own terms after the batch, null when none. */
  lastTradePrice: number | null;
  /** The market's tick and minimum order size after the batch (micro). */
  tickSize: number;
  minOrderSize: number;
}

export interface CommittedBatch {
  seq: number;
  generation: number;
  /** When the batch was sealed (ms): the time its rows carry. */
  at: number;
  /** Orders are numbered as they are placed: those with `seq >= firstOrderSeq` were placed in this batch. */
  firstOrderSeq: number;
  orders: OrderRow[];
  trades: TradeRow[];
  markets: MarketRow[];
  books: AssetBookChange[];
  /** A cluster writer's batch: its journal entry, which followers replay (journal.ts). */
  journal?: JournalEntry;
}

export interface ExchangeListener {
  applied?(effects: Effects): void;
  committed?(batch: CommittedBatch): void;
  rebuilt?(generation: number): void;
  /** A batch's write failed (its commands are refused; a rebuild follows): e.g. a fenced epoch. */
  writeFailed?(err: unknown): void;
}

export class ExchangeEvents {
  private listeners: ExchangeListener[] = [];

  constructor(private readonly onError: (err: unknown) => void) {}

  /** Adds a subscriber; the returned function removes it. */
  subscribe(listener: ExchangeListener): () => void {
    this.listeners = [...this.listeners, listener];
    return () => { this.listeners = this.listeners.filter((l) => l !== listener); };
  }

  /** Whether anyone listens for committed batches (the event is built only then). */
  get wantsCommitted(): boolean {
    return this.listeners.some((l) => l.committed !== undefined);
  }

  applied(effects: Effects): void {
    for (const l of this.listeners) if (l.applied) this.call(() => l.applied!(effects));
  }

  committed(batch: CommittedBatch): void {
    for (const l of this.listeners) if (l.committed) this.call(() => l.committed!(batch));
  }

  rebuilt(generation: number): void {
    for (const l of this.listeners) if (l.rebuilt) this.call(() => l.rebuilt!(generation));
  }

  writeFailed(err: unknown): void {
    for (const l of this.listeners) if (l.writeFailed) this.call(() => l.writeFailed!(err));
  }

  private call(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.onError(err);
    }
  }
}

/**
 * Moves on the `seq` of every book a batch changed (orders or trades in it, or its market row):
 * `seqs` keeps each book's last one; the result holds the batch's new ones.
 */
export function advanceBookSeqs(batch: Batch, seqs: Map<string, number>): Map<string, number> {
  const next = new Map<string, number>();
  for (const cid of [...batch.touchedMarkets, ...batch.markets.keys()]) {
    if (next.has(cid)) continue;
    const seq = (seqs.get(cid) ?? 0) + 1;
    seqs.set(cid, seq);
    next.set(cid, seq);
  }
  return next;
}

/**
 * The event of a batch, read from the core at the moment the batch is sealed (the core then holds
 * exactly the state after the batch's last command): every level an order of the batch rests at,
 * or rested at, with its total now — a level that was touched and came back to its old size is
 * told again with that size.
 */
export function committedBatch(batch: Batch, ex: ExchangeCore, seq: number, bookSeqs: ReadonlyMap<string, number>, firstOrderSeq: number, generation: number, at: number,
  journal?: JournalEntry): CommittedBatch {
  const levels = new Map<string, Set<number>>(); // condition id → side × (MICRO + 1) + outcome-0 price
  for (const o of batch.orders.values()) {
    const price0 = o.outcomeIndex === 0 ? o.price : MICRO - o.price;
    const side = (o.side === 'BUY') === (o.outcomeIndex === 0) ? 0 : 1;
    let set = levels.get(o.conditionId);
    if (set === undefined) levels.set(o.conditionId, (set = new Set()));
    set.add(side * (MICRO + 1) + price0);
  }
  const books: AssetBookChange[] = [];
  for (const [cid, bookSeq] of bookSeqs) {
    books.push(...(batch.markets.has(cid) ? wholeBook(ex, cid, bookSeq) : changedLevels(ex, cid, bookSeq, levels.get(cid) ?? new Set())));
  }
  const event: CommittedBatch = { seq, generation, at, firstOrderSeq, orders: [...batch.orders.values()], trades: batch.trades, markets: [...batch.markets.values()], books };
  if (journal !== undefined) event.journal = journal;
  return event;
}

/** Both tokens' changes of a market with nothing in them yet, read once from its book; none for an unknown market. */
function heads(ex: ExchangeCore, cid: string, seq: number, reset: boolean): [AssetBookChange, AssetBookChange] | undefined {
  const meta = ex.bookMeta(cid);
  const market = meta && ex.market(cid);
  if (meta === undefined || market === undefined) return undefined;
  const best = ex.bestPrices(cid);
  const flip = (p: number | null) => (p === null ? null : MICRO - p);
  const last = meta.lastTradePrice === 0 ? null : meta.lastTradePrice;
  const common = {
    conditionId: cid, seq, version: meta.version, reset, lastChangeMs: meta.lastChangeMs, tickSize: market.tickSize, minOrderSize: market.minOrderSize,
  };
  return [
    { ...common, assetId: market.tokenIds[0], outcomeIndex: 0, bids: [], asks: [], bestBid: best.bid, bestAsk: best.ask, lastTradePrice: last },
    { ...common, assetId: market.tokenIds[1], outcomeIndex: 1, bids: [], asks: [], bestBid: flip(best.ask), bestAsk: flip(best.bid), lastTradePrice: flip(last) },
  ];
}

function changedLevels(ex: ExchangeCore, cid: string, seq: number, keys: Set<number>): AssetBookChange[] {
  const both = heads(ex, cid, seq, false);
  if (both === undefined) return [];
  const [yes, no] = both;
  for (const key of [...keys].sort((a, b) => a - b)) {
    const side = key > MICRO ? 1 : 0;
    const price0 = key - side * (MICRO + 1);
    const size = ex.levelSize(cid, side, price0);
    // Outcome 1 mirrors outcome 0: a bid for YES at p is an ask for NO at 1 − p.
    (side === 0 ? yes.bids : yes.asks).push({ price: price0, size });
    (side === 0 ? no.asks : no.bids).push({ price: MICRO - price0, size });
  }
  return both;
}

function wholeBook(ex: ExchangeCore, cid: string, seq: number): AssetBookChange[] {
  const both = heads(ex, cid, seq, true);
  if (both === undefined) return [];
  for (const c of both) {
    const view = ex.book(c.assetId)!;
    c.bids = view.bids.map((l) => ({ price: l.price, size: l.size }));
    c.asks = view.asks.map((l) => ({ price: l.price, size: l.size }));
  }
  return both;
}
