/**
 * `npm run bench -- writer-speed` (issue #42 part 5): is a cluster's writer as fast as an instance
 * alone on the same PostgreSQL? Three arms, measured in one run, each on a fresh database of the
 * bench's own (DATABASE_URL), with the same load — the same sequence of signed resting orders
 * (`POST /order`, never crossing), 16 connections, a fixed count — from autocannon in this process:
 *  - `alone`: one instance, DATABASE_URL and no REDIS_URL (the nearest to standalone a PostgreSQL
 *    instance gets: it still takes the lease and fences its commits — src/server.ts — but it has
 *    no feed, no follower, and its replay check is in PostgreSQL rather than Redis);
 *  - `cluster-1`: one instance with Redis (lease + fence + the feed's XADD per batch, no follower);
 *  - `cluster-2`: the writer of two instances, its follower running (replaying every batch).
 * Every arm is up at once (idle while another is measured), so rounds are short and many: arms
 * rotate round by round (A B C, B C A, …) and a neighbour's burst on this shared machine falls on
 * each alike; the row is the mean over rounds. Per arm: orders/s, p50/p99, CPU µs per order of the writer, the follower,
 * the PostgreSQL backends of its database and Redis (Linux schedstat), orders per commit (the
 * batch seq's move), and the ratio to `alone`.
 * `BENCH_WRITER_ENV="K=V,K=V"` adds environment to every instance (experiments: docs/benchmarks.md).
 * Run standalone: `node --import tsx bench/writer-speed.ts [--quick] [--rounds N] [--orders N] [--arms alone,cluster-1]
 * [--against REF]` (`--against`: every arm on REF's build too, interleaved, one table).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import type { BenchRow } from './types.js';
import { cpuNs } from './kit/server-cpu.js';
import { mean } from './kit/stats.js';
import { l2Headers } from '../test/auth/helpers.js';
import { newMarket, newTrader, restingOrder, RedisServer, signed, sleep, startCluster, until, writerOf, type Instance, type Trader } from '../test/cluster/kit.js';

export type Arm = 'alone' | 'cluster-1' | 'cluster-2';
export const ARMS: readonly Arm[] = ['alone', 'cluster-1', 'cluster-2'];
const LABEL: Record<Arm, string> = {
  alone: 'one instance, no Redis (lease + fence, no feed)',
  'cluster-1': 'cluster of one: writer with Redis (lease + fence + feed), no follower',
  'cluster-2': 'cluster of two: the writer, its follower replaying',
};

/** Which `sibyl` serves an arm: this checkout's, or another's (`--against`). */
export interface Build { name: string; bin?: string }
const HERE: Build = { name: 'this checkout' };

export interface ArmSample {
  arm: Arm; build: string; rps: number; p50: number; p99: number; orders: number;
  /** CPU µs per order: writer, follower, the database's PostgreSQL backends, Redis. */
  writerUs: number; followerUs: number; pgUs: number; redisUs: number;
  /** Orders per commit (committed batches moved `exchange_state.batch_seq`). */
  perBatch: number;
}

/** Arm k's database is `${DB}_k`: recreated empty at every run, dropped at its end. */
const DB = 'sibyl_bench_writer';

async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try { return await fn(c); } finally { await c.end(); }
}

function serverUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('the writer-speed bench needs DATABASE_URL (a PostgreSQL server)');
  return url;
}

/** A fresh, empty database `name`. */
async function freshDb(name: string): Promise<string> {
  const url = serverUrl();
  await admin(url, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  });
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function dropDbs(n: number): Promise<void> {
  await admin(serverUrl(), async (c) => { for (let k = 0; k < n; k++) await c.query(`DROP DATABASE IF EXISTS ${DB}_${k} WITH (FORCE)`); });
}

/** CPU ns of the PostgreSQL backends connected to `db` now (the server must be on this host). */
async function pgBackends(dbUrl: string): Promise<number[]> {
  return admin(dbUrl, async (c) => (await c.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')).rows.map((r) => Number(r.pid)));
}

async function batchSeq(dbUrl: string): Promise<number> {
  return admin(dbUrl, async (c) => Number((await c.query('SELECT coalesce(max(batch_seq), 0) AS s FROM exchange_state')).rows[0].s));
}

function extraEnv(): Record<string, string> {
  const raw = process.env.BENCH_WRITER_ENV ?? '';
  return Object.fromEntries(raw.split(',').filter((kv) => kv.includes('=')).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
}

/** The k-th resting order of every arm is alike (kit `restingOrder`). */
const resting = (t: Trader, token: string, k: number) => restingOrder(t, token, k);

/** `n` signed orders over `connections` connections; throws on any non-2xx answer. */
async function fire(s: Setup, n: number, connections: number): Promise<{ result: autocannon.Result; seconds: number }> {
  const { traders, token } = s;
  const t0 = performance.now();
  let answered = 0;
  let last = t0; // autocannon ends an `amount` run on its next 1 s tick: the rate is taken to the last answer
  let bad: string | undefined;
  const result = await autocannon({
    url: s.writer.url, connections, amount: n,
    requests: [{
      method: 'POST', path: '/order',
      setupRequest: (req) => {
        const k = s.placed++;
        const t = traders[k % traders.length]!;
        const body = JSON.stringify(resting(t, token, k));
        return { ...req, method: 'POST', path: '/order', body, headers: { 'content-type': 'application/json', ...l2Headers(t.creds, t.address, 'POST', '/order', body) } };
      },
      onResponse: (status, body) => {
        if (++answered === n) last = performance.now();
        if (bad === undefined && status !== 200) bad = `${status} ${body.slice(0, 300)}`;
      },
    }],
  });
  const seconds = ((answered >= n ? last : performance.now()) - t0) / 1000;
  if (result.non2xx + result.errors + result.timeouts > 0) throw new Error(`writer-speed: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts; first: ${bad}`);
  return { result, seconds };
}

/** An arm that is up: its instances on a database of its own, a market, 8 funded traders. */
interface Setup {
  arm: Arm; build: Build; dbUrl: string; redis: RedisServer | null; all: Instance[];
  writer: Instance; follower: Instance | undefined; traders: Trader[]; token: string;
  /** Orders placed so far (the k-th order of every arm is alike). */
  placed: number;
}

/** Starts one arm on a fresh database `db` and warms it up (JIT, pools, prepared statements). */
async function setUp(arm: Arm, build: Build, db: string, warm: number): Promise<Setup> {
  const dbUrl = await freshDb(db);
  const redis = arm === 'alone' ? null : await RedisServer.start();
  let all: Instance[] = [];
  try {
    const env: Record<string, string> = { DATABASE_URL: dbUrl, LOG_LEVEL: 'warn', SIBYL_MAX_CONNECTIONS_PER_IP: '100000', ...extraEnv() };
    if (redis) env.REDIS_URL = redis.url;
    all = await startCluster(arm === 'cluster-2' ? 2 : 1, env, build.bin);
    await sleep(2000); // past the lease's first renewal tick
    const writer = await until('a writer', 20_000, () => writerOf(all), 250);
    const { conditionId, tokens } = await newMarket(writer);
    const traders: Trader[] = [];
    for (let i = 0; i < 8; i++) {
      const t = await newTrader(writer, 1_000_000);
      const r = await signed(writer, t, 'POST', '/split', { market: conditionId, amount: String(400_000 * 1e6) });
      if (r.status !== 200) throw new Error(`split: ${r.status} ${r.text}`);
      traders.push(t);
    }
    const setup: Setup = { arm, build, dbUrl, redis, all, writer, follower: all.find((i) => i !== writer), traders, token: tokens[0], placed: 0 };
    await fire(setup, warm, 16);
    return setup;
  } catch (err) {
    await tearDown({ all, redis }).catch(() => {});
    throw withLogs(err, `${build.name} ${arm}`, all);
  }
}

function withLogs(err: unknown, what: string, all: Instance[]): Error {
  const logs = all.map((i) => `${i.name}:\n  ${i.logs.slice(-12).join('\n  ')}`).join('\n');
  return new Error(`writer-speed ${what}: ${(err as Error).message}\ninstance logs (last lines):\n${logs}`);
}

async function tearDown(s: Pick<Setup, 'all' | 'redis'>): Promise<void> {
  for (const i of s.all) await i.kill();
  await s.redis?.stop();
}

/** One round: `n` orders to the arm's writer, with its processes' CPU and its commits around it. */
async function measure(s: Setup, n: number, connections: number): Promise<ArmSample> {
  // PostgreSQL: the backends of the arm's database before and after (the pool may open new ones meanwhile; one that ended is not counted).
  const pg0 = new Map((await pgBackends(s.dbUrl)).map((p) => [p, cpuNs(p) ?? 0]));
  const seq0 = await batchSeq(s.dbUrl);
  const cpu = () => [cpuNs(s.writer.child?.pid) ?? 0, cpuNs(s.follower?.child?.pid) ?? 0, cpuNs(s.redis?.child?.pid) ?? 0];
  const cpu0 = cpu();
  const { result: r, seconds } = await fire(s, n, connections).catch((err: unknown) => { throw withLogs(err, `${s.build.name} ${s.arm}`, s.all); });
  const cpu1 = cpu();
  const pgNs = (await pgBackends(s.dbUrl)).reduce((sum, p) => sum + (cpuNs(p) ?? 0) - (pg0.get(p) ?? 0), 0);
  const batches = (await batchSeq(s.dbUrl)) - seq0;
  const us = (i: number) => (cpu1[i]! - cpu0[i]!) / 1000 / n;
  return {
    arm: s.arm, build: s.build.name, orders: n, rps: n / seconds, p50: r.latency.p50, p99: r.latency.p99,
    writerUs: us(0), followerUs: us(1), pgUs: pgNs / 1000 / n, redisUs: us(2), perBatch: batches > 0 ? n / batches : 0,
  };
}

/**
 * Every arm of every build set up at once (each on its own fresh database), then `rounds` rounds
 * of `orders` orders to each, the order rotating round by round; the samples in the order measured.
 */
export async function measureArms(opts: { rounds: number; orders: number; arms?: readonly Arm[]; builds?: readonly Build[]; log?: (s: ArmSample) => void;
  /** Instead of every arm × build: these pairs (experiments). */
  runs?: ReadonlyArray<{ arm: Arm; build: Build }> }): Promise<ArmSample[]> {
  const runs = opts.runs ?? (opts.arms ?? ARMS).flatMap((arm) => (opts.builds ?? [HERE]).map((build) => ({ arm, build })));
  const setups: Setup[] = [];
  const out: ArmSample[] = [];
  try {
    for (const [k, { arm, build }] of runs.entries()) setups.push(await setUp(arm, build, `${DB}_${k}`, 1000));
    for (let round = 0; round < opts.rounds; round++) {
      for (let j = 0; j < setups.length; j++) {
        const s = await measure(setups[(round + j) % setups.length]!, opts.orders, 16);
        opts.log?.(s);
        out.push(s);
      }
    }
  } finally {
    for (const s of setups) await tearDown(s);
    await dropDbs(runs.length);
  }
  return out;
}

const f1 = (x: number) => x.toFixed(1);

/** One row per arm (means over rounds); the cluster arms carry their ratio to `alone` (target ≥ 0.8×). */
export function armRows(all: ArmSample[], build = HERE.name): BenchRow[] {
  const samples = all.filter((s) => s.build === build);
  const by = (a: Arm) => samples.filter((s) => s.arm === a);
  const alone = by('alone');
  const base = alone.length > 0 ? mean(alone.map((s) => s.rps)) : undefined;
  return ARMS.filter((a) => by(a).length > 0).map((a) => {
    const xs = by(a);
    const rps = mean(xs.map((s) => s.rps));
    const ratio = a !== 'alone' && base !== undefined ? rps / base : undefined;
    const m = (f: (s: ArmSample) => number) => mean(xs.map(f));
    return {
      suite: 'writer-speed', scenario: `POST /order, 16 connections — ${LABEL[a]}`, reqPerSec: rps, p50ms: m((s) => s.p50), p99ms: m((s) => s.p99),
      serverUs: m((s) => s.writerUs), ...(ratio === undefined ? {} : { ratio, target: '≥ 0.8× alone', met: ratio >= 0.8 }),
      note: `rounds: ${xs.map((s) => Math.round(s.rps)).join(', ')} orders/s; CPU µs/order writer ${f1(m((s) => s.writerUs))}, follower ${f1(m((s) => s.followerUs))}, ` +
        `PostgreSQL ${f1(m((s) => s.pgUs))}, Redis ${f1(m((s) => s.redisUs))}; ${f1(m((s) => s.perBatch))} orders per commit; ${xs[0]!.orders} orders per round`,
    };
  });
}

/** The arms' rows as a markdown table, one line per build and arm (`--against`: both builds, ratios within each). */
export function armTable(samples: ArmSample[], builds: readonly string[]): string {
  const lines = ['| build | arm | orders/s | ratio to alone | p50 ms | p99 ms | writer µs/order | follower µs/order | PostgreSQL µs/order | Redis µs/order | orders per commit | rounds (orders/s) |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|'];
  for (const b of builds) {
    for (const r of armRows(samples, b)) {
      const arm = ARMS.find((a) => r.scenario.endsWith(LABEL[a]))!;
      const xs = samples.filter((s) => s.build === b && s.arm === arm);
      const m = (f: (s: ArmSample) => number) => f1(mean(xs.map(f)));
      lines.push(`| ${b} | ${arm} | ${Math.round(r.reqPerSec)} | ${r.ratio === undefined ? '1.00×' : `${r.ratio.toFixed(2)}×`} | ${f1(r.p50ms)} | ${f1(r.p99ms)} | ${m((s) => s.writerUs)} | ${m((s) => s.followerUs)} | ` +
        `${m((s) => s.pgUs)} | ${m((s) => s.redisUs)} | ${m((s) => s.perBatch)} | ${xs.map((s) => Math.round(s.rps)).join(', ')} |`);
    }
  }
  return lines.join('\n');
}

const logSample = (s: ArmSample) => console.error(`[bench writer-speed] ${s.build} ${s.arm}: ${Math.round(s.rps)} orders/s p50 ${s.p50} ms p99 ${s.p99} ms; ` +
  `µs/order writer ${f1(s.writerUs)} follower ${f1(s.followerUs)} pg ${f1(s.pgUs)} redis ${f1(s.redisUs)}; ${f1(s.perBatch)}/commit`);

/** `--against REF`: every arm on REF's build and on this checkout's, interleaved; the table. */
export async function writerSpeedAgainst(opts: { quick: boolean; rounds?: number; orders?: number; arms?: readonly Arm[] }, ref: { name: string; root: string }): Promise<string> {
  const builds: Build[] = [{ name: ref.name, bin: join(ref.root, 'bin/sibyl.js') }, HERE];
  const samples = await measureArms({ arms: opts.arms, builds, rounds: opts.rounds ?? (opts.quick ? 3 : 8), orders: opts.orders ?? (opts.quick ? 1000 : 2000), log: logSample });
  return armTable(samples, builds.map((b) => b.name));
}

export async function runWriterSpeedBench(opts: { quick: boolean; rounds?: number; orders?: number; arms?: readonly Arm[] }): Promise<BenchRow[]> {
  const samples = await measureArms({
    arms: opts.arms, rounds: opts.rounds ?? (opts.quick ? 3 : 8), orders: opts.orders ?? (opts.quick ? 1000 : 2000), log: logSample,
  });
  console.error(armTable(samples, [HERE.name]));
  return armRows(samples);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name: string) => { const i = process.argv.indexOf(name); return i < 0 ? undefined : Number(process.argv[i + 1]); };
  const opts = { quick: process.argv.includes('--quick'), rounds: arg('--rounds'), orders: arg('--orders'),
    arms: process.argv.includes('--arms') ? process.argv[process.argv.indexOf('--arms') + 1]!.split(',').map((a) => a as Arm).filter((a) => ARMS.includes(a)) : undefined };
  const against = process.argv.indexOf('--against');
  if (against >= 0) {
    const ref = process.argv[against + 1]!;
    const { prepareRef } = await import('./against.js');
    console.log(await writerSpeedAgainst(opts, { name: ref, ...prepareRef(ref) }));
  } else {
    for (const r of await runWriterSpeedBench(opts)) console.log(JSON.stringify(r));
  }
}
