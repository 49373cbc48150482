/**
 * Measures one HTTP scenario against the reference `GET /` on the same server: several rounds,
 * reference and scenario interleaved so that machine noise hits both alike. The ratio is the
 * median over rounds of the scenario's req/s ÷ the reference's in the same round (as the edge
 * suite does): one round disturbed by a neighbour on this shared machine no longer moves it.
 * Every run (warm-up included) must be answered 2xx throughout, else the scenario fails.
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

export interface Sample {
  rps: number; p50: number; p99: number; serverUs?: number; clientUs: number;
  /** Why the run is not a measurement of successful requests (non-2xx, errors, timeouts); undefined when it is. */
  failure?: string;
}

/** autocannon's form of a request: a `build` becomes its per-request `setupRequest`. */
function toAutocannon(r: HttpRequestSpec, onResponse: (status: number, body: string) => void): autocannon.Request {
  const req: autocannon.Request = { method: r.method ?? 'GET', path: r.path, headers: r.headers, body: r.body, onResponse };
  const build = r.build;
  if (build === undefined) return req;
  return {
    ...req,
    setupRequest: (defaults) => {
      const s = build();
      // A new headers object each time: autocannon adds Content-Length to the one it is given.
      return { ...defaults, method: s.method ?? 'GET', path: s.path, headers: { ...s.headers }, body: s.body };
    },
  };
}

export async function load(ctx: BenchContext, requests: HttpRequestSpec[], opts: LoadOptions): Promise<Sample> {
  let firstBad: string | undefined;
  const onResponse = (status: number, body: string) => {
    if (firstBad === undefined && (status < 200 || status > 299)) firstBad = `${status} ${body.slice(0, 300)}`;
  };
  const cpu0 = cpuNs(ctx.serverPid);
  const client0 = process.cpuUsage();
  const result = await autocannon({
    url: ctx.baseUrl,
    connections: opts.connections,
    duration: opts.durationS,
    requests: requests.map((r) => toAutocannon(r, onResponse)),
  });
  const cpu1 = cpuNs(ctx.serverPid);
  const client = process.cpuUsage(client0);
  let failure: string | undefined;
  if (result.non2xx + result.errors + result.timeouts > 0) {
    const codes = Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2')).map(([code, s]) => `${code} ×${s.count ?? 0}`).join(', ');
    failure = `${result.non2xx} non-2xx (${codes || 'none'}), ${result.errors} errors, ${result.timeouts} timeouts of ${result.requests.total} requests` +
      (firstBad === undefined ? '' : `; first: ${firstBad}`);
  }
  return {
    serverUs: cpu0 === undefined || cpu1 === undefined || result.requests.total === 0 ? undefined : (cpu1 - cpu0) / 1000 / result.requests.total,
    clientUs: result.requests.total === 0 ? 0 : (client.user + client.system) / result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failure,
  };
}

/**
 * A row measures successful requests only: a scenario answered with 401s (say) would record the
 * speed of refusing. Any non-2xx, connection error or timeout fails the run loudly.
 */
function expectOk(what: string, phase: string, s: Sample): Sample {
  if (s.failure !== undefined) throw new Error(`bench scenario "${what}" (${phase}): ${s.failure}; a benchmark row must measure 2xx answers only`);
  return s;
}

const REFERENCE: HttpRequestSpec[] = [{ path: '/' }];

function meanOf(samples: Sample[]): number | undefined {
  return samples.every((s) => s.serverUs !== undefined) ? mean(samples.map((s) => s.serverUs!)) : undefined;
}

const clientMean = (samples: Sample[]) => mean(samples.map((s) => s.clientUs));

export async function measureReference(ctx: BenchContext, opts: LoadOptions): Promise<BenchRow> {
  const samples: Sample[] = [];
  for (let i = 0; i < opts.rounds; i++) samples.push(expectOk('reference: GET /', `round ${i + 1}`, await load(ctx, REFERENCE, opts)));
  return {
    suite: '', scenario: 'reference: GET /', reqPerSec: mean(samples.map((s) => s.rps)), serverUs: meanOf(samples), clientUs: clientMean(samples),
    p50ms: mean(samples.map((s) => s.p50)), p99ms: mean(samples.map((s) => s.p99)), ratio: 1,
  };
}

export async function measureScenario(ctx: BenchContext, scenario: HttpScenario, opts: LoadOptions): Promise<BenchRow> {
  const requests = await scenario.requests(ctx);
  if (requests.length === 0) throw new Error(`scenario ${scenario.name} produced no requests`);
  // Warm-up so that caches and JIT are in the same state for both.
  expectOk(scenario.name, 'warm-up', await load(ctx, requests, { ...opts, durationS: 1 }));
  const stopDuring = scenario.during ? await scenario.during(ctx) : undefined;
  const ref: Sample[] = [];
  const run: Sample[] = [];
  try {
    for (let i = 0; i < opts.rounds; i++) {
      ref.push(expectOk('reference: GET /', `round ${i + 1}`, await load(ctx, REFERENCE, opts)));
      run.push(expectOk(scenario.name, `round ${i + 1}`, await load(ctx, requests, opts)));
    }
  } finally {
    await stopDuring?.();
  }
  const ratio = median(run.map((s, i) => s.rps / ref[i]!.rps));
  return {
    suite: '', scenario: scenario.name,
    reqPerSec: mean(run.map((s) => s.rps)), serverUs: meanOf(run), clientUs: clientMean(run),
    p50ms: mean(run.map((s) => s.p50)), p99ms: mean(run.map((s) => s.p99)),
    ratio, ...(scenario.target === undefined ? {} : { target: `≥ ${scenario.target}×`, met: ratio >= scenario.target }),
  };
}

/** Two rows (one per server) from samples of the reference and a scenario, as measureScenario makes them. */
function rowOf(name: string, target: number | undefined, ref: Sample[], run: Sample[]): BenchRow {
  const ratio = median(run.map((s, i) => s.rps / ref[i]!.rps));
  return {
    suite: '', scenario: name,
    reqPerSec: mean(run.map((s) => s.rps)), serverUs: meanOf(run), clientUs: clientMean(run),
    p50ms: mean(run.map((s) => s.p50)), p99ms: mean(run.map((s) => s.p99)),
    ratio, ...(target === undefined ? {} : { target: `≥ ${target}×`, met: ratio >= target }),
  };
}

/**
 * One scenario on two servers (`--against`: bench/against.ts), rounds alternating: each round
 * measures the reference and the scenario on one server, then on the other, the first server
 * changing every round, so a neighbour's burst falls on both alike. `null` scenario: the reference alone.
 */
export async function measureAB(ctxs: [BenchContext, BenchContext], scenario: HttpScenario | null, opts: LoadOptions): Promise<[BenchRow, BenchRow]> {
  const name = scenario?.name ?? 'reference: GET /';
  const requests: HttpRequestSpec[][] = [];
  for (const ctx of ctxs) {
    const r = scenario === null ? REFERENCE : await scenario.requests(ctx);
    if (r.length === 0) throw new Error(`scenario ${name} produced no requests`);
    expectOk(name, 'warm-up', await load(ctx, r, { ...opts, durationS: 1 }));
    requests.push(r);
  }
  const ref: Sample[][] = [[], []];
  const run: Sample[][] = [[], []];
  for (let i = 0; i < opts.rounds; i++) {
    for (const k of i % 2 === 0 ? [0, 1] : [1, 0]) {
      const stop = scenario?.during ? await scenario.during(ctxs[k]!) : undefined;
      try {
        ref[k]!.push(expectOk('reference: GET /', `round ${i + 1}`, await load(ctxs[k]!, REFERENCE, opts)));
        if (scenario !== null) run[k]!.push(expectOk(name, `round ${i + 1}`, await load(ctxs[k]!, requests[k]!, opts)));
      } finally {
        await stop?.();
      }
    }
  }
  const row = (k: number) => rowOf(name, scenario?.target, ref[k]!, scenario === null ? ref[k]! : run[k]!);
  return [row(0), row(1)];
}
