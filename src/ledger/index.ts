/** Public surface of the ledger: balances, positions, activity and their row types. */
export { Ledger } from './ledger.js';
export { Positions } from './positions.js';
export * from './types.js';
