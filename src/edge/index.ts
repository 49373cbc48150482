/**
 * The edge, wired into the app by src/http/app.ts in three places:
 * - `edgeFastifyOptions(config)`: server factory (timeouts, connection cap);
 * - `loggerOptions(config)` (logging.ts): redacted logs;
 * - `registerEdge(app, config, redis?)`: before any route — security headers, CORS, rate limits
 *   (counters in Redis through the process's link, src/store/redis.ts, when there is one),
 *   request metrics, per-route body limits and integer bounds. Semantics and decisions: src/edge/README.md.
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config/config.js';
import type { RedisLink } from '../store/redis.js';
import { familyOfPath, type Family } from '../http/families.js';
import { edgeServerFactory, registerBodyLimits, registerCors, registerSecurityHeaders } from './hardening.js';
import { registerInputBounds, registerNulGuard } from './input-bounds.js';
import { edgeMetrics } from '../metrics/index.js';
import { registerRateLimits } from './rate-limit.js';

export { loggerOptions } from './logging.js';

export function edgeFastifyOptions(config: Config): Pick<FastifyServerOptions, 'serverFactory'> {
  return { serverFactory: edgeServerFactory(config) };
}

function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const status = String(reply.statusCode);
    edgeMetrics.requests.labels(req.method, route, status).inc();
    edgeMetrics.duration.labels(req.method, route, status).observe(reply.elapsedTime / 1000);
    done();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** `METHOD /url/:pattern` → family of every registered route (introspection for tests and tools). */
    routeFamilies: Map<string, Family>;
  }
}

function recordRouteFamilies(app: FastifyInstance): void {
  const families = new Map<string, Family>();
  app.decorate('routeFamilies', families);
  app.addHook('onRoute', (opts) => {
    for (const m of Array.isArray(opts.method) ? opts.method : [opts.method]) {
      families.set(`${m} ${opts.url}`, opts.config?.family ?? familyOfPath(opts.url));
    }
  });
}

export async function registerEdge(app: FastifyInstance, config: Config, redis?: RedisLink): Promise<void> {
  registerSecurityHeaders(app);
  await registerCors(app, config);
  await registerRateLimits(app, config, redis);
  registerRequestMetrics(app);
  registerBodyLimits(app, config);
  registerInputBounds(app);
  registerNulGuard(app);
  recordRouteFamilies(app);
}
