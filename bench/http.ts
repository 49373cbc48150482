/**
 * Measures one HTTP scenario against the reference `GET /` on the same server: several rounds,
 * reference and scenario interleaved so that machine noise hits both alike. The ratio is the
 * median over rounds of the scenario's req/s ÷ the reference's in the same round (as the edge
 * suite does): one round disturbed by a neighbour on this shared machine no longer moves it.
 */
import autocannon from 'autocannon';
import { mean, median } from './kit/stats.js';
import { cpuNs } from './kit/server-cpu.js';
import type { BenchContext, BenchRow, HttpRequestSpec, HttpScenario } from './types.js';

export interface LoadOptions {
  rounds: number;
  durationS: number;
  connections: number;
}

interface Sample { rps: number; p50: number; p99: number; bad: number; serverUs?: number; clientUs: number }

async function load(ctx: BenchContext, requests: HttpRequestSpec[], opts: LoadOptions): Promise<Sample> {
  const cpu0 = cpuNs(ctx.serverPid);
  const client0 = process.cpuUsage();
  const result = await autocannon({
    url: ctx.baseUrl,
    connections: opts.connections,
    duration: opts.durationS,
    requests: requests.map((r) => ({ method: r.method ?? 'GET', path: r.path, headers: r.headers, body: r.body })),
  });
  const cpu1 = cpuNs(ctx.serverPid);
  const client = process.cpuUsage(client0);
  return {
    serverUs: cpu0 === undefined || cpu1 === undefined || result.requests.total === 0 ? undefined : (cpu1 - cpu0) / 1000 / result.requests.total,
    clientUs: result.requests.total === 0 ? 0 : (client.user + client.system) / result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

const REFERENCE: HttpRequestSpec[] = [{ path: '/' }];

function meanOf(samples: Sample[]): number | undefined {
  return samples.every((s) => s.serverUs !== undefined) ? mean(samples.map((s) => s.serverUs!)) : undefined;
}

const clientMean = (samples: Sample[]) => mean(samples.map((s) => s.clientUs));

export async function measureReference(ctx: BenchContext, opts: LoadOptions): Promise<BenchRow> {
  const samples: Sample[] = [];
  for (let i = 0; i < opts.rounds; i++) samples.push(await load(ctx, REFERENCE, opts));
  return {
    suite: '', scenario: 'reference: GET /', reqPerSec: mean(samples.map((s) => s.rps)), serverUs: meanOf(samples), clientUs: clientMean(samples),
    p50ms: mean(samples.map((s) => s.p50)), p99ms: mean(samples.map((s) => s.p99)), ratio: 1,
  };
}

export async function measureScenario(ctx: BenchContext, scenario: HttpScenario, opts: LoadOptions): Promise<BenchRow> {
  const requests = await scenario.requests(ctx);
  if (requests.length === 0) throw new Error(`scenario ${scenario.name} produced no requests`);
  // Warm-up so that caches and JIT are in the same state for both.
  await load(ctx, requests, { ...opts, durationS: 1 });
  const stopDuring = scenario.during ? await scenario.during(ctx) : undefined;
  const ref: Sample[] = [];
  const run: Sample[] = [];
  try {
    for (let i = 0; i < opts.rounds; i++) {
      ref.push(await load(ctx, REFERENCE, opts));
      run.push(await load(ctx, requests, opts));
    }
  } finally {
    await stopDuring?.();
  }
  const bad = run.reduce((a, s) => a + s.bad, 0);
  const ratio = median(run.map((s, i) => s.rps / ref[i]!.rps));
  return {
    suite: '', scenario: scenario.name,
    reqPerSec: mean(run.map((s) => s.rps)), serverUs: meanOf(run), clientUs: clientMean(run),
    p50ms: mean(run.map((s) => s.p50)), p99ms: mean(run.map((s) => s.p99)),
    ratio, ...(scenario.target === undefined ? {} : { target: `≥ ${scenario.target}×`, met: ratio >= scenario.target }),
    note: bad > 0 ? `${bad} non-2xx/errors` : undefined,
  };
}
