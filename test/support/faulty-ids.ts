/**
 * A fault seam for tests of a command that breaks inside the core. Commands are data now (no
 * closure to throw from), so a test hands the exchange this id source (`ExchangeService.open(store,
 * { ids })`): it is the production `commandIds()` until `failOn(kind)` is called, then asking it
 * for an id of that kind throws once, inside the command being applied. A 'place' that crosses
 * asks for its trade id after the order was created and its reserve moved, so `failOn('trade')`
 * breaks it half-way; a deposit asks for its 'tx' id before it changes anything.
 */
import { commandIds, type IdSource } from '../../src/core/index.js';

type Kind = 'order' | 'trade' | 'tx';

export interface FaultyIds extends IdSource {
  /** The next id of `kind` throws (once); `'any'`: the next id of any kind. */
  failOn(kind: Kind | 'any'): void;
  /** How many ids threw so far. */
  readonly thrown: number;
}

export function faultyIds(inner: IdSource = commandIds()): FaultyIds {
  let armed: Kind | 'any' | null = null;
  let thrown = 0;
  const ids: FaultyIds = {
    failOn(kind) { armed = kind; },
    get thrown() { return thrown; },
    next(kind) {
      if (armed !== null && (armed === 'any' || armed === kind)) {
        armed = null;
        thrown++;
        throw new Error(`injected fault: the ${kind} id`);
      }
      return inner.next(kind);
    },
  };
  if (inner.begin !== undefined) ids.begin = (at, seed) => inner.begin!(at, seed);
  return ids;
}
