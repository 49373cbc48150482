/**
 * Fan-out of committed batches to subscribed sockets. Subscribers are indexed by token (market
 * channel) and by account address (user channel), so a batch costs work for the markets and
 * accounts it touched, never a scan of every socket. Each event is serialised once per kind of
 * subscriber (market-events.ts) and the same bytes go to every socket of that kind.
 *
 * Order: the exchange tells committed batches in commit order; the books are moved on at once
 * (books.ts) and the frames built from them then, and every delivery runs through one
 * `Sequencer`, so a snapshot, a heartbeat's `seq_by_asset` or a batch's events reach a socket in
 * the order of the states they show, even when a step waits for a catalog read (`new_market`,
 * outcome labels of a market not seen yet).
 */
import type { MarketRow } from '../core/index.js';
import type { CommittedBatch } from '../exchange/events.js';
import type { ExchangeService } from '../exchange/service.js';
import type { CommittedBooks, MirrorBook } from './books.js';
import { bookEvent } from './book-view.js';
import type { CatalogInfo } from './catalog-info.js';
import { marketEvents, newMarket, type MarketFrames } from './market-events.js';
import type { Sequencer } from './sequencer.js';
import { userEvents, type UserContext } from './user-events.js';

export interface Subscriber {
  /** Market channel: `custom_feature_enabled`. */
  readonly custom: boolean;
  /** User channel: whether events of this market are wanted (`markets`). */
  wantsMarket(conditionId: string): boolean;
  /** User channel: no `markets` filter (the account's shared frame fits). */
  readonly allMarkets: boolean;
  send(frame: Buffer): void;
}

const MAX_MARKET_ROWS = 100_000;

export class Hub {
  private readonly byAsset = new Map<string, Set<Subscriber>>();
  private readonly byAccount = new Map<string, Set<Subscriber>>();
  /** Market sockets with custom features: every one hears of new markets. */
  readonly customSockets = new Set<Subscriber>();
  /** Market settings as last committed (fees of trade events). */
  private readonly marketRows = new Map<string, MarketRow>();

  constructor(private readonly exchange: ExchangeService, readonly books: CommittedBooks, private readonly catalog: CatalogInfo,
    readonly sequencer: Sequencer) {}

  get assetCount(): number { return this.byAsset.size; }

  addAsset(s: Subscriber, asset: string): void { add(this.byAsset, asset, s); }
  removeAsset(s: Subscriber, asset: string): void { remove(this.byAsset, asset, s); }
  addAccount(s: Subscriber, address: string): void { add(this.byAccount, address, s); }
  removeAccount(s: Subscriber, address: string): void { remove(this.byAccount, address, s); }
  holdsAsset(s: Subscriber, asset: string): boolean { return this.byAsset.get(asset)?.has(s) === true; }

  /** A committed batch: books moved on now, events delivered in order. */
  committed(batch: CommittedBatch): void {
    for (const m of batch.markets) {
      if (this.marketRows.size >= MAX_MARKET_ROWS) this.marketRows.clear();
      this.marketRows.set(m.conditionId, m);
    }
    const frames: MarketFrames[] = [];
    const created: Array<{ market: MarketRow; seq: number }> = [];
    for (let i = 0; i + 1 < batch.books.length; i += 2) {
      const yes = batch.books[i]!;
      const no = batch.books[i + 1]!;
      const cid = yes.conditionId;
      // A market's first change is its creation (its book seq starts at 1 with the whole, empty book).
      if (yes.seq === 1 && yes.reset && yes.bids.length + yes.asks.length === 0) {
        const row = batch.markets.find((m) => m.conditionId === cid);
        if (row) created.push({ market: row, seq: yes.seq });
      }
      const moved = this.books.apply(batch.seq, cid, yes);
      if (moved === undefined) continue;
      const trades = batch.trades.filter((t) => t.conditionId === cid);
      frames.push(marketEvents(moved.book, moved.before, [yes, no], trades, this.marketRow(cid), batch.at));
    }
    if (frames.length > 0) this.sequencer.run(() => this.deliverMarket(frames));
    if (created.length > 0 && this.customSockets.size > 0) this.sequencer.run(() => this.announce(created, batch.at));
    if (this.byAccount.size > 0 && (batch.orders.length > 0 || batch.trades.length > 0)) this.sequencer.run(() => this.deliverUser(batch));
    this.books.committed(batch.seq);
  }

  /** The core was rebuilt: every held book is retaken and resent to its subscribers. */
  rebuilt(): void {
    const books = this.books.rebuilt();
    if (books.length > 0) this.sequencer.run(() => { for (const b of books) this.sendBooks(b); });
  }

  /** Sends `book` events of a market to the sockets holding its tokens (a rebuild). */
  private sendBooks(book: MirrorBook): void {
    const [a0, a1] = book.info.tokenIds;
    const frames: Array<Buffer | undefined> = [];
    const frame = (mask: number) => (frames[mask] ??= Buffer.from(JSON.stringify(
      [...(mask & 1 ? [bookEvent(book, 0)] : []), ...(mask & 2 ? [bookEvent(book, 1)] : [])])));
    this.eachHolder(a0, a1, (s, mask) => s.send(frame(mask)));
  }

  private deliverMarket(frames: MarketFrames[]): void {
    for (const f of frames) {
      const [a0, a1] = f.assets;
      this.eachHolder(a0, a1, (s, mask) => {
        const bytes = f.frame(mask, s.custom);
        if (bytes !== null) s.send(bytes);
      });
    }
  }

  /** Every socket holding token 0 and/or 1 of a market, once, with the tokens it holds as a mask. */
  private eachHolder(a0: string, a1: string, fn: (s: Subscriber, mask: number) => void): void {
    const s0 = this.byAsset.get(a0);
    const s1 = this.byAsset.get(a1);
    if (s0) for (const s of s0) fn(s, s1?.has(s) ? 3 : 1);
    if (s1) for (const s of s1) if (!s0?.has(s)) fn(s, 2);
  }

  /**
   * A placeholder of an augmented neg-risk event was named (docs/neg-risk.md): its catalog facts
   * are read again and it is announced as a `new_market`, after whatever is queued before it.
   */
  announceNamed(conditionId: string, at: number): void {
    this.catalog.forget(conditionId);
    const row = this.marketRow(conditionId);
    if (row === undefined || this.customSockets.size === 0) return;
    this.sequencer.run(() => this.announce([{ market: row, seq: this.exchange.bookSeq(conditionId) }], at));
  }

  private async announce(created: Array<{ market: MarketRow; seq: number }>, at: number): Promise<void> {
    for (const { market, seq } of created) {
      const info = await this.catalog.get(market.conditionId);
      if (info === null) continue;
      const frame = Buffer.from(JSON.stringify(newMarket(info, market, at, seq)));
      for (const s of this.customSockets) s.send(frame);
    }
  }

  private deliverUser(batch: CommittedBatch): void | Promise<void> {
    const markets = new Set<string>();
    for (const o of batch.orders) if (this.byAccount.has(o.wallet)) markets.add(o.conditionId);
    for (const t of batch.trades) if (this.byAccount.has(t.wallet) || t.makers.some((m) => this.byAccount.has(m.wallet))) markets.add(t.conditionId);
    if (markets.size === 0) return;
    const missing = [...markets].filter((m) => this.catalog.peek(m) === undefined);
    if (missing.length === 0) return this.sendUser(batch);
    return Promise.all(missing.map((m) => this.catalog.get(m))).then(() => this.sendUser(batch));
  }

  private sendUser(batch: CommittedBatch): void {
    const apiKeys = new Map(batch.orders.map((o) => [o.id, o.apiKey ?? '']));
    const ctx: UserContext = {
      info: (cid) => this.catalog.peek(cid),
      market: (cid) => this.marketRow(cid),
      apiKeyOf: (id) => apiKeys.get(id) ?? this.exchange.core.order(id)?.apiKey ?? '',
    };
    const perAccount = userEvents(batch, (a) => this.byAccount.has(a), ctx);
    for (const [address, list] of perAccount) {
      let shared: Buffer | undefined;
      for (const s of this.byAccount.get(address) ?? []) {
        if (s.allMarkets) {
          s.send(shared ??= frameOf(list.map((e) => e.event)));
        } else {
          const mine = list.filter((e) => s.wantsMarket(e.market)).map((e) => e.event);
          if (mine.length > 0) s.send(frameOf(mine));
        }
      }
    }
  }

  private marketRow(cid: string): MarketRow | undefined {
    return this.marketRows.get(cid) ?? this.exchange.core.market(cid);
  }
}

/** One event as an object, several as an array (docs/venue.md §9: frames may be arrays). */
export function frameOf(events: unknown[]): Buffer {
  return Buffer.from(JSON.stringify(events.length === 1 ? events[0] : events));
}

function add<K>(index: Map<K, Set<Subscriber>>, key: K, s: Subscriber): void {
  let set = index.get(key);
  if (set === undefined) index.set(key, (set = new Set()));
  set.add(s);
}

function remove<K>(index: Map<K, Set<Subscriber>>, key: K, s: Subscriber): void {
  const set = index.get(key);
  if (set === undefined) return;
  set.delete(s);
  if (set.size === 0) index.delete(key);
}

