/**
 * What market data's kept answers are versioned by on the exchange's side: the generation of the
 * core they were read from, and the live books' versions (read through the core's O(1)
 * accessors, which build no depth arrays, unlike `ExchangeCore.book`).
 */
import type { ExchangeCore } from '../core/index.js';
import type { ExchangeService } from '../exchange/service.js';

/** What the generation follows: the exchange's core and the generation it tells. */
export type CoreSource = Pick<ExchangeService, 'core' | 'coreGeneration'>;

/**
 * The core and its generation, read together. A book version means one book state only within
 * one core: a rebuild (a failed write, the writer lock's return, a reset) or a follower's restore
 * discards the core and starts again from the versions the database holds. The exchange bumps
 * `coreGeneration` when a rebuild starts and again with every core it adopts (src/exchange/service.ts),
 * so an answer read from a discarded core is never kept under the generation of the next one.
 */
export class CoreGeneration {
  constructor(private readonly exchange: CoreSource) {}

  /** The current core. */
  get core(): ExchangeCore {
    return this.exchange.core;
  }

  /** The current core's generation (read with `core`, no await between: the two go together). */
  get value(): number {
    return this.exchange.coreGeneration;
  }
}

/** The version of a market's book, or -1 when the exchange has no book for it. */
export function bookVersion(core: ExchangeCore, conditionId: string): number {
  return core.bookMeta(conditionId)?.version ?? -1;
}
