/**
 * The several-writers design of docs/scaling.md, measured in simulation: the pure core in
 * worker threads (one writer per partition of markets, by condition), a risk sequencer in the main
 * thread holding every balance (reserve → match → settle), no HTTP, no database. Rows:
 *  - today's shape: sequencer and one core in one thread (the baseline of the ratios);
 *  - the sequencer alone, replaying the baseline's fills (its cap: the most orders/s any number
 *    of writers can be fed);
 *  - W writers in worker threads (W = 1, 2, 4) fed by the sequencer, batches pipelined.
 * Every run ends with the sequencer's conservation check and must produce exactly the baseline's
 * fills (same orders per market in the same order → same matches), so a row cannot be fast by
 * being wrong. Rates are wall-clock orders/s: the point is what parallel writers add, on this
 * machine's 2 cores. Run standalone: `node --import tsx bench/scaling.ts [--quick]`.
 */
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { orderFlow, partitionOf, type OrderFlow } from './scaling/orders.js';
import { RiskSequencer } from './scaling/sequencer.js';
import { FILL_FIELDS, PartitionWriter } from './scaling/writer.js';
import type { BenchRow } from './types.js';

const MARKETS = 64;
const WALLETS = 500;
const BATCH = 1_000;
const CASH = 1e12;
const TOKENS = 1e12;

interface Run { ordersPerSec: number; perOrderUs: number[]; filled: number; fills: Float64Array[] }

function sharedFlow(f: OrderFlow): OrderFlow {
  const share = <T extends Int32Array | Uint8Array>(a: T): T => {
    const b = new (a.constructor as new (buf: SharedArrayBuffer) => T)(new SharedArrayBuffer(a.byteLength));
    b.set(a as never);
    return b;
  };
  return { ...f, market: share(f.market), wallet: share(f.wallet), side: share(f.side), price: share(f.price), size: share(f.size) };
}

/** Settles one writer's answer for a batch: `idx` are the order indices it was sent. */
function settleFills(seq: RiskSequencer, f: OrderFlow, idx: Int32Array, fills: Float64Array): number {
  let shares = 0;
  for (let k = 0; k < fills.length; k += FILL_FIELDS) {
    const i = idx[fills[k]!]!;
    seq.settle(f.market[i]!, f.side[i]!, f.wallet[i]!, f.price[i]!, fills[k + 1]!, fills[k + 2]!, fills[k + 3]!);
    shares += fills[k + 3]!;
  }
  return shares;
}

/** Reserves a batch's orders in the sequencer and splits the accepted ones by writer. */
function route(seq: RiskSequencer, f: OrderFlow, from: number, to: number, writers: number): { idx: Int32Array[]; counts: number[] } {
  const idx = Array.from({ length: writers }, () => new Int32Array(to - from));
  const counts = new Array<number>(writers).fill(0);
  for (let i = from; i < to; i++) {
    if (!seq.reserve(f.wallet[i]!, f.market[i]!, f.side[i]!, f.price[i]!, f.size[i]!)) continue;
    const p = partitionOf(f.market[i]!, writers);
    idx[p]![counts[p]!++] = i;
  }
  return { idx, counts };
}

/** Today's shape: the sequencer and one core over every market, in this thread. */
function inThread(f: OrderFlow): Run {
  const seq = new RiskSequencer(WALLETS, MARKETS, CASH, TOKENS);
  const writer = new PartitionWriter(Array.from({ length: MARKETS }, (_, m) => m), WALLETS);
  const perOrderUs: number[] = [];
  const fills: Float64Array[] = [];
  let filled = 0;
  const t0 = process.hrtime.bigint();
  for (let from = 0; from < f.n; from += BATCH) {
    const b0 = process.hrtime.bigint();
    const to = Math.min(f.n, from + BATCH);
    const { idx, counts } = route(seq, f, from, to, 1);
    const out = writer.place(f, idx[0]!, counts[0]!);
    filled += settleFills(seq, f, idx[0]!, out);
    fills.push(out, idx[0]!.slice(0, counts[0]!) as unknown as Float64Array);
    perOrderUs.push(Number(process.hrtime.bigint() - b0) / 1_000 / (to - from));
  }
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  seq.check();
  if (seq.rejected !== 0) throw new Error('the sequencer refused orders: the flow is not comparable across runs');
  return { ordersPerSec: f.n / s, perOrderUs, filled, fills };
}

/** The sequencer alone: reserve every order and settle the baseline's fills, no matching. */
function sequencerAlone(f: OrderFlow, base: Run): Run {
  const seq = new RiskSequencer(WALLETS, MARKETS, CASH, TOKENS);
  const perOrderUs: number[] = [];
  let filled = 0;
  const t0 = process.hrtime.bigint();
  for (let b = 0, from = 0; from < f.n; b++, from += BATCH) {
    const b0 = process.hrtime.bigint();
    const to = Math.min(f.n, from + BATCH);
    route(seq, f, from, to, 1);
    filled += settleFills(seq, f, base.fills[2 * b + 1] as unknown as Int32Array, base.fills[2 * b]!);
    perOrderUs.push(Number(process.hrtime.bigint() - b0) / 1_000 / (to - from));
  }
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  seq.check();
  return { ordersPerSec: f.n / s, perOrderUs, filled, fills: [] };
}

/** W writers in worker threads; up to `inFlight` batches between the sequencer and the writers. */
async function partitioned(f: OrderFlow, writers: number, inFlight = 3): Promise<Run> {
  const shared = sharedFlow(f);
  // Node 20 does not pass `--import tsx` on to workers: the worker registers tsx itself, then loads the writer.
  const boot = `import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(new URL('./scaling/worker.ts', import.meta.url).href)}); })`;
  const workers = Array.from({ length: writers }, (_, w) => new Worker(boot, {
    eval: true,
    workerData: { owned: Array.from({ length: MARKETS }, (_, m) => m).filter((m) => partitionOf(m, writers) === w), wallets: WALLETS, flow: shared },
  }));
  await Promise.all(workers.map((wk) => new Promise((ok, fail) => { wk.once('message', ok); wk.once('error', fail); })));
  const seq = new RiskSequencer(WALLETS, MARKETS, CASH, TOKENS);
  const perOrderUs: number[] = [];
  let filled = 0;
  const batches = Math.ceil(f.n / BATCH);
  const pending = new Map<number, { idx: Int32Array[]; left: number; answers: Float64Array[]; t0: bigint; size: number }>();
  let next = 0;
  let settledUpTo = 0;
  const t0 = process.hrtime.bigint();
  await new Promise<void>((done, fail) => {
    const send = (): void => {
      while (next < batches && next - settledUpTo < inFlight) {
        const from = next * BATCH;
        const to = Math.min(f.n, from + BATCH);
        const { idx, counts } = route(seq, f, from, to, writers);
        pending.set(next, { idx, left: writers, answers: new Array(writers), t0: process.hrtime.bigint(), size: to - from });
        workers.forEach((wk, w) => wk.postMessage({ batch: next, idx: idx[w], count: counts[w] }));
        next++;
      }
    };
    // Batches are settled in order, so the sequencer sees the same history whatever the timing.
    const drain = (): void => {
      for (let b = pending.get(settledUpTo); b !== undefined && b.left === 0; b = pending.get(settledUpTo)) {
        b.answers.forEach((fills, w) => { filled += settleFills(seq, f, b!.idx[w]!, fills); });
        perOrderUs.push(Number(process.hrtime.bigint() - b.t0) / 1_000 / b.size);
        pending.delete(settledUpTo++);
      }
      if (settledUpTo === batches) done();
      else send();
    };
    workers.forEach((wk, w) => {
      wk.on('error', fail);
      wk.on('message', (m: { batch: number; fills: Float64Array }) => {
        const b = pending.get(m.batch)!;
        b.answers[w] = m.fills;
        b.left--;
        drain();
      });
    });
    send();
  });
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  await Promise.all(workers.map((wk) => wk.terminate()));
  seq.check();
  return { ordersPerSec: f.n / s, perOrderUs, filled, fills: [] };
}

const pct = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))]! * 100) / 100;
};

export async function runScalingBench(opts: { quick?: boolean } = {}): Promise<BenchRow[]> {
  const n = opts.quick ? 60_000 : 300_000;
  const flow = orderFlow(n, MARKETS, WALLETS, 7);
  console.error(`[scaling] ${n.toLocaleString()} orders over ${MARKETS} markets, ${WALLETS} wallets`);
  inThread(orderFlow(20_000, MARKETS, WALLETS, 8)); // warm-up: compile the core before any timed run
  const base = inThread(flow);
  const row = (scenario: string, r: Run, note: string): BenchRow => {
    if (r.filled !== base.filled) throw new Error(`${scenario}: ${r.filled} shares filled, the baseline filled ${base.filled}`);
    return {
      suite: 'scaling', scenario, reqPerSec: Math.round(r.ordersPerSec), p50ms: pct(r.perOrderUs, 0.5), p99ms: pct(r.perOrderUs, 0.99),
      ratio: Math.round((r.ordersPerSec / base.ordersPerSec) * 100) / 100, note,
    };
  };
  const rows = [row('one thread: sequencer + one core (today)', base, `${(base.filled / 1e6).toLocaleString()} shares filled`)];
  console.error(`[scaling] baseline ${Math.round(base.ordersPerSec)} orders/s`);
  rows.push(row('sequencer alone (its cap)', sequencerAlone(flow, base), 'reserve + settle, no matching'));
  for (const w of [1, 2, 4]) {
    const r = await partitioned(flow, w);
    console.error(`[scaling] ${w} writer thread(s): ${Math.round(r.ordersPerSec)} orders/s`);
    rows.push(row(`${w} writer thread${w > 1 ? 's' : ''} + sequencer`, r, `machine has ${(await import('node:os')).availableParallelism()} cores`));
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const rows = await runScalingBench({ quick: process.argv.includes('--quick') });
  for (const r of rows) console.log(`${r.scenario.padEnd(44)} ${String(r.reqPerSec).padStart(9)} orders/s  ×${r.ratio}  p50 ${r.p50ms} µs/order  ${r.note ?? ''}`);
}
