/**
 * Order book snapshots (`GET /book`, `POST /books`), docs/venue.md §4: bids ascending and asks
 * descending so the best price is the LAST element, `timestamp` the ms of the book's last change,
 * `hash` the SHA-1 hex of the compact JSON of the snapshot with `hash: ""` (keys in wire order).
 *
 * A snapshot is serialised once per book version: its JSON bytes are kept in the process's cache
 * (area `marketdata:books`) under the token id, at [core generation, book version, tick size,
 * minimum size] (an operator can change the last two without touching the book) — never a clock.
 */
import { createHash } from 'node:crypto';
import { formatMicro } from '../domain/money.js';
import type { CacheArea } from '../store/cache.js';
import { bookToken, noBook, parseToken, type StaticsCache } from './tokens.js';
import type { CoreSource } from './versions.js';

export interface BookSnapshot {
  market: string;
  asset_id: string;
  timestamp: string;
  hash: string;
  bids: Array<{ price: string; size: string }>;
  asks: Array<{ price: string; size: string }>;
  min_order_size: string;
  tick_size: string;
  neg_risk: boolean;
  last_trade_price: string;
}

export function hashOf(snap: BookSnapshot): string {
  return createHash('sha1').update(JSON.stringify({ ...snap, hash: '' })).digest('hex');
}

export class BookSnapshots {
  /** `generation`: the core's (versions.ts); `kept`: the area `marketdata:books`, keyed by token id. */
  constructor(private readonly generation: CoreSource, private readonly statics: StaticsCache, private readonly kept: CacheArea<Buffer>) {}

  /** The snapshot as UTF-8 JSON; 400 for a malformed token id, 404 when the token has no book. */
  async json(tokenText: unknown): Promise<Buffer> {
    const core = this.generation.core;
    const t = bookToken(core, tokenText);
    const version = core.bookVersion(t.tokenId);
    const row = version === undefined ? undefined : core.market(t.conditionId);
    if (!row) throw noBook();
    const hit = this.kept.get(t.tokenId, [this.generation.coreGeneration, version!, row.tickSize, row.minOrderSize]);
    if (hit !== undefined) return hit;
    const statics = this.statics.peek(t.conditionId) ?? await this.statics.get(t.conditionId);
    // Re-read after the await: the book may have moved meanwhile (kept at what is read now).
    const live = this.generation.core.book(t.tokenId);
    if (!live) throw noBook();
    const snap: BookSnapshot = {
      market: live.conditionId,
      asset_id: live.asset,
      timestamp: String(live.lastChangeMs || statics.createdAt),
      hash: '',
      bids: live.bids.map(level).reverse(),
      asks: live.asks.map(level).reverse(),
      min_order_size: formatMicro(live.minOrderSize),
      tick_size: formatMicro(live.tickSize),
      neg_risk: statics.negRisk,
      last_trade_price: live.lastTradePrice === null ? '' : formatMicro(live.lastTradePrice),
    };
    snap.hash = hashOf(snap);
    const body = Buffer.from(JSON.stringify(snap));
    return this.kept.set(t.tokenId, [this.generation.coreGeneration, live.version, live.tickSize, live.minOrderSize], body);
  }

  /** Several snapshots as one JSON array; unknown tokens are left out, malformed ones are a 400. */
  async jsonMany(tokens: unknown[]): Promise<Buffer> {
    for (const t of tokens) parseToken(this.generation.core, t); // a malformed one fails the batch
    const parts: Buffer[] = [];
    for (const t of tokens) {
      try {
        parts.push(await this.json(t));
      } catch (err) {
        if (!(err instanceof Error && 'status' in err && err.status === 404)) throw err;
      }
    }
    const comma = Buffer.from(',');
    return Buffer.concat([Buffer.from('['), ...parts.flatMap((p, i) => (i ? [comma, p] : [p])), Buffer.from(']')]);
  }
}

function level(l: { price: number; size: number }) {
  return { price: formatMicro(l.price), size: formatMicro(l.size) };
}
