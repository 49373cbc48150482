/**
 * The market channel's events of one committed batch for one market, built once and framed per
 * kind of subscriber: which of the market's two tokens a socket holds (1 = outcome 0, 2 =
 * outcome 1, 3 = both) and whether it asked for `custom_feature_enabled` — at most six frames
 * per market and batch, each serialised once and sent as the same bytes to every socket of its
 * kind (docs/venue.md §9). Every event carries the book `seq` the batch moved the market to.
 *
 * Per batch, in this order: `tick_size_change` (the tick moved), `last_trade_price` (each trade,
 * as each token sees it), then `book` (after a trade, a reset, or a change with no visible
 * level) or else one `price_change` (new level totals, "0" = gone, best bid/ask and hash after
 * the batch); custom: `best_bid_ask` when the best prices moved, `market_resolved`.
 */
import type { MarketRow, TradeRow } from '../core/index.js';
import { formatMicro, MICRO } from '../domain/money.js';
import type { AssetBookChange } from '../exchange/events.js';
import type { Before, MirrorBook } from './books.js';
import { bestOf, bookEvent, snapshotOf } from './book-view.js';
import type { MarketInfo } from './catalog-info.js';

type Event = Record<string, unknown>;

interface Item {
  /** Tokens the event is about (bit 1: outcome 0, bit 2: outcome 1). */
  assets: number;
  custom: boolean;
  build(mask: number): Event;
}

export class MarketFrames {
  private readonly frames: Array<Buffer | null | undefined> = new Array(8);

  constructor(readonly conditionId: string, readonly assets: readonly [string, string], readonly seq: number, private readonly items: Item[]) {}

  /** The frame for a socket holding tokens `mask` of this market; null when nothing is for it. */
  frame(mask: number, custom: boolean): Buffer | null {
    const key = mask | (custom ? 4 : 0);
    let f = this.frames[key];
    if (f === undefined) {
      const events = this.items.filter((i) => (i.assets & mask) !== 0 && (custom || !i.custom)).map((i) => i.build(i.assets & mask));
      f = events.length === 0 ? null : Buffer.from(JSON.stringify(events.length === 1 ? events[0] : events));
      this.frames[key] = f;
    }
    return f;
  }
}

const sideFlip = (s: string) => (s === 'BUY' ? 'SELL' : 'BUY');
const spreadOf = (bid: string, ask: string, b: number | null, a: number | null) => (bid === '' || ask === '' || b === null || a === null ? '' : formatMicro(a - b));

/** The events of `book` after a batch moved it (`changes`: both tokens, outcome 0 first). */
export function marketEvents(book: MirrorBook, before: Before, changes: [AssetBookChange, AssetBookChange], trades: TradeRow[],
  market: MarketRow | undefined, at: number): MarketFrames {
  const cid = book.conditionId;
  const seq = book.seq;
  const ts = String(at);
  const assets = book.info.tokenIds;
  const items: Item[] = [];
  const both = (fn: (o: 0 | 1) => Event, custom = false) => {
    for (const o of [0, 1] as const) items.push({ assets: 1 << o, custom, build: () => fn(o) });
  };
  if (changes[0].reset && before.tickSize !== book.tickSize) {
    both((o) => ({ event_type: 'tick_size_change', asset_id: assets[o], market: cid, old_tick_size: formatMicro(before.tickSize),
      new_tick_size: formatMicro(book.tickSize), timestamp: ts, seq }));
  }
  const takerFee = String(market?.takerBaseFeeBps ?? 0);
  for (const t of trades) {
    const takerOutcome = t.asset === assets[1] ? 1 : 0;
    both((o) => ({ event_type: 'last_trade_price', asset_id: assets[o], market: cid,
      price: formatMicro(o === takerOutcome ? t.price : MICRO - t.price), size: formatMicro(t.size),
      side: o === takerOutcome ? t.side : sideFlip(t.side), fee_rate_bps: takerFee, timestamp: String(t.matchTime),
      transaction_hash: t.transactionHash, seq }));
  }
  const levels = changes[0].bids.length + changes[0].asks.length;
  if (trades.length > 0 || changes[0].reset || levels === 0) {
    both((o) => bookEvent(book, o));
  } else {
    const entries = ([0, 1] as const).map((o) => {
      const c = changes[o];
      const snap = snapshotOf(book, o);
      const best = bestOf(book, o);
      const row = (side: 'BUY' | 'SELL') => (l: { price: number; size: number }) => ({ asset_id: assets[o], price: formatMicro(l.price),
        size: formatMicro(l.size), side, hash: snap.hash, best_bid: best.bid, best_ask: best.ask });
      return [...c.bids.map(row('BUY')), ...c.asks.map(row('SELL'))];
    });
    items.push({ assets: 3, custom: false, build: (mask) => ({ event_type: 'price_change', market: cid,
      price_changes: [...(mask & 1 ? entries[0]! : []), ...(mask & 2 ? entries[1]! : [])], timestamp: ts, seq }) });
  }
  if (before.bestBid0 !== book.bestBid0 || before.bestAsk0 !== book.bestAsk0) {
    both((o) => {
      const best = bestOf(book, o);
      const [b, a] = o === 0 ? [book.bestBid0, book.bestAsk0] : [book.bestAsk0 === null ? null : MICRO - book.bestAsk0, book.bestBid0 === null ? null : MICRO - book.bestBid0];
      return { event_type: 'best_bid_ask', market: cid, asset_id: assets[o], best_bid: best.bid, best_ask: best.ask, spread: spreadOf(best.bid, best.ask, b, a), timestamp: ts, seq };
    }, true);
  }
  if (market?.status === 'resolved' && market.payouts !== null) {
    const ev = marketResolved(book.info, market, at, seq);
    items.push({ assets: 3, custom: true, build: () => ev });
  }
  return new MarketFrames(cid, assets, seq, items);
}

export function marketResolved(info: MarketInfo, market: MarketRow, at: number, seq: number): Event {
  const assets = [...info.tokenIds];
  const w = market.payouts![0] === MICRO ? 0 : market.payouts![1] === MICRO ? 1 : null;
  return { event_type: 'market_resolved', id: String(info.id), market: info.conditionId, assets_ids: assets,
    winning_asset_id: w === null ? '' : assets[w], winning_outcome: w === null ? '' : info.outcomes[w], timestamp: String(at), tags: info.tags, seq };
}

export function newMarket(info: MarketInfo, market: MarketRow, at: number, seq: number): Event {
  const assets = [...info.tokenIds];
  const e = info.event;
  return { event_type: 'new_market', id: String(info.id), question: info.question, market: info.conditionId, slug: info.slug,
    description: info.description, assets_ids: assets, outcomes: info.outcomes, timestamp: String(at), tags: info.tags,
    condition_id: info.conditionId, active: market.status === 'active', clob_token_ids: assets,
    order_price_min_tick_size: formatMicro(market.tickSize),
    event_message: e === null ? null : { id: String(e.id), ticker: e.ticker, slug: e.slug, title: e.title, description: e.description }, seq };
}
