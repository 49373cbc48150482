/**
 * Edge benchmark: what the rate limiter costs per request. Three servers on the same demo data
 * (separate processes, bench/server.ts): limits off, limits on with counters in memory, limits on
 * with counters in Redis (when REDIS_URL is set). Limits are "on" with the built-in table's
 * windows but caps of 10⁹, so every request is counted and none is refused — the cost measured
 * is the counting. Rounds are interleaved (off, memory, redis, off, ...); the ratio is the
 * median over rounds of req/s with limits ÷ req/s without in the same round. Targets: ≥ 0.9×
 * in memory, ≥ 0.6× in Redis.
 *
 * Scenario: `GET /book?token_id=<a demo token>` (the CLOB and /book windows apply).
 *
 * Run alone: `node --import tsx bench/edge.ts [--quick]`, or `npm run bench -- edge`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { startServer, type RunningServer } from './server.js';
import { table } from './report.js';
import type { BenchRow, BenchServerSpec } from './types.js';
import { DEFAULT_RULES } from '../src/edge/limits-table.js';
import { mean, median } from './kit/stats.js';

const ROOT = resolve(import.meta.dirname, '..');

interface Sample { rps: number; p50: number; p99: number; bad: number }

async function load(url: string, durationS: number): Promise<Sample> {
  const r = await autocannon({ url, connections: 10, duration: durationS });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts };
}

function limitsFile(): string {
  const dir = join(ROOT, '.bench-tmp');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'edge-limits.json');
  writeFileSync(file, JSON.stringify({ rules: DEFAULT_RULES.map((r) => ({ id: r.id, limit: 1_000_000_000 })) }));
  return file;
}

/** The book of a demo market that accepts orders (it has a resting ladder from the demo trading history). */
async function pickPath(baseUrl: string): Promise<{ path: string; note?: string }> {
  const page = await (await fetch(`${baseUrl}/markets`)).json() as { data: Array<{ accepting_orders: boolean; tokens: Array<{ token_id: string }> }> };
  const market = page.data.find((m) => m.accepting_orders && m.tokens.length > 0);
  if (!market) throw new Error('edge bench: no open demo market to read a book from');
  const path = `/book?token_id=${encodeURIComponent(market.tokens[0]!.token_id)}`;
  const res = await fetch(`${baseUrl}${path}`);
  if (!res.ok) throw new Error(`edge bench: ${path} answered ${res.status}`);
  return { path };
}

export async function runEdgeBench(opts: { quick: boolean }): Promise<BenchRow[]> {
  // Many short interleaved rounds, ratio per round, median: robust to a busy shared machine.
  const rounds = opts.quick ? 2 : 8;
  const durationS = opts.quick ? 2 : 3;
  // A data directory per server (one process per database: src/store/writer-lock.ts); the first
  // start of each loads the demo data into it.
  const shared: BenchServerSpec = { id: 'edge', env: { SIBYL_DEMO: '1' }, prepare: { cacheKey: 'v1', run: async () => {} } };
  const file = limitsFile();
  const variants: { name: string; env: Record<string, string>; target?: number }[] = [
    { name: 'limits off', env: { SIBYL_RATE_LIMITS: 'off' } },
    { name: 'limits on, memory counters', env: { SIBYL_RATE_LIMITS: file, REDIS_URL: '' }, target: 0.9 },
  ];
  if (process.env.REDIS_URL) {
    variants.push({ name: 'limits on, Redis counters', env: { SIBYL_RATE_LIMITS: file, SIBYL_RATE_LIMIT_PREFIX: `bench:${randomBytes(4).toString('hex')}:` }, target: 0.6 });
  } else {
    console.error('[bench] edge: REDIS_URL is not set — the Redis row is skipped');
  }
  const servers: RunningServer[] = [];
  try {
    for (const [i, v] of variants.entries()) servers.push(await startServer({ ...shared, id: `${shared.id}-${i}`, env: { ...shared.env, ...v.env } }));
    const { path, note } = await pickPath(servers[0]!.ctx.baseUrl);
    for (const s of servers) await load(`${s.ctx.baseUrl}${path}`, 1); // warm-up
    const samples: Sample[][] = variants.map(() => []);
    for (let r = 0; r < rounds; r++) {
      for (let i = 0; i < servers.length; i++) samples[i]!.push(await load(`${servers[i]!.ctx.baseUrl}${path}`, durationS));
    }
    return variants.map((v, i) => {
      const rps = mean(samples[i]!.map((s) => s.rps));
      const ratio = median(samples[i]!.map((s, r) => s.rps / samples[0]![r]!.rps));
      const bad = samples[i]!.reduce((a, s) => a + s.bad, 0);
      return {
        suite: 'edge', scenario: `GET ${path.split('?')[0]} — ${v.name}`, reqPerSec: rps,
        p50ms: mean(samples[i]!.map((s) => s.p50)), p99ms: mean(samples[i]!.map((s) => s.p99)),
        ratio, ...(v.target === undefined ? {} : { target: `≥ ${v.target}×`, met: ratio >= v.target }),
        note: [note, bad > 0 ? `${bad} non-2xx/errors` : undefined].filter(Boolean).join('; ') || undefined,
      };
    });
  } finally {
    for (const s of servers) await s.stop();
  }
}

/** Listed in bench/suites.ts: it runs its own three servers, so it reports HTTP rows itself. */
export const edgeSuite = { name: 'edge', unit: 'http' as const, run: runEdgeBench };

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await runEdgeBench({ quick: process.argv.includes('--quick') });
  console.log(`\n## edge\n${table(rows, 'http')}\n`);
}
