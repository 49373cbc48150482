/**
 * Runs one stream through our Book, through nodejs-order-book, or through the whole Exchange
 * (engine + ledger + positions + effects), timing batches of operations with hrtime. Per-op
 * latency is a batch's time divided by its size (per-op timing would mostly measure hrtime).
 * Throughput is also measured in process CPU time, which preemption on a shared machine
 * does not inflate.
 */

import { OrderBook } from 'nodejs-order-book';
import { Book, BID, ASK } from '../../src/engine/book.js';
import { FillBuffer } from '../../src/engine/fills.js';
import { LOT } from '../../src/engine/amounts.js';
import { Exchange } from '../../src/core/exchange.js';
import { counterIds, manualClock } from '../../src/core/ids.js';
import { OP_LIMIT, type Stream } from './streams.js';

export const BATCH = 100;

export interface Timing {
  /** Wall-clock ns summed over batches. */
  totalNs: number;
  /** Process CPU time (user + system) of the run: robust to preemption on a shared machine. */
  cpuNs: number;
  /** Per-op ns of each batch. */
  perOp: Float64Array;
}

export type Depth = Array<[number, number]>;

function timer(n: number) {
  return { perOp: new Float64Array(Math.ceil(n / BATCH)), totalNs: 0, cpuNs: 0, cpu0: process.cpuUsage() };
}

function stop<T extends ReturnType<typeof timer>>(t: T): Timing {
  const c = process.cpuUsage(t.cpu0);
  return { perOp: t.perOp, totalNs: t.totalNs, cpuNs: (c.user + c.system) * 1000 };
}

export function runOurs(s: Stream): Timing & { depth: [Depth, Depth]; maxLive: number; endLive: number } {
  const book = new Book(1_000, 1 << 12);
  const out = new FillBuffer();
  const slotOf = new Int32Array(s.orders).fill(-1);
  const orderAt = new Int32Array(s.orders).fill(-1);
  const t = timer(s.n);
  let k = 0;
  let maxLive = 0;
  for (let b = 0, i = 0; i < s.n; b++) {
    const start = i;
    const end = Math.min(s.n, i + BATCH);
    const t0 = process.hrtime.bigint();
    for (; i < end; i++) {
      if (s.op[i] === OP_LIMIT) {
        const side = s.side[i] === 0 ? BID : ASK;
        const size = s.lots[i]! * LOT;
        const filled = book.match(side, s.idx[i]!, size, -1, false, -1, out);
        if (filled < size) {
          const slot = book.add(side, s.idx[i]!, size - filled, 0);
          slotOf[k] = slot;
          orderAt[slot] = k;
        }
        k++;
      } else {
        const target = s.target[i]!;
        const slot = slotOf[target]!;
        if (slot >= 0 && orderAt[slot] === target) book.cancel(slot);
      }
    }
    const dt = Number(process.hrtime.bigint() - t0);
    t.totalNs += dt;
    t.perOp[b] = dt / (end - start);
    if (book.live > maxLive) maxLive = book.live;
  }
  const levels = (side: 0 | 1): Depth => book.depth(side).map((l) => [l.price / 1_000, l.size / LOT]);
  const done = stop(t);
  return { ...done, depth: [levels(BID), levels(ASK)], maxLive, endLive: book.live };
}

export function runTheirs(s: Stream, ids: string[]): Timing & { depth: [Depth, Depth] } {
  const ob = new OrderBook();
  const t = timer(s.n);
  let k = 0;
  for (let b = 0, i = 0; i < s.n; b++) {
    const start = i;
    const end = Math.min(s.n, i + BATCH);
    const t0 = process.hrtime.bigint();
    for (; i < end; i++) {
      if (s.op[i] === OP_LIMIT) {
        ob.limit({ side: s.side[i] === 0 ? 'buy' : 'sell', id: ids[k++]!, size: s.lots[i]!, price: s.idx[i]! } as Parameters<OrderBook['limit']>[0]);
      } else ob.cancel(ids[s.target[i]!]!);
    }
    const dt = Number(process.hrtime.bigint() - t0);
    t.totalNs += dt;
    t.perOp[b] = dt / (end - start);
  }
  const done = stop(t);
  const [asks, bids] = ob.depth();
  const sorted = (d: Depth, desc: boolean) => [...d].sort((a, b) => (desc ? b[0] - a[0] : a[0] - b[0]));
  return { ...done, depth: [sorted(bids, true), sorted(asks, false)] };
}

/** The same stream through Exchange.placeOrder / cancelOrder with 50 funded wallets. */
export function runExchange(s: Stream): Timing {
  const clock = manualClock(1_700_000_000_000);
  const ex = new Exchange(clock, counterIds());
  ex.createMarket({ conditionId: '0xbench', tickSize: 1_000, minOrderSize: LOT });
  const wallets = Array.from({ length: 50 }, (_, i) => `0xw${i}`);
  for (const w of wallets) {
    ex.deposit(w, 1e12);
    ex.split(w, '0xbench', 4e11);
  }
  const orderIds: string[] = new Array<string>(s.orders);
  const t = timer(s.n);
  let k = 0;
  for (let b = 0, i = 0; i < s.n; b++) {
    const start = i;
    const end = Math.min(s.n, i + BATCH);
    const t0 = process.hrtime.bigint();
    for (; i < end; i++) {
      if (s.op[i] === OP_LIMIT) {
        const owner = wallets[k % 50]!;
        const r = ex.placeOrder({
          owner, tokenId: '0xbench:0', side: s.side[i] === 0 ? 'BUY' : 'SELL', price: s.idx[i]! * 1_000, size: s.lots[i]! * LOT, type: 'GTC',
        });
        orderIds[k++] = r.ok ? r.order.id : '';
      } else {
        const target = s.target[i]!;
        ex.cancelOrder(wallets[target % 50]!, orderIds[target]!);
      }
    }
    const dt = Number(process.hrtime.bigint() - t0);
    t.totalNs += dt;
    t.perOp[b] = dt / (end - start);
  }
  return stop(t);
}
