/**
 * The books the streams show, kept from COMMITTED state only. The exchange's core runs ahead of
 * what is durable (commands applied, their batch not yet written), so a snapshot read from it at
 * an arbitrary moment could show an order that a crash would undo. Here each subscribed market's
 * book is copied from the core only at a moment when the core holds exactly a sealed batch's
 * state (`ExchangeService.sealedPoint`: no command applied since the last seal) and is then kept
 * up to date by applying every later committed batch's level changes (`AssetBookChange`: new
 * level totals). A copy taken while that batch is still being written is provisional and becomes
 * valid when its `committed` event arrives (a failed write rebuilds, and every copy is retaken).
 * Such moments come at least once per commit (right after it, the next batch is sealed before
 * any command runs), so a subscription waits at most about one commit for its first snapshot.
 *
 * Books are held only while someone subscribes to one of the market's tokens (reference counts);
 * levels are kept in outcome-0 terms, token 1 is the mirror (a bid at p for YES is an ask at
 * 1 − p for NO), exactly as the core does.
 */
import type { AssetBookChange } from '../exchange/events.js';
import type { ExchangeService } from '../exchange/service.js';
import type { TokenDirectory } from '../domain/ids.js';
import type { CatalogInfo, MarketInfo } from './catalog-info.js';

export interface MirrorBook {
  conditionId: string;
  info: MarketInfo;
  /** The book `seq` this state reflects (events.ts): one more per committed batch that changed it. */
  seq: number;
  lastChangeMs: number;
  /** Outcome-0 price of the last fill, null when none. */
  lastTrade0: number | null;
  tickSize: number;
  minOrderSize: number;
  /** Outcome-0 price → total size (micro). */
  bids: Map<number, number>;
  asks: Map<number, number>;
  bestBid0: number | null;
  bestAsk0: number | null;
  /** Snapshot cache of each token at `seq`, cleared on every change (book-view.ts). */
  cache: [unknown, unknown];
}

/** What a batch's events compare with: the book's tick and best prices before it. */
export interface Before {
  tickSize: number;
  bestBid0: number | null;
  bestAsk0: number | null;
}

type Waiter = (book: MirrorBook | null) => void;

interface Entry {
  refs: number;
  state: 'info' | 'capture' | 'provisional' | 'ready';
  book: MirrorBook | null;
  info: MarketInfo | null;
  /** Provisional: the batch whose state the copy holds; valid once it is committed. */
  validAfter: number;
  waiters: Waiter[];
}

export class CommittedBooks {
  private readonly entries = new Map<string, Entry>();
  private readonly capturing = new Set<string>();
  private retry: NodeJS.Timeout | null = null;

  constructor(private readonly exchange: ExchangeService, private readonly catalog: CatalogInfo, private readonly onError: (err: unknown) => void) {}

  /** Token ids of the markets with a book, as the exchange's current core has them. */
  readonly tokens: TokenDirectory = {
    token: (id) => this.exchange.core.token(id),
    tokenIds: (cid) => this.exchange.core.tokenIds(cid),
  };

  /** The market's committed book when held and valid. */
  get(conditionId: string): MirrorBook | undefined {
    const e = this.entries.get(conditionId);
    return e?.state === 'ready' ? e.book! : undefined;
  }

  /** Markets held (any state). */
  get size(): number {
    return this.entries.size;
  }

  /**
   * Holds the market's book; `ready` is called — synchronously, at the moment the book becomes
   * valid, so the caller can place its snapshot exactly between two commits — with the book, or
   * null when no such market trades here. Balance with `release`.
   */
  acquire(conditionId: string, ready: Waiter): void {
    let e = this.entries.get(conditionId);
    if (e === undefined) {
      e = { refs: 0, state: 'info', book: null, info: null, validAfter: 0, waiters: [] };
      this.entries.set(conditionId, e);
      const entry = e;
      this.catalog.get(conditionId).then((info) => {
        if (this.entries.get(conditionId) !== entry) return;
        if (info === null) return this.fail(conditionId, entry);
        entry.info = info;
        entry.state = 'capture';
        this.capturing.add(conditionId);
        this.captureWaiting();
      }, (err: unknown) => { this.onError(err); if (this.entries.get(conditionId) === entry) this.fail(conditionId, entry); });
    }
    e.refs++;
    if (e.state === 'ready') ready(e.book);
    else e.waiters.push(ready);
  }

  /**
   * Balances one `acquire`. The last release drops the entry; waiters still pending then (each
   * of an acquire already released) are called with null at once, so no caller waits for ever
   * (a subscription waiting on several books counts them: market-subscription.ts).
   */
  release(conditionId: string): void {
    const e = this.entries.get(conditionId);
    if (e === undefined) return;
    if (--e.refs <= 0) {
      this.entries.delete(conditionId);
      this.capturing.delete(conditionId);
      const waiters = e.waiters;
      e.waiters = [];
      for (const w of waiters) this.call(() => w(null));
    }
  }

  /**
   * A committed batch's changes of one market (both tokens, outcome 0 first). Returns the book
   * when it moved on by this batch (the caller builds the events), else undefined: not held,
   * not yet valid, or the batch is already in its copy. Promotes provisional copies.
   */
  apply(batchSeq: number, conditionId: string, yes: AssetBookChange): { book: MirrorBook; before: Before } | undefined {
    const e = this.entries.get(conditionId);
    if (e === undefined || e.book === null) return undefined;
    if (e.state === 'provisional' && batchSeq <= e.validAfter) return undefined;
    if (e.state !== 'ready' && e.state !== 'provisional') return undefined;
    const b = e.book;
    if (yes.seq <= b.seq) return undefined;
    const before: Before = { tickSize: b.tickSize, bestBid0: b.bestBid0, bestAsk0: b.bestAsk0 };
    if (yes.reset) {
      b.bids = new Map(yes.bids.map((l) => [l.price, l.size]));
      b.asks = new Map(yes.asks.map((l) => [l.price, l.size]));
    } else {
      for (const l of yes.bids) if (l.size === 0) b.bids.delete(l.price); else b.bids.set(l.price, l.size);
      for (const l of yes.asks) if (l.size === 0) b.asks.delete(l.price); else b.asks.set(l.price, l.size);
    }
    b.seq = yes.seq;
    b.lastChangeMs = yes.lastChangeMs;
    b.lastTrade0 = yes.lastTradePrice;
    b.tickSize = yes.tickSize;
    b.minOrderSize = yes.minOrderSize;
    b.bestBid0 = yes.bestBid;
    b.bestAsk0 = yes.bestAsk;
    b.cache = [undefined, undefined];
    return { book: b, before };
  }

  /** After every batch's events: provisional copies of batches now durable become valid. */
  committed(batchSeq: number): void {
    for (const [cid, e] of this.entries) {
      if (e.state === 'provisional' && batchSeq >= e.validAfter) this.become(cid, e);
    }
    // Right after a commit the core holds a sealed batch's state: the moment to copy.
    if (this.capturing.size > 0) queueMicrotask(() => this.captureWaiting());
  }

  /** The core was rebuilt from the database: every copy is retaken; returns the books now valid. */
  rebuilt(): MirrorBook[] {
    const ready: MirrorBook[] = [];
    for (const [cid, e] of this.entries) {
      if (e.info === null) continue;
      const wasReady = e.state === 'ready';
      e.state = 'capture';
      this.capture(cid, e, { batchSeq: 0, written: true }); // the rebuilt core is the database's state
      if (wasReady && (e.state as Entry['state']) === 'ready') ready.push(e.book!);
    }
    return ready;
  }

  close(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.entries.clear();
    this.capturing.clear();
  }

  private captureWaiting(): void {
    if (this.capturing.size === 0) return;
    const point = this.exchange.sealedPoint;
    if (point === null) {
      // Commands are pending: their commit brings the next moment; the timer covers a batch refused unwritten.
      this.retry ??= setTimeout(() => { this.retry = null; this.captureWaiting(); }, 5);
      return;
    }
    for (const cid of [...this.capturing]) this.capture(cid, this.entries.get(cid)!, point);
  }

  private capture(cid: string, e: Entry, point: { batchSeq: number; written: boolean }): void {
    this.capturing.delete(cid);
    const core = this.exchange.core;
    const tokens = core.tokenIds(cid);
    const view = tokens && core.book(tokens[0]);
    const meta = core.bookMeta(cid);
    if (view === undefined || meta === undefined) return this.fail(cid, e);
    const best = core.bestPrices(cid);
    e.book = {
      conditionId: cid, info: e.info!, seq: this.exchange.bookSeq(cid), lastChangeMs: view.lastChangeMs,
      lastTrade0: meta.lastTradePrice === 0 ? null : meta.lastTradePrice, tickSize: view.tickSize, minOrderSize: view.minOrderSize,
      bids: new Map(view.bids.map((l) => [l.price, l.size])), asks: new Map(view.asks.map((l) => [l.price, l.size])),
      bestBid0: best.bid, bestAsk0: best.ask, cache: [undefined, undefined],
    };
    if (point.written) this.become(cid, e);
    else { e.state = 'provisional'; e.validAfter = point.batchSeq; }
  }

  private become(_cid: string, e: Entry): void {
    e.state = 'ready';
    const waiters = e.waiters;
    e.waiters = [];
    for (const w of waiters) this.call(() => w(e.book));
  }

  private fail(cid: string, e: Entry): void {
    this.entries.delete(cid);
    this.capturing.delete(cid);
    const waiters = e.waiters;
    e.waiters = [];
    for (const w of waiters) this.call(() => w(null));
  }

  private call(fn: () => void): void {
    try { fn(); } catch (err) { this.onError(err); }
  }
}
