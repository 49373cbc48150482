/** One token's book as the page keeps it: replaced by a snapshot, patched by level totals ("0" = gone). */
import type { BookSnapshot, Level } from './api.js';
import { micro } from './dom.js';

export class Book {
  bids = new Map<string, string>();
  asks = new Map<string, string>();
  hash = '';
  lastTrade = '';
  tick = '';
  /** The `seq` of the last stream event applied (undefined until the stream's first book). */
  seq: number | undefined;

  replace(s: BookSnapshot & { seq?: number }): void {
    this.bids = new Map(s.bids.map((l) => [l.price, l.size]));
    this.asks = new Map(s.asks.map((l) => [l.price, l.size]));
    this.hash = s.hash;
    this.lastTrade = s.last_trade_price;
    this.tick = s.tick_size;
    if (typeof s.seq === 'number') this.seq = s.seq;
  }

  /** A `price_change` entry: the level's new total on its side. */
  apply(c: { price: string; size: string; side: string; hash?: string }): void {
    const side = c.side === 'BUY' ? this.bids : this.asks;
    if (micro(c.size) === 0) side.delete(c.price); else side.set(c.price, c.size);
    if (c.hash) this.hash = c.hash;
  }

  /** Bids best first (highest), asks best first (lowest). */
  sorted(): { bids: Level[]; asks: Level[] } {
    const levels = (m: Map<string, string>) => [...m].map(([price, size]) => ({ price, size }));
    return {
      bids: levels(this.bids).sort((a, b) => micro(b.price) - micro(a.price)),
      asks: levels(this.asks).sort((a, b) => micro(a.price) - micro(b.price)),
    };
  }
}
