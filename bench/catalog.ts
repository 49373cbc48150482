/**
 * Catalog read benchmarks on the scale data set (`sibyl seed --scale`: ≥100k events, ≥300k
 * markets, ≥1M comments). Each scenario rotates through many different slugs or queries, taken
 * from the running server itself in `requests(ctx)`, so caches and a handful of hot rows cannot
 * flatter the numbers. Targets are ratios to the reference (`GET /`) set by issue #3.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import type { BenchContext, HttpRequestSpec, HttpSuite } from './types.js';

const ROOT = resolve(import.meta.dirname, '..');

async function getJson<T>(ctx: BenchContext, path: string): Promise<T> {
  const res = await fetch(`${ctx.baseUrl}${path}`);
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return res.json() as Promise<T>;
}

interface EventItem { id: string; slug: string; title: string }

/** Events spread over the whole catalog: pages at many offsets and in several orders. */
async function sampleEvents(ctx: BenchContext, pages = 10): Promise<EventItem[]> {
  const out: EventItem[] = [];
  for (let i = 0; i < pages; i++) {
    const order = ['id', 'volume', 'startDate', 'createdAt'][i % 4];
    out.push(...(await getJson<EventItem[]>(ctx, `/events?limit=100&offset=${i * 997}&order=${order}`)));
  }
  return out;
}

async function sampleMarketSlugs(ctx: BenchContext, events: EventItem[]): Promise<string[]> {
  const slugs: string[] = [];
  for (const e of events.slice(0, 150)) {
    const detail = await getJson<{ markets: Array<{ slug: string }> }>(ctx, `/events/slug/${encodeURIComponent(e.slug)}`);
    slugs.push(...detail.markets.map((m) => m.slug));
  }
  return slugs;
}

function runSeed(dataDir: string, env: Record<string, string>): Promise<void> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [resolve(ROOT, 'bin/sibyl.js'), 'seed', '--scale'], {
      cwd: ROOT, stdio: 'inherit', env: { ...env, SIBYL_DATA_DIR: dataDir }, // the server's env: embedded store unless the suite says otherwise
    });
    child.once('error', fail);
    child.once('exit', (code) => (code === 0 ? ok() : fail(new Error(`sibyl seed --scale exited with ${code}`))));
  });
}

export const catalogSuite: HttpSuite = {
  name: 'catalog',
  server: { id: 'scale', prepare: { cacheKey: 'scale-v1', run: runSeed } },
  scenarios: [
    {
      name: 'GET /events/slug/{slug}',
      target: 0.5,
      requests: async (ctx) => (await sampleEvents(ctx)).map((e) => ({ path: `/events/slug/${encodeURIComponent(e.slug)}` })),
    },
    {
      name: 'GET /markets/slug/{slug}',
      target: 0.5,
      requests: async (ctx) => (await sampleMarketSlugs(ctx, await sampleEvents(ctx, 2))).map((s) => ({ path: `/markets/slug/${encodeURIComponent(s)}` })),
    },
    {
      name: 'GET /events (pages, filters, orders)',
      target: 0.3,
      requests: async () => {
        const out: HttpRequestSpec[] = [];
        const orders = ['', '&order=volume', '&order=startDate&ascending=true', '&order=createdAt', '&active=true&closed=false&order=volume'];
        for (let i = 0; i < 200; i++) out.push({ path: `/events?limit=20&offset=${(i * 37) % 2000}${orders[i % orders.length]}` });
        return out;
      },
    },
    {
      name: 'GET /comments (threads)',
      target: 0.3,
      requests: async (ctx) => (await sampleEvents(ctx, 4)).map((e, i) => ({
        path: `/comments?parent_entity_type=Event&parent_entity_id=${e.id}&limit=20${i % 3 === 0 ? '&order=reactionCount' : ''}`,
      })),
    },
    {
      name: 'GET /public-search',
      target: 0.15,
      requests: async (ctx) => {
        const words = new Set<string>();
        for (const e of await sampleEvents(ctx, 3)) {
          const w = e.title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
          if (w[1]) words.add(w[1]);
          if (w[2] && w[2].length > 3) words.add(w[2].slice(0, 3)); // a prefix, as typed
          if (w.length > 3) words.add(`${w[1]} ${w[3]}`);
        }
        return [...words].slice(0, 400).map((q) => ({ path: `/public-search?q=${encodeURIComponent(q)}&limit_per_type=10` }));
      },
    },
  ],
};
