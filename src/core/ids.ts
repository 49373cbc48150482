/**
 * Id sources for the ExchangeCore. Ids are injected so the core stays deterministic: tests use
 * `counterIds` (0x + 64 hex of a counter), production `commandIds` (0x + 64 hex, the shape of the
 * real exchange's order ids and transaction hashes, made from the command's time and seed).
 */

import { randomBytes } from 'node:crypto';
import type { Clock, IdSource } from './types.js';

export interface CounterIds extends IdSource {
  /** Ids handed out so far; pass it back as `start` to continue the sequence elsewhere. */
  count: number;
}

/**
 * Makes `0x` + 64 hex ids as flat strings: a concatenation would be a rope (a V8 cons string)
 * that the live-order map flattens into a second copy, both kept as long as the order lives.
 */
function hexIds(): (hex64: string) => string {
  const out = Buffer.alloc(66);
  out.write('0x', 0, 'latin1');
  return (hex64) => {
    out.write(hex64, 2, 'latin1');
    return out.toString('latin1');
  };
}

export function counterIds(start = 0): CounterIds {
  const id = hexIds();
  const ids = {
    count: start,
    next(kind: 'order' | 'trade' | 'tx'): string {
      ids.count++;
      const tag = kind === 'order' ? '1' : kind === 'trade' ? '2' : '3';
      return id(tag + ids.count.toString(16).padStart(63, '0'));
    },
  };
  return ids;
}

/** Random bytes drawn per refill: one CSPRNG call serves 128 seeds (as node's randomUUID buffers its entropy). */
const POOL_BYTES = 26 * 128;

/**
 * The exchange queue's seeds, one per command: 52 random hex digits (208 bits, unique without
 * coordination, across instances too). A command carries its seed into the journal, so a
 * follower makes the same ids from it (`commandIds`).
 */
export function randomSeeds(): () => string {
  let pool = Buffer.alloc(0);
  let at = 0;
  return () => {
    if (at === pool.length) {
      pool = randomBytes(POOL_BYTES);
      at = 0;
    }
    const hex = pool.toString('hex', at, at + 26);
    at += 26;
    return hex;
  };
}

const LOW = 2 ** 48;

/**
 * The production id source: 0x + 64 lowercase hex, made only from the command being applied
 * (`begin(at, seed)` before each one, by `ExchangeCore.apply`), so a replay makes the same ids.
 * 12 hex digits of the command's time in ms, then the seed with its last 12 digits counted up by
 * the id's number within the command. The time prefix is for the database, as in UUIDv7: ids are
 * the keys of orders, trades and maker fills and of indexes on them, and keys made in time order
 * land at the end of those B-trees — one page a commit — where random keys each dirtied a page of
 * their own. So an id tells when it was made, to the millisecond; maker order ids are public in
 * trades, so a maker's placement times are too (core README).
 */
export function commandIds(): IdSource {
  let head = '';
  let low = -1;
  const id = hexIds();
  return {
    begin(at, seed) {
      head = Math.max(0, at).toString(16).padStart(12, '0').slice(-12) + seed.slice(0, 40);
      low = Number.parseInt(seed.slice(40, 52), 16);
      if (seed.length !== 52 || !Number.isSafeInteger(low)) throw new Error(`an id seed is 52 hex digits: ${seed}`);
    },
    next() {
      if (low < 0) throw new Error('commandIds: an id was asked for outside a command');
      const hex = head + (low % LOW).toString(16).padStart(12, '0');
      low++;
      return id(hex);
    },
  };
}

/** A clock a test can move by hand. */
export function manualClock(startMs = 0): Clock & { set(ms: number): void; advance(ms: number): void } {
  let t = startMs;
  return { now: () => t, set: (ms) => void (t = ms), advance: (ms) => void (t += ms) };
}

export const systemClock: Clock = { now: () => Date.now() };
