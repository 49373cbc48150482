/**
 * What a benchmark suite declares. `npm run bench [suite…]` (bench/main.ts) starts the suite's
 * server as a separate process (rate limits off), then for every scenario runs interleaved
 * rounds of the reference (`GET /` on the same server) and the scenario with autocannon, and
 * reports req/s, p50/p99 latency and the ratio scenario/reference. In-process suites (the
 * engine) report their own rows.
 */

export interface HttpRequestSpec {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * Builds the request anew for every request sent (autocannon's per-request `setupRequest`):
   * its method, path, headers and body replace the fields above, which then only describe it.
   * Signed writes need it: the service refuses a second use of an L2 signature on a write
   * (src/auth/README.md, replayed writes), so each one is signed afresh, as a real client does.
   * Its cost lands in the row's `client µs/req`.
   */
  build?(): Omit<HttpRequestSpec, 'build'>;
}

export interface BenchContext {
  baseUrl: string;
  adminToken: string;
  dataDir: string;
  /** The server process (HTTP suites), for its CPU time. */
  serverPid?: number;
}

export interface BenchServerSpec {
  /** Suites naming the same server id share one server process and data directory. */
  id: string;
  /** Extra environment for the server process (docs/venue.md §14 names). */
  env?: Record<string, string>;
  /**
   * Builds the data set before the server starts (e.g. `sibyl seed --scale`). The data
   * directory is kept under .bench-tmp/<id>-<cacheKey> and reused while the key is unchanged.
   */
  prepare?: { cacheKey: string; run(dataDir: string, env: Record<string, string>): Promise<void> };
}

export interface HttpScenario {
  name: string;
  /** Minimum ratio to the reference that the issue sets (reported, not asserted). */
  target?: number;
  /** Called once after the server is up; returns the requests to rotate through. */
  requests(ctx: BenchContext): Promise<HttpRequestSpec[]>;
  /** Optional background load or state change while measuring; returns a stop function. */
  during?(ctx: BenchContext): Promise<() => Promise<void>>;
}

export interface HttpSuite {
  name: string;
  server: BenchServerSpec;
  scenarios: HttpScenario[];
}

export interface BenchRow {
  suite: string;
  scenario: string;
  reqPerSec: number;
  p50ms: number;
  p99ms: number;
  /** The server's CPU time per request, all its threads (µs; mean over rounds; Linux only). */
  serverUs?: number;
  /** The load generator's CPU time per request (this process, µs; mean over rounds). */
  clientUs?: number;
  /** scenario req/s ÷ reference req/s in the same rounds. */
  ratio?: number;
  target?: string;
  /** Whether the row reached its target (set with every target, by the suite that measured it). */
  met?: boolean;
  note?: string;
}
