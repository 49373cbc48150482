/**
 * Every benchmark suite, by name. To add one: write `bench/<name>.ts` exporting an `HttpSuite`
 * (or an in-process runner returning rows) and list it here.
 */
import type { BenchRow, HttpSuite } from './types.js';
import { freshPgDatabase } from './kit/fresh-pg.js';
import { catalogSuite } from './catalog.js';
import { tradingPgSuite, tradingSuite } from './trading.js';
import { marketDataSuite } from './marketdata.js';
import { edgeSuite } from './edge.js';
import { dataApiSuite } from './dataapi.js';

export const basicsSuite: HttpSuite = {
  name: 'basics',
  server: { id: 'demo', env: { SIBYL_DEMO: '1' } },
  scenarios: [
    { name: 'GET /time', requests: async () => [{ path: '/time' }] },
  ],
};

/** A suite that measures by itself (the engine in process, or several servers of its own). */
export interface InProcessSuite {
  name: string;
  /** `ops` rows are per-operation µs; `http` rows are req/s and ms like the HTTP suites. */
  unit?: 'ops' | 'http';
  run(opts: { quick: boolean }): Promise<BenchRow[]>;
  /** `--against REF`: the suite's own before/after table (REF's worktree from bench/against.ts). */
  against?(opts: { quick: boolean }, ref: { name: string; root: string; commit: string }): Promise<string>;
}

export async function httpSuites(selected: (name: string) => boolean): Promise<HttpSuite[]> {
  const suites = [basicsSuite, catalogSuite, tradingSuite, marketDataSuite, dataApiSuite];
  if (selected('trading-pg')) {
    const url = process.env.DATABASE_URL ? await freshPgDatabase('sibyl_bench_trading', 'trading-pg') : undefined; // recreated empty on every run
    if (url) suites.push(tradingPgSuite(url));
    else console.error('[bench] trading-pg skipped: DATABASE_URL is not set');
  }
  return suites;
}

export async function inProcessSuites(): Promise<InProcessSuite[]> {
  // Dynamic imports keep nodejs-order-book and the benchmark databases out of HTTP-only runs.
  return [
    { name: 'engine', run: async (o) => (await import('./engine.js')).runEngineSuite(o) },
    { name: 'durable', run: async (o) => (await import('./durable.js')).runDurableBench(o) },
    edgeSuite,
    { name: 'streams', unit: 'http', run: async (o) => (await import('./streams.js')).runStreamsBench(o), against: async (o, ref) => (await import('./streams.js')).runStreamsAgainst(o, ref) },
    { name: 'explorer', unit: 'http', run: async (o) => (await import('./explorer.js')).runExplorerBench(o) }, // the web page in chromium
    { name: 'scaling', run: async (o) => (await import('./scaling.js')).runScalingBench(o) },
    { name: 'cluster', unit: 'http', run: async (o) => (await import('./cluster.js')).runClusterBench(o) }, // writer + follower processes (DATABASE_URL)
    { name: 'writer-speed', unit: 'http', run: async (o) => (await import('./writer-speed.js')).runWriterSpeedBench(o), against: async (o, ref) => (await import('./writer-speed.js')).writerSpeedAgainst(o, ref) }, // #42 part 5: a cluster's writer ÷ one instance alone (DATABASE_URL)
    { name: 'follow', unit: 'http', run: async (o) => (await import('./follow.js')).runFollowBench(o) }, // following by replay: lag, failover with 1M resting orders (DATABASE_URL)
  ];
}
