/**
 * Order book snapshots (`GET /book`, `POST /books`), compat.md §4: bids ascending and asks
 * descending so the best price is the LAST element, `timestamp` the ms of the book's last change,
 * `hash` the SHA-1 hex of the compact JSON of the snapshot with `hash: ""` (keys in wire order).
 *
 * A snapshot is serialised once per book version: the cache holds the JSON text per token and
 * is checked against the live book's version (plus tick and minimum size, which an operator can
 * change without touching the book) — never against time.
 */
import { createHash } from 'node:crypto';
import type { ExchangeCore } from '../core/index.js';
import { formatMicro } from '../domain/money.js';
import { noBook, parseToken, type StaticsCache } from './tokens.js';
import { bookHead } from './versions.js';

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

interface Entry {
  core: ExchangeCore;
  version: number;
  tick: number;
  minSize: number;
  body: Buffer;
}

/** Beyond this many cached books the cache starts over (bounded memory on huge catalogs). */
const MAX_ENTRIES = 20_000;

export function hashOf(snap: BookSnapshot): string {
  return createHash('sha1').update(JSON.stringify({ ...snap, hash: '' })).digest('hex');
}

export class BookSnapshots {
  private readonly cache = new Map<string, Entry>();

  constructor(private readonly core: () => ExchangeCore, private readonly statics: StaticsCache) {}

  /** The snapshot as UTF-8 JSON; 400 for a malformed token id, 404 when the token has no book. */
  async json(tokenText: unknown): Promise<Buffer> {
    const t = parseToken(tokenText);
    const core = this.core();
    const head = bookHead(core, t.conditionId);
    if (!head) throw noBook();
    const hit = this.cache.get(t.tokenId);
    if (hit && hit.core === core && hit.version === head.version && hit.tick === head.tickSize && hit.minSize === head.minOrderSize) {
      return hit.body;
    }
    const statics = this.statics.peek(t.conditionId) ?? await this.statics.get(t.conditionId);
    // Re-read after the await: the book may have moved meanwhile.
    const live = this.core().book(t.tokenId);
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
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(t.tokenId, { core: this.core(), version: live.version, tick: live.tickSize, minSize: live.minOrderSize, body });
    return body;
  }

  /** Several snapshots as one JSON array; unknown tokens are left out, malformed ones are a 400. */
  async jsonMany(tokens: unknown[]): Promise<Buffer> {
    tokens.forEach(parseToken);
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
