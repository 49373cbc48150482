/**
 * Runs one stream through our Book, through nodejs-order-book, or through the whole ExchangeCore
 * (engine + ledger + positions + effects), timing batches of operations with hrtime. Per-op
 * latency is a batch's time divided by its size (per-op timing would mostly measure hrtime).
 * Throughput is also measured in process CPU time, which preemption on a shared machine
 * does not inflate.
 */

import { OrderBook } from 'nodejs-order-book';
import { Book, BID, ASK } from '../../src/engine/book.js';
import { FillBuffer } from '../../src/engine/fills.js';
import { LOT } from '../../src/domain/money.js';
import { ExchangeCore } from '../../src/core/exchange.js';
import { counterIds, manualClock } from '../../src/core/ids.js';
import { OP_LIMIT, type Stream } from './streams.js';
import { tokensOf as benchTokenIds } from '../../src/core/test-kit.js';

const BENCH_TOKENS = benchTokenIds('0xbench');

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

/**
 * Runs `batch(i, end)` over ops [0, n) in batches of BATCH, timing each with hrtime and the whole
 * run in process CPU time. One small loop shared by every runner, so what is timed is the engine
 * plus the same per-op stream reads, never the runner's own set-up or (re)compilation.
 */
function timed(n: number, batch: (i: number, end: number) => void): Timing {
  const perOp = new Float64Array(Math.ceil(n / BATCH));
  let totalNs = 0;
  const cpu0 = process.cpuUsage();
  for (let b = 0, i = 0; i < n; b++, i += BATCH) {
    const end = Math.min(n, i + BATCH);
    const t0 = process.hrtime.bigint();
    batch(i, end);
    const dt = Number(process.hrtime.bigint() - t0);
    totalNs += dt;
    perOp[b] = dt / (end - i);
  }
  const c = process.cpuUsage(cpu0);
  return { perOp, totalNs, cpuNs: (c.user + c.system) * 1000 };
}

/** Our engine's state during one run: the book plus the order-number ↔ slot handles. */
interface Ours {
  book: Book;
  out: FillBuffer;
  slotOf: Int32Array;
  orderAt: Int32Array;
  k: number;
  maxLive: number;
}

/** Ops [i, end) of the stream through our Book (one timed batch). */
function oursBatch(o: Ours, s: Stream, i: number, end: number): void {
  const { book, out, slotOf, orderAt } = o;
  const { op, side: sides, idx, lots, target } = s;
  let k = o.k;
  for (; i < end; i++) {
    if (op[i] === OP_LIMIT) {
      const side = sides[i] === 0 ? BID : ASK;
      const size = lots[i]! * LOT;
      const filled = book.match(side, idx[i]!, size, -1, false, -1, out);
      if (filled < size) {
        const slot = book.add(side, idx[i]!, size - filled, 0);
        slotOf[k] = slot;
        orderAt[slot] = k;
      }
      k++;
    } else {
      const t = target[i]!;
      const slot = slotOf[t]!;
      if (slot >= 0 && orderAt[slot] === t) book.cancel(slot);
    }
  }
  o.k = k;
  if (book.live > o.maxLive) o.maxLive = book.live;
}

export function runOurs(s: Stream): Timing & { depth: [Depth, Depth]; maxLive: number; endLive: number; engine: Book } {
  const o: Ours = {
    book: new Book(1_000, 1 << 12), out: new FillBuffer(), slotOf: new Int32Array(s.orders).fill(-1), orderAt: new Int32Array(s.orders).fill(-1), k: 0, maxLive: 0,
  };
  const t = timed(s.n, (i, end) => oursBatch(o, s, i, end));
  const levels = (side: 0 | 1): Depth => o.book.depth(side).map((l) => [l.price / 1_000, l.size / LOT]);
  return { ...t, depth: [levels(BID), levels(ASK)], maxLive: o.maxLive, endLive: o.book.live, engine: o.book };
}

/** Ops [i, end) of the stream through nodejs-order-book (one timed batch); `k` = next order number. */
function theirsBatch(ob: OrderBook, s: Stream, ids: string[], i: number, end: number, k: number): number {
  const { op, side, idx, lots, target } = s;
  for (; i < end; i++) {
    if (op[i] === OP_LIMIT) {
      ob.limit({ side: side[i] === 0 ? 'buy' : 'sell', id: ids[k++]!, size: lots[i]!, price: idx[i]! } as Parameters<OrderBook['limit']>[0]);
    } else ob.cancel(ids[target[i]!]!);
  }
  return k;
}

export function runTheirs(s: Stream, ids: string[]): Timing & { depth: [Depth, Depth]; engine: OrderBook } {
  const ob = new OrderBook();
  let k = 0;
  const t = timed(s.n, (i, end) => { k = theirsBatch(ob, s, ids, i, end, k); });
  const [asks, bids] = ob.depth();
  const sorted = (d: Depth, desc: boolean) => [...d].sort((a, b) => (desc ? b[0] - a[0] : a[0] - b[0]));
  return { ...t, depth: [sorted(bids, true), sorted(asks, false)], engine: ob };
}

/** The same stream through ExchangeCore.placeOrder / cancelOrder with 50 funded wallets. */
export function runExchange(s: Stream): Timing {
  const clock = manualClock(1_700_000_000_000);
  const ex = new ExchangeCore(clock, counterIds());
  ex.createMarket({ conditionId: '0xbench', tokenIds: BENCH_TOKENS, tickSize: 1_000, minOrderSize: LOT });
  const wallets = Array.from({ length: 50 }, (_, i) => `0xw${i}`);
  for (const w of wallets) {
    ex.deposit(w, 1e12);
    ex.split(w, '0xbench', 4e11);
  }
  const orderIds: string[] = new Array<string>(s.orders);
  let k = 0;
  return timed(s.n, (i, end) => {
    for (; i < end; i++) {
      if (s.op[i] === OP_LIMIT) {
        const wallet = wallets[k % 50]!;
        const r = ex.placeOrder({
          wallet, tokenId: BENCH_TOKENS[0], side: s.side[i] === 0 ? 'BUY' : 'SELL', price: s.idx[i]! * 1_000, size: s.lots[i]! * LOT, type: 'GTC',
        });
        orderIds[k++] = r.ok ? r.order.id : '';
      } else {
        const target = s.target[i]!;
        ex.cancelOrder(wallets[target % 50]!, orderIds[target]!);
      }
    }
  });
}
