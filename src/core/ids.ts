/**
 * Id sources for the ExchangeCore. Ids are injected so the core stays deterministic: tests and
 * replays use `counterIds` (0x + 64 hex of a counter), production uses `randomIds` (0x + 64
 * hex, the shape of the real exchange's order ids and transaction hashes: see there).
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

/** Random bytes drawn per refill: one CSPRNG call serves 128 ids (as node's randomUUID buffers its entropy). */
const POOL_BYTES = 26 * 128;

/**
 * 0x + 64 lowercase hex: 12 hex digits of the wall clock's milliseconds, then 52 random ones
 * (208 bits: unique without coordination, across instances too). The time prefix is for the
 * database, as in UUIDv7: ids are the keys of orders, trades and maker fills and of indexes on
 * them, and keys made in time order land at the end of those B-trees — one page a commit —
 * where random keys each dirtied a page of their own (a quarter of a crossing order's log
 * writes). So an id tells when it was made, to the millisecond, as a UUIDv7 does; maker order
 * ids are public in trades, so a maker's placement times are too (core README).
 */
export function randomIds(): IdSource {
  let pool = Buffer.alloc(0);
  let at = 0;
  const id = hexIds();
  return {
    next: () => {
      if (at === pool.length) {
        pool = randomBytes(POOL_BYTES);
        at = 0;
      }
      const hex = Date.now().toString(16).padStart(12, '0').slice(-12) + pool.toString('hex', at, at + 26);
      at += 26;
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
