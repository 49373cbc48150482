/**
 * Wire orders as JSON text, for `GET /data/orders` (one `OrderJson` per dialect: the spec's
 * `wireOrder`, the venue's `venueOrder` on /clob; each writes its trade ids first). Serialising a page of 100 orders was most of
 * that route's CPU (JSON.stringify ≈ 200 µs on Node 20), while an order's JSON only changes with
 * its state. So each order's text — all but `associateTrades`, which comes from the trade history
 * on every read — is kept with the inputs it was written from, and rewritten when any differs.
 * Exact: the text is a pure function of those inputs (every field `wireOrder` reads, and the
 * outcome label). Bounded: the whole memo is dropped when it reaches MAX_ENTRIES.
 */
import type { OrderRow } from '../core/index.js';
import { venueOrder, wireOrder } from './format.js';

const MAX_ENTRIES = 20_000;

/** How one dialect writes an order: the formatter and the key of its trade ids (its first key). */
export interface OrderFormat {
  write(o: OrderRow, outcome: string, trades: string[]): object;
  tradesKey: string;
}
export const SPEC_ORDER: OrderFormat = { write: wireOrder, tradesKey: 'associateTrades' };
export const VENUE_ORDER: OrderFormat = { write: venueOrder, tradesKey: 'associate_trades' };

interface Entry { row: OrderRow; outcome: string; tail: string }

/**
 * Whether `wireOrder` would write the same from `o` as from the remembered row: every field it
 * reads (format.ts) is compared — written out, not looped, as this runs 100 times a page.
 * test/trading/order-json.test.ts changes each field of an order in turn to check the list.
 */
function unchanged(e: Entry, o: OrderRow, outcome: string): boolean {
  const r = e.row;
  return e.outcome === outcome && r.status === o.status && r.sizeMatched === o.sizeMatched && r.originalSize === o.originalSize
    && r.amount === o.amount && r.price === o.price && r.apiKey === o.apiKey && r.wallet === o.wallet && r.conditionId === o.conditionId
    && r.tokenId === o.tokenId && r.side === o.side && r.type === o.type && r.createdAt === o.createdAt && r.expiration === o.expiration;
}

export class OrderJson {
  private readonly entries = new Map<string, Entry>();
  private readonly key: string;
  private readonly head: string;

  constructor(private readonly format: OrderFormat = SPEC_ORDER) {
    this.key = `{${JSON.stringify(format.tradesKey)}:`;
    this.head = `${this.key}[],`;
  }

  /** `JSON.stringify(format.write(o, outcome, trades))`. */
  text(o: OrderRow, outcome: string, trades: string[]): string {
    let e = this.entries.get(o.id);
    if (e === undefined || !unchanged(e, o, outcome)) {
      // A copy: the caller's row may be the exchange's own copy, changed later in place.
      e = { row: { ...o }, outcome, tail: JSON.stringify(this.format.write(o, outcome, [])).slice(this.head.length) };
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(o.id, e);
    }
    return trades.length === 0 ? this.head + e.tail : `${this.key}${JSON.stringify(trades)},${e.tail}`;
  }
}

/** The page envelope `{data, next_cursor, limit, count}` around items already in JSON. */
export function pageJson(items: string[], nextCursor: string, limit: number): string {
  return `{"data":[${items.join(',')}],"next_cursor":${JSON.stringify(nextCursor)},"limit":${limit},"count":${items.length}}`;
}
