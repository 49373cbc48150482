/**
 * A token's `book` snapshot from a committed book (books.ts): the very shape, level order and
 * `hash` of REST `GET /book` (src/marketdata/book.ts — `hashOf` is the one hash function of
 * both), plus our `seq`. Built at most once per token and book `seq` (the book keeps it).
 */
import { formatMicro, MICRO } from '../domain/money.js';
import { hashOf, type BookSnapshot } from '../marketdata/book.js';
import type { MirrorBook } from './books.js';

type Level = { price: string; size: string };

/** Levels best LAST (bids ascending, asks descending), in token `outcome`'s own price terms. */
function sideLevels(levels: Map<number, number>, mirror: boolean, ascending: boolean): Level[] {
  const out: Array<[number, number]> = [];
  for (const [p, s] of levels) out.push([mirror ? MICRO - p : p, s]);
  out.sort((a, b) => (ascending ? a[0] - b[0] : b[0] - a[0]));
  return out.map(([p, s]) => ({ price: formatMicro(p), size: formatMicro(s) }));
}

/** The REST-shaped snapshot of one token of `book`, its hash set (cached per seq). */
export function snapshotOf(book: MirrorBook, outcome: 0 | 1): BookSnapshot {
  const hit = book.cache[outcome] as BookSnapshot | undefined;
  if (hit !== undefined) return hit;
  const mirror = outcome === 1;
  // Token 1's bids are token 0's asks at 1 − p, and the other way round.
  const bids = sideLevels(mirror ? book.asks : book.bids, mirror, true);
  const asks = sideLevels(mirror ? book.bids : book.asks, mirror, false);
  const last = book.lastTrade0 === null ? null : mirror ? MICRO - book.lastTrade0 : book.lastTrade0;
  // Key order is the hash's: docs/venue.md §4, src/marketdata/book.ts.
  const snap: BookSnapshot = {
    market: book.conditionId,
    asset_id: book.info.tokenIds[outcome],
    timestamp: String(book.lastChangeMs || book.info.createdAt),
    hash: '',
    bids,
    asks,
    min_order_size: formatMicro(book.minOrderSize),
    tick_size: formatMicro(book.tickSize),
    neg_risk: book.info.negRisk,
    last_trade_price: last === null ? '' : formatMicro(last),
  };
  snap.hash = hashOf(snap);
  book.cache[outcome] = snap;
  return snap;
}

/** The `book` event of a token: the snapshot, `event_type` and the `seq` it reflects. */
export function bookEvent(book: MirrorBook, outcome: 0 | 1): Record<string, unknown> {
  return { event_type: 'book', ...snapshotOf(book, outcome), seq: book.seq };
}

/** Best bid and ask of token `outcome` in its own terms ("" when that side is empty). */
export function bestOf(book: MirrorBook, outcome: 0 | 1): { bid: string; ask: string } {
  const f = (p: number | null, flip: boolean) => (p === null ? '' : formatMicro(flip ? MICRO - p : p));
  return outcome === 0 ? { bid: f(book.bestBid0, false), ask: f(book.bestAsk0, false) } : { bid: f(book.bestAsk0, true), ask: f(book.bestBid0, true) };
}
