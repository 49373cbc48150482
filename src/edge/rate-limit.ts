/**
 * The rate-limit edge hook. Runs in `onRequest` for every request (matched or not), before
 * body parsing, authentication and the handler: an over-cap request is answered 429
 * `{error: "Too Many Requests"}` (typed shape on catalog routes, through the error mapping)
 * with `Retry-After`, and nothing else runs. Windows counted per API key (trading writes) are
 * checked right after the route's authentication, on the verified key; a request refused there
 * gives back the address windows it had used. Every limited response carries `RateLimit-Limit`,
 * `RateLimit-Remaining`, `RateLimit-Reset` (seconds) of the tightest applicable window.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Config } from '../config/config.js';
import type { RedisLink } from '../store/redis.js';
import { ApiError } from '../errors/catalogue.js';
import { familyOfPath } from '../http/families.js';
import { MemoryCounters, type CounterStore } from './counters.js';
import { RateLimiter, type Decision, type Plan } from './limiter.js';
import { loadRules } from './limits-table.js';
import { edgeMetrics } from '../metrics/index.js';
import { RedisCounters } from './redis-counters.js';
import { unmounted } from '../http/mounts.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The running rate limiter (undefined when SIBYL_RATE_LIMITS=off). */
    rateLimiter: RateLimiter | undefined;
  }
}

/** Builds the limiter for a configuration: counters in Redis through the process's link when there is one (REDIS_URL). */
export function createRateLimiter(config: Config, redis?: RedisLink): RateLimiter | undefined {
  const rules = loadRules(config.rateLimits);
  if (rules.length === 0) return undefined;
  const store: CounterStore = redis ? new RedisCounters(redis) : new MemoryCounters();
  return new RateLimiter(rules, store, config.rateLimitPrefix);
}

function setHeaders(reply: FastifyReply, d: Decision): void {
  reply.header('ratelimit-limit', d.limit);
  reply.header('ratelimit-remaining', d.remaining);
  reply.header('ratelimit-reset', Math.max(1, Math.ceil(d.resetMs / 1000)));
}

function tooMany(plan: Plan, d: Decision): ApiError {
  edgeMetrics.rateLimited.inc({ rule: d.ruleId, family: plan.family });
  const retryAfter = String(Math.max(1, Math.ceil(d.retryAfterMs / 1000)));
  return new ApiError('rate_limited', 'Too Many Requests', { headers: { 'retry-after': retryAfter } });
}

/** The API key a route's authentication verified (`req.auth`, set by `services.auth.requireL2`). */
function authenticatedKey(req: FastifyRequest): string | undefined {
  const key = (req as { auth?: { apiKey?: unknown } }).auth?.apiKey;
  return typeof key === 'string' ? key : undefined;
}

export async function registerRateLimits(app: FastifyInstance, config: Config, redis?: RedisLink): Promise<void> {
  const limiter = createRateLimiter(config, redis);
  app.decorate('rateLimiter', limiter);
  if (!limiter) return;
  app.addHook('onClose', async () => { await limiter.store.close(); });
  const plans = new WeakMap<object, Plan>();

  const planOf = (req: FastifyRequest): Plan => {
    const ro = req.routeOptions;
    const cfg = ro.config as (typeof ro.config & { method?: unknown }) | undefined;
    if (ro.url === undefined || cfg === undefined) return limiter.planForPath(req.method, req.url, familyOfPath(req.url));
    let plan = plans.get(cfg);
    if (plan === undefined) {
      plan = limiter.planForRoute(req.method, unmounted(ro.url), cfg.family ?? familyOfPath(unmounted(ro.url)));
      if (typeof cfg.method === 'string') plans.set(cfg, plan); // multi-method routes share a config
    }
    return plan;
  };

  const finish = (reply: FastifyReply, plan: Plan, d: Decision, done: HookHandlerDoneFunction): void => {
    setHeaders(reply, d);
    if (d.allowed) done();
    else done(tooMany(plan, d));
  };

  // Address windows: before body parsing, authentication and the handler.
  app.addHook('onRequest', (req, reply, done) => {
    const plan = planOf(req);
    if (plan.windows.length === 0) return done();
    const d = limiter.check(plan, req.ip);
    if (d instanceof Promise) d.then((x) => finish(reply, plan, x, done), done);
    else finish(reply, plan, d, done);
  });

  // Key windows (trading writes): appended after the route's own preHandlers, so they count the
  // key its authentication verified — a forged key header never consumes someone else's window.
  app.addHook('onRoute', (opts) => {
    const methods = Array.isArray(opts.method) ? opts.method : [opts.method];
    if (methods.length !== 1) return;
    const plan = limiter.planForRoute(methods[0]!, unmounted(opts.url), opts.config?.family ?? familyOfPath(unmounted(opts.url)));
    if (plan.keyWindows.length === 0) return;
    const keyCheck = async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const apiKey = authenticatedKey(req);
      if (apiKey === undefined) return;
      const d = await limiter.checkKey(plan, apiKey);
      if (d.allowed) {
        const shown = Number(reply.getHeader('ratelimit-remaining') ?? Infinity);
        if (d.remaining < shown) setHeaders(reply, d);
        return;
      }
      await limiter.refund(plan, req.ip); // the refused request gives back its address windows
      setHeaders(reply, d);
      throw tooMany(plan, d);
    };
    const existing = opts.preHandler === undefined ? [] : Array.isArray(opts.preHandler) ? opts.preHandler : [opts.preHandler];
    opts.preHandler = [...existing, keyCheck] as typeof opts.preHandler;
  });
}
