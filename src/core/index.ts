/** Public surface of the domain core: the ExchangeCore facade, its types, ids, snapshots and checks. */
export { ExchangeCore, USER_CANCEL } from './exchange.js';
export { checkInvariants, findViolations } from './invariants.js';
export { commandIds, counterIds, manualClock, randomSeeds, systemClock, type CounterIds } from './ids.js';
export type { Command, CommandBody, CommandResult, CommandType, ResultOf } from './commands.js';
export { EXPIRED_REASON, RESOLVED_REASON, DEFAULT_MIN_SIZE, inMarket } from './markets.js';
export { STP_REASON, FAK_REASON } from './place.js';
export type { ExchangeSnapshot, MarketSnapshot, SnapshotHead, SnapshotLoader } from './snapshot.js';
export { MIN_MARKET_BUY } from './validate.js';
export type * from './types.js';
