/**
 * Cheap reads of a live book's version for cache checks. The core has no accessor for it
 * (`Exchange.book(token, 0)` builds a whole view per call, ~5 µs on a loaded machine: 150 of
 * them cost more than the cached page they validate), so this reads the core's state directly,
 * read-only — the one place outside src/core that does. Replace with a core accessor when one exists.
 */
import type { Exchange } from '../core/index.js';

export interface BookHead {
  version: number;
  tickSize: number;
  minOrderSize: number;
}

export function bookHead(core: Exchange, conditionId: string): BookHead | undefined {
  const m = core.state.markets.get(conditionId);
  return m && { version: m.book.version, tickSize: m.row.tickSize, minOrderSize: m.row.minOrderSize };
}

/** The version of a market's book, or -1 when the exchange has no book for it. */
export function bookVersion(core: Exchange, conditionId: string): number {
  return core.state.markets.get(conditionId)?.book.version ?? -1;
}
