/**
 * Per-signer rate limits as the venue announced them (docs/venue.md §13), behind the per-address
 * limits of rate-limit.ts: every signer (the authenticated wallet) has an order bucket and a
 * cancel bucket, sized by its tier (src/trading/signer-tiers.ts). Costs: `POST /order` 1,
 * `POST /orders` one per order (all or nothing: a batch costing more than the bucket holds is
 * refused whole), `DELETE /order` 1, `DELETE /orders` one per id, `DELETE /cancel-all` and
 * `DELETE /cancel-market-orders` 1 up front and then 1 per order they cancelled (taken after
 * the answer; the balance may go negative in the tiers that allow it, else it stops at 0).
 *
 * Every evaluated request answers `Poly-RateLimit-Remaining` (may be negative),
 * `Poly-RateLimit-Reset` (Unix s when the bucket is full again) and `Poly-RateLimit-Tier`.
 * `SIBYL_SIGNER_LIMITS=enforce` refuses a request the bucket cannot pay with 429
 * `{"error":"Too Many Requests"}` and `Retry-After`; `warn` (the default, as the venue first ran
 * it) lets it through with `Poly-RateLimit-Warning: true` and takes nothing; `off` registers nothing.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Config } from '../config/config.js';
import type { RedisLink } from '../store/redis.js';
import { ApiError } from '../errors/catalogue.js';
import type { SignerTiers, Tier } from '../trading/signer-tiers.js';
import { MemoryBuckets, RedisBuckets, type BucketStore, type Take, type Taken } from './signer-buckets.js';
import { unmounted } from '../http/mounts.js';

interface Priced { bucket: 'order' | 'cancel'; cost(body: unknown): number; perCancelled?: true }

const one = () => 1;
const count = (body: unknown) => (Array.isArray(body) ? Math.max(1, body.length) : 1);
const PRICES: Record<string, Priced> = {
  'POST /order': { bucket: 'order', cost: one },
  'POST /orders': { bucket: 'order', cost: count },
  'DELETE /order': { bucket: 'cancel', cost: one },
  'DELETE /orders': { bucket: 'cancel', cost: (b) => (Array.isArray(b) ? Math.max(1, new Set(b).size) : 1) },
  'DELETE /cancel-all': { bucket: 'cancel', cost: one, perCancelled: true },
  'DELETE /cancel-market-orders': { bucket: 'cancel', cost: one, perCancelled: true },
};

function take(tier: Tier, p: Priced, address: string, cost: number, force: boolean): Take {
  const order = p.bucket === 'order';
  return {
    key: `${p.bucket}:${address.toLowerCase()}`, rate: order ? tier.ordersPerS : tier.cancelsPerS, burst: order ? tier.orderBurst : tier.cancelBurst,
    cost, force, floor: !order && tier.negativeCancels ? -Infinity : 0,
  };
}

function headers(reply: FastifyReply, tier: Tier, t: Take, r: Taken): void {
  reply.header('poly-ratelimit-remaining', Math.floor(r.milli / 1000));
  reply.header('poly-ratelimit-reset', Math.ceil((r.at + Math.max(0, t.burst * 1000 - r.milli) / t.rate) / 1000));
  reply.header('poly-ratelimit-tier', tier.name);
}

/** The headers, and the verdict: pass, pass with the warning (warn), or 429 with Retry-After (enforce). */
function answer(reply: FastifyReply, tier: Tier, t: Take, r: Taken, enforce: boolean, done: HookHandlerDoneFunction): void {
  headers(reply, tier, t, r);
  if (r.ok) return done();
  if (!enforce) { reply.header('poly-ratelimit-warning', 'true'); return done(); }
  const wait = Math.max(1, Math.ceil((t.cost * 1000 - r.milli) / t.rate / 1000));
  done(new ApiError('rate_limited', 'Too Many Requests', { headers: { 'retry-after': String(wait) } }));
}

export function registerSignerLimits(app: FastifyInstance, config: Config, tiers: SignerTiers, redis?: RedisLink, now: () => number = Date.now): void {
  if (config.signerLimits === 'off') return;
  // In memory the buckets run on the service's clock (tests move it); in Redis on Redis's.
  const store: BucketStore = redis ? new RedisBuckets(redis, `${config.rateLimitPrefix}signer:`, now) : new MemoryBuckets(now);
  const enforce = config.signerLimits === 'enforce';

  app.addHook('onRoute', (opts) => {
    const methods = Array.isArray(opts.method) ? opts.method : [opts.method];
    const p = methods.length === 1 ? PRICES[`${methods[0]} ${unmounted(opts.url)}`] : undefined;
    if (p === undefined) return;
    const check = (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
      const who = (req as { auth?: { address: string } }).auth;
      if (who === undefined) return done();
      const tier = tiers.of(who.address);
      const t = take(tier, p, who.address, p.cost(req.body), false);
      const r = store.take(t);
      // No closure on the in-memory path: a request pays the bucket update and the headers only.
      if (r instanceof Promise) r.then((x) => answer(reply, tier, t, x, enforce, done), () => done());
      else answer(reply, tier, t, r, enforce, done);
    };
    const pre = opts.preHandler === undefined ? [] : Array.isArray(opts.preHandler) ? opts.preHandler : [opts.preHandler];
    opts.preHandler = [...pre, check] as typeof opts.preHandler;
    if (!p.perCancelled) return;
    // cancel-all, cancel-market-orders: +1 per order cancelled, once the answer is known.
    const charge = (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, p?: unknown) => void): void => {
      const who = (req as { auth?: { address: string } }).auth;
      if (who !== undefined && reply.statusCode === 200 && typeof payload === 'string') {
        const n = (JSON.parse(payload) as { canceled?: unknown[] }).canceled?.length ?? 0;
        if (n > 0) {
          const r = store.take(take(tiers.of(who.address), p, who.address, n, true));
          if (r instanceof Promise) r.catch(() => { /* counted in memory by the store */ });
        }
      }
      done(null, payload);
    };
    const send = opts.onSend === undefined ? [] : Array.isArray(opts.onSend) ? opts.onSend : [opts.onSend];
    opts.onSend = [...send, charge] as typeof opts.onSend;
  });
}
