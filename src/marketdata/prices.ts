/**
 * Best prices from the live books (memory, never the database). In the price map `BUY` is the
 * best bid and `SELL` the best ask of the token's own book (docs/venue.md §4). An empty side has no
 * price: it answers `""` (price map, `/price`), and so do the midpoint and spread of a book with
 * an empty side — never a made-up number. A token without a trade answers last price `""` and side `""`.
 */
import type { BookView, ExchangeCore } from '../core/index.js';
import { MICRO, formatMicro } from '../domain/money.js';
import { errors } from '../errors/catalogue.js';
import type { CacheArea } from '../store/cache.js';
import { bookToken, noBook, parseToken, type StaticsCache } from './tokens.js';
import { bookVersion, type CoreSource } from './versions.js';

export type PriceSide = 'BUY' | 'SELL';

const str = (micro: number | null): string => (micro === null ? '' : formatMicro(micro));

export class Prices {
  /** `generation`: the core's (versions.ts); `kept`: the area `marketdata:prices`, keyed by token list. */
  constructor(private readonly generation: CoreSource, private readonly statics: StaticsCache, private readonly kept: CacheArea<Buffer>) {}

  /** The top of a token's book; 400/404 as for the book. */
  top(tokenText: unknown): BookView {
    const t = bookToken(this.generation.core, tokenText);
    const view = this.generation.core.book(t.tokenId, 1);
    if (!view) throw noBook();
    return view;
  }

  /** Parses each token first so a malformed one fails the whole batch; unknown ones are left out. */
  private many<T>(tokens: unknown[], fn: (v: BookView) => T): Array<[string, T]> {
    const core = this.generation.core;
    const refs = tokens.map((t) => parseToken(core, t));
    const out: Array<[string, T]> = [];
    for (const r of refs) {
      const v = r && core.book(r.tokenId, 1);
      if (v) out.push([r.tokenId, fn(v)]);
    }
    return out;
  }

  /**
   * The price map as UTF-8 JSON, kept per token list (clients poll the same list over and over)
   * at [core generation, sum of those books' versions + 1]: versions only grow within a
   * generation, so any change to any of the books changes the sum (a token without a book counts
   * 0, so one gaining a book changes it too). Synchronous: the map is built from the core read.
   */
  priceMap(tokens: unknown[]): Buffer {
    const core = this.generation.core;
    const refs = tokens.map((t) => parseToken(core, t));
    const key = refs.map((r, i) => r?.tokenId ?? String(tokens[i])).join(',');
    let versions = 0;
    for (const r of refs) versions += r === undefined ? 0 : bookVersion(core, r.conditionId) + 1;
    const version = [this.generation.coreGeneration, versions];
    const hit = this.kept.get(key, version);
    if (hit !== undefined) return hit;
    const map = Object.fromEntries(this.many(tokens, (v) => ({ BUY: str(bestBid(v)), SELL: str(bestAsk(v)) })));
    return this.kept.set(key, version, Buffer.from(JSON.stringify(map)));
  }

  price(tokenText: unknown, side: unknown): { price: string } {
    if (side !== 'BUY' && side !== 'SELL' && side !== 'buy' && side !== 'sell') throw errors.badRequest('Invalid side');
    const v = this.top(tokenText);
    return { price: str(String(side).toUpperCase() === 'BUY' ? bestBid(v) : bestAsk(v)) };
  }

  midpoint(tokenText: unknown): { mid: string } {
    return { mid: str(midOf(this.top(tokenText))) };
  }

  midpoints(tokens: unknown[]): Record<string, string> {
    return Object.fromEntries(this.many(tokens, (v) => str(midOf(v))));
  }

  spread(tokenText: unknown): { spread: string } {
    return { spread: str(spreadOf(this.top(tokenText))) };
  }

  spreads(tokens: unknown[]): Record<string, string> {
    return Object.fromEntries(this.many(tokens, (v) => str(spreadOf(v))));
  }

  lastTrade(tokenText: unknown): { price: string; side: string } {
    const v = this.top(tokenText);
    return { price: str(v.lastTradePrice), side: v.lastTradeSide ?? '' };
  }

  lastTrades(tokens: unknown[]): Array<{ token_id: string; price: string; side: string }> {
    return this.many(tokens, (v) => ({ price: str(v.lastTradePrice), side: v.lastTradeSide ?? '' }))
      .map(([token_id, p]) => ({ token_id, ...p }));
  }

  tickSize(tokenText: unknown): { minimum_tick_size: number } {
    return { minimum_tick_size: Number(formatMicro(this.top(tokenText).tickSize)) };
  }

  async negRisk(tokenText: unknown): Promise<{ neg_risk: boolean }> {
    const v = this.top(tokenText);
    return { neg_risk: (await this.statics.get(v.conditionId)).negRisk };
  }
}

export const bestBid = (v: BookView): number | null => v.bids[0]?.price ?? null;
export const bestAsk = (v: BookView): number | null => v.asks[0]?.price ?? null;

export function midOf(v: BookView): number | null {
  const b = bestBid(v);
  const a = bestAsk(v);
  // Prices are multiples of 100 micro, so the sum is even: the midpoint is exact.
  return b === null || a === null ? null : (b + a) / 2;
}

export function spreadOf(v: BookView): number | null {
  const b = bestBid(v);
  const a = bestAsk(v);
  return b === null || a === null ? null : a - b;
}

/**
 * The price of outcome 0 shown in a market object (micro): the payout once resolved, else the
 * midpoint of the live book, else the last trade, else 0.5 (no information either way).
 * Outcome 1 is always 1 − outcome 0, so the two prices of a market sum to one.
 */
export function outcomeZeroPrice(core: ExchangeCore, conditionId: string, payouts: [number, number] | null): number {
  if (payouts) return payouts[0];
  const tokens = core.tokenIds(conditionId);
  const v = tokens && core.book(tokens[0], 1);
  if (!v) return MICRO / 2;
  return midOf(v) ?? v.lastTradePrice ?? MICRO / 2;
}
