/**
 * `npm run bench -- cluster` (issue #30): a writer and a follower as processes on one PostgreSQL
 * (DATABASE_URL, a database of the bench's own) and a Redis the bench starts itself.
 * Rows:
 *  - orders/s sent to the writer, then the same orders sent to the follower (forwarded), with
 *    `lanes` requests in flight; the ratio follower/writer (target ≥ 0.5);
 *  - follow lag at 500 orders/s: from a batch's seal on the writer (`timestamp` of its events) to
 *    its `price_change` on a WebSocket client of the follower, p50/p99 (target p99 ≤ 100 ms);
 *  - failover with N resting orders: SIGKILL the writer, time until the follower accepts an order.
 * Run standalone: `node --import tsx bench/cluster.ts [--quick]`.
 */
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';
import type { BenchRow } from './types.js';
import { freshPgDatabase } from './kit/fresh-pg.js';
import { percentile } from './kit/stats.js';
import { newMarket, newTrader, restingOrder, RedisServer, signed, sleep, startCluster, until, writerOf, type Instance, type Trader } from '../test/cluster/kit.js';

const freshDb = () => freshPgDatabase('sibyl_bench_cluster', 'the cluster bench');
const pct = percentile;

let sizeSeq = 0;
/** Resting orders only (kit `restingOrder`), each of a size of its own. */
const resting = (t: Trader, token: string, k: number) => restingOrder(t, token, k, ++sizeSeq);

async function throughput(via: Instance, traders: Trader[], token: string, n: number, lanes: number): Promise<{ perSec: number; p50: number; p99: number }> {
  const lat: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: lanes }, async () => {
    for (;;) {
      const k = next++;
      if (k >= n) return;
      const t = traders[k % traders.length]!;
      const s = performance.now();
      const r = await signed(via, t, 'POST', '/order', resting(t, token, k));
      lat.push(performance.now() - s);
      if (r.status !== 200) throw new Error(`order: ${r.status} ${r.text}`);
    }
  }));
  return { perSec: n / ((performance.now() - t0) / 1000), p50: pct(lat, 50), p99: pct(lat, 99) };
}

async function followLag(writer: Instance, follower: Instance, traders: Trader[], token: string, rate: number, seconds: number): Promise<number[]> {
  const ws = new WebSocket(`ws://127.0.0.1:${follower.port}/ws/market`);
  const lags: number[] = [];
  ws.on('message', (d) => {
    const now = Date.now();
    try {
      const v = JSON.parse(String(d));
      for (const e of Array.isArray(v) ? v : [v]) if (e?.event_type === 'price_change' && e.timestamp) lags.push(now - Number(e.timestamp));
    } catch { /* PONG */ }
  });
  await new Promise<void>((r, j) => { ws.once('open', () => r()); ws.once('error', j); });
  ws.send(JSON.stringify({ type: 'market', assets_ids: [token] }));
  await sleep(500);
  const n = rate * seconds;
  const start = performance.now();
  const inflight: Promise<unknown>[] = [];
  for (let k = 0; k < n; k++) {
    const due = start + (k * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const t = traders[k % traders.length]!;
    inflight.push(signed(writer, t, 'POST', '/order', resting(t, token, k)));
  }
  await Promise.all(inflight);
  await sleep(1000);
  ws.close();
  return lags;
}

async function failover(all: Instance[], traders: Trader[], token: string): Promise<{ ms: number; rebuildMs: number }> {
  const writer = await writerOf(all);
  const rest = all.filter((i) => i !== writer);
  const killed = performance.now();
  await writer.kill();
  let k = 0;
  await until('an accepted order after the failover', 120_000, async () => {
    const t = traders[k++ % traders.length]!;
    return (await signed(rest[0]!, t, 'POST', '/order', resting(t, token, k)).catch(() => ({ status: 0 }))).status === 200;
  }, 20);
  const ms = performance.now() - killed;
  const next = await writerOf(rest);
  return { ms, rebuildMs: (await next.status()).rebuildMs };
}

export async function runClusterBench(opts: { quick: boolean }): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const redis = await RedisServer.start();
  const dbUrl = await freshDb();
  let all: Instance[] = [];
  try {
    all = await startCluster(2, { DATABASE_URL: dbUrl, REDIS_URL: redis.url, LOG_LEVEL: 'warn' });
    const writer = await writerOf(all);
    const follower = all.find((i) => i !== writer)!;
    const { conditionId, tokens } = await newMarket(writer);
    const traders: Trader[] = [];
    for (let i = 0; i < 8; i++) {
      const t = await newTrader(writer, 1_000_000);
      await signed(writer, t, 'POST', '/split', { market: conditionId, amount: String(400_000 * 1e6) });
      traders.push(t);
    }
    const n = opts.quick ? 400 : 2000;
    const lanes = 16;
    await throughput(writer, traders, tokens[0], 100, lanes); // warm-up
    const w = await throughput(writer, traders, tokens[0], n, lanes);
    const f = await throughput(follower, traders, tokens[0], n, lanes);
    rows.push({ suite: 'cluster', scenario: `POST /order to the writer (${lanes} in flight)`, reqPerSec: w.perSec, p50ms: w.p50, p99ms: w.p99 });
    const ratio = f.perSec / w.perSec;
    rows.push({ suite: 'cluster', scenario: `POST /order to a follower (forwarded, ${lanes} in flight)`, reqPerSec: f.perSec, p50ms: f.p50, p99ms: f.p99,
      ratio, target: '≥ 0.5× the writer', met: ratio >= 0.5 });
    const lags = await followLag(writer, follower, traders, tokens[0], 500, opts.quick ? 2 : 5);
    const p99 = pct(lags, 99);
    rows.push({ suite: 'cluster', scenario: 'follow lag at 500 orders/s (writer seal → follower WebSocket)', reqPerSec: 500, p50ms: pct(lags, 50), p99ms: p99,
      target: 'p99 ≤ 100 ms', met: p99 <= 100, note: `${lags.length} events` });
    // Failover with 10,000 resting orders (what the throughput rows left resting counts too).
    const restingNow = async () => {
      const c = new pg.Client({ connectionString: dbUrl });
      await c.connect();
      try { return Number((await c.query("SELECT count(*) AS n FROM orders WHERE status = 'LIVE'")).rows[0].n); } finally { await c.end(); }
    };
    const want = opts.quick ? 2000 : 10_000;
    const have = await restingNow();
    if (have < want) await throughput(writer, traders, tokens[0], want - have, lanes);
    // Two instances left running: the killed one is replaced by a third so the next failover has a taker.
    const live = await restingNow();
    const fo = await failover(all, traders, tokens[0]);
    rows.push({ suite: 'cluster', scenario: `failover: SIGKILL → first accepted order, ${live} resting orders`, reqPerSec: 0, p50ms: fo.ms, p99ms: fo.ms,
      target: '≤ 5 s + rebuild', met: fo.ms <= 5000 + fo.rebuildMs + 1000, note: `new writer's rebuild ${fo.rebuildMs} ms; lease timeout 5000 ms (a killed writer's lock goes with its session)` });
  } finally {
    for (const i of all) await i.kill();
    await redis.stop();
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await runClusterBench({ quick: process.argv.includes('--quick') });
  for (const r of rows) console.log(JSON.stringify(r));
}
