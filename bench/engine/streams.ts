/**
 * Seeded order streams for the engine benchmark, as typed arrays so generating them costs nothing
 * during the timed run and both engines see exactly the same operations. Prices are ladder indices
 * on a 0.001 tick (1 … 999), sizes are whole lots; an op is either a limit order or a cancel of an
 * earlier order (by its order number).
 */

import { ASK, BID, Book } from '../../src/engine/book.js';
import { FillBuffer } from '../../src/engine/fills.js';
import { LOT } from '../../src/domain/money.js';
import { floats as prng } from '../../src/domain/prng.js';

export const OP_LIMIT = 0;
export const OP_CANCEL = 1;

export interface Stream {
  name: string;
  n: number;
  op: Uint8Array;
  /** 0 = bid (buy), 1 = ask (sell). */
  side: Uint8Array;
  idx: Int32Array;
  lots: Int32Array;
  /** For cancels: the order number (index among limit ops) to cancel. */
  target: Int32Array;
  /** Number of limit orders in the stream. */
  orders: number;
}


function alloc(name: string, n: number): Stream {
  return {
    name, n, orders: 0,
    op: new Uint8Array(n), side: new Uint8Array(n), idx: new Int32Array(n), lots: new Int32Array(n), target: new Int32Array(n),
  };
}

/**
 * A market around its own mid: a simulation (our Book) tracks the book while generating, so
 * passive orders rest 1–8 ticks behind the best price on their side and aggressive ones (30%,
 * 90% while more than 4,000 orders rest) cross the opposite best by 0–3 ticks. The book stays
 * small (≤ 5,000 live) and the price wanders. `cancelShare` of ops cancel one of the last
 * 2,000 orders.
 */
export function steadyStream(n: number, cancelShare: number, seed: number): Stream {
  const s = alloc(cancelShare > 0 ? 'steady+cancels' : 'steady', n);
  const r = prng(seed);
  const sim = new Book(1_000, 1 << 14);
  const out = new FillBuffer();
  const slotOf = new Int32Array(n).fill(-1);
  const orderAt = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    if (cancelShare > 0 && s.orders > 0 && r() < cancelShare) {
      const t = Math.max(0, s.orders - 1 - Math.floor(r() * 2000));
      s.op[i] = OP_CANCEL;
      s.target[i] = t;
      if (slotOf[t]! >= 0 && orderAt[slotOf[t]!] === t) sim.cancel(slotOf[t]!);
      continue;
    }
    const bid = r() < 0.5;
    const hasBid = sim.bestBid > 0;
    const hasAsk = sim.bestAsk < sim.levels;
    const mid = hasBid && hasAsk ? (sim.bestBid + sim.bestAsk) >> 1 : hasBid ? sim.bestBid : hasAsk ? sim.bestAsk : 500;
    const aggressive = r() < (sim.live > 4000 ? 0.9 : 0.3);
    let idx: number;
    if (aggressive) idx = bid ? (hasAsk ? sim.bestAsk : mid) + Math.floor(r() * 4) : (hasBid ? sim.bestBid : mid) - Math.floor(r() * 4);
    else idx = bid ? Math.min(mid, hasBid ? sim.bestBid : mid) - Math.floor(r() * 8) : Math.max(mid, hasAsk ? sim.bestAsk : mid) + Math.floor(r() * 8);
    idx = Math.min(999, Math.max(1, idx));
    if (bid && !aggressive && hasAsk && idx >= sim.bestAsk) idx = sim.bestAsk - 1;
    if (!bid && !aggressive && hasBid && idx <= sim.bestBid) idx = sim.bestBid + 1;
    s.op[i] = OP_LIMIT;
    s.side[i] = bid ? 0 : 1;
    s.idx[i] = idx;
    s.lots[i] = 1 + Math.floor(r() * 100);
    const size = s.lots[i]! * LOT;
    const filled = sim.match(bid ? BID : ASK, idx, size, -1, false, -1, out);
    if (filled < size) {
      const slot = sim.add(bid ? BID : ASK, idx, size - filled, 0);
      slotOf[s.orders] = slot;
      orderAt[slot] = s.orders;
    }
    s.orders++;
  }
  return s;
}

/** First half builds a deep book over 400 levels each side; in the second half half the orders are marketable (limit 0.999 / 0.001) and trade into it. */
export function deepStream(n: number, seed: number): Stream {
  const s = alloc('deep', n);
  const r = prng(seed);
  const mid = 500;
  for (let i = 0; i < n; i++) {
    const bid = r() < 0.5;
    const cross = i >= n / 2 && r() < 0.5;
    const d = cross ? -499 : 1 + Math.floor(r() * 400);
    s.op[i] = OP_LIMIT;
    s.side[i] = bid ? 0 : 1;
    s.idx[i] = bid ? mid - d : mid + d;
    s.lots[i] = 1 + Math.floor(r() * 100);
    s.orders++;
  }
  return s;
}
