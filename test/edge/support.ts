/**
 * Helpers for the edge tests: a limits override file, a minimal app with the real edge and
 * stand-in routes (for routes other engineers have not written yet — GET /book, GET /markets,
 * GET /markets/slug/:slug ...; POST /order behind a stand-in authentication), each counting how
 * often its handler ran, and the Redis notice.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { ApiError } from '../../src/errors/catalogue.js';
import { loadConfig, type Config } from '../../src/config/config.js';
import { registerErrorHandling } from '../../src/http/errors.js';
import { registerJsonBody } from '../../src/http/body.js';
import { registerEdge } from '../../src/edge/index.js';
import type { Family } from '../../src/http/families.js';

export function limitsFile(doc: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'sibyl-limits-'));
  const file = join(dir, 'limits.json');
  writeFileSync(file, JSON.stringify(doc));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true })); // read at each service start: kept until the test process ends
  return file;
}

export function uniquePrefix(): string {
  return `sibyl-test:${randomBytes(6).toString('hex')}:`;
}

const REDIS_SKIP = 'Redis tests skipped: REDIS_URL is not set';
let noticed = false;
/** `false` when REDIS_URL is set, else the skip reason (printed once). */
export function redisSkip(): string | false {
  if (process.env.REDIS_URL) return false;
  if (!noticed) { noticed = true; console.log(`# NOTICE: ${REDIS_SKIP}`); }
  return REDIS_SKIP;
}

export interface StandIn { method: 'GET' | 'POST' | 'DELETE'; url: string; family: Family }

export const STAND_INS: StandIn[] = [
  { method: 'GET', url: '/', family: 'basic' },
  { method: 'GET', url: '/events', family: 'catalog' },
  { method: 'GET', url: '/events/slug/:slug', family: 'catalog' },
  { method: 'GET', url: '/markets', family: 'clob' },
  { method: 'GET', url: '/markets/slug/:slug', family: 'catalog' },
  { method: 'GET', url: '/tags', family: 'catalog' },
  { method: 'GET', url: '/book', family: 'clob' },
  { method: 'POST', url: '/books', family: 'clob' },
  { method: 'POST', url: '/prices', family: 'clob' },
  { method: 'GET', url: '/time', family: 'basic' },
  { method: 'GET', url: '/positions', family: 'data' },
  { method: 'POST', url: '/order', family: 'clob' },
  { method: 'PUT', url: '/admin/thing', family: 'admin' } as unknown as StandIn,
];

async function standInAuth(req: FastifyRequest): Promise<void> {
  const key = req.headers.svc_api_key;
  if (typeof key !== 'string' || !key.startsWith('good-')) throw new ApiError('unauthorized', 'Unauthorized/Invalid api key');
  (req as unknown as { auth: { apiKey: string } }).auth = { apiKey: key };
}

export interface EdgeApp { app: FastifyInstance; config: Config; runs: Map<string, number> }

/** A minimal app: the real edge (from `env`) + stand-in routes that count their runs. */
export async function edgeApp(env: Record<string, string>, routes: StandIn[] = STAND_INS): Promise<EdgeApp> {
  const config = loadConfig({ LOG_LEVEL: 'silent', SIBYL_DATA_DIR: tmpdir(), SIBYL_RATE_LIMIT_PREFIX: uniquePrefix(), ...env });
  const app = Fastify({ logger: false, trustProxy: config.trustProxy as boolean | string, bodyLimit: config.bodyLimit });
  registerErrorHandling(app);
  registerJsonBody(app);
  await registerEdge(app, config);
  const runs = new Map<string, number>();
  for (const r of routes) {
    const key = `${r.method} ${r.url}`;
    // POST /order plays a route behind requireL2: a `good-…` key header authenticates, others 401.
    const preHandler = key === 'POST /order' ? standInAuth : undefined;
    app.route({ method: r.method, url: r.url, config: { family: r.family }, ...(preHandler ? { preHandler } : {}), handler: async () => {
      runs.set(key, (runs.get(key) ?? 0) + 1);
      return { ok: true };
    } });
  }
  await app.ready();
  return { app, config, runs };
}
