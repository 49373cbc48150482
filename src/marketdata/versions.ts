/**
 * Cheap reads of a live book's version for cache checks, through the core's public accessors
 * (`bookMeta` is O(1) and builds no depth arrays, unlike `ExchangeCore.book`).
 */
import type { ExchangeCore } from '../core/index.js';

export interface BookHead {
  version: number;
  tickSize: number;
  minOrderSize: number;
}

export function bookHead(core: ExchangeCore, conditionId: string): BookHead | undefined {
  const meta = core.bookMeta(conditionId);
  const row = meta && core.market(conditionId);
  return row && { version: meta.version, tickSize: row.tickSize, minOrderSize: row.minOrderSize };
}

/** The version of a market's book, or -1 when the exchange has no book for it. */
export function bookVersion(core: ExchangeCore, conditionId: string): number {
  return core.bookMeta(conditionId)?.version ?? -1;
}
