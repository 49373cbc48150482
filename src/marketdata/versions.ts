/**
 * What market data's kept answers are versioned by on the exchange's side: the generation of the
 * core they were read from, and the live books' versions (read through the core's O(1)
 * accessors, which build no depth arrays, unlike `ExchangeCore.book`).
 */
import type { ExchangeCore } from '../core/index.js';
import type { ExchangeService } from '../exchange/service.js';

/**
 * The exchange's core and its generation, read together (no await between). A book version means
 * one book state only within one core: a rebuild or a follower's restore discards the core, and
 * the exchange moves `coreGeneration` when a rebuild starts and with every core it adopts
 * (src/exchange/service.ts), so an answer read from a discarded core is never kept under the next
 * one's generation.
 */
export type CoreSource = Pick<ExchangeService, 'core' | 'coreGeneration'>;

/** The version of a market's book, or -1 when the exchange has no book for it. */
export function bookVersion(core: ExchangeCore, conditionId: string): number {
  return core.bookMeta(conditionId)?.version ?? -1;
}
