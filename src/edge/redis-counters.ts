/**
 * Rate-limit counters in Redis, shared by every instance that uses the same REDIS_URL and key
 * prefix. One Lua script per request checks all of the request's windows and increments them
 * only if every one has room (atomic: instances never race past a cap).
 *
 * Failure behaviour: while Redis is unreachable, slow (> commandTimeoutMs) or erroring, the
 * counters fall back to an in-memory store in this instance (so limits still hold per
 * instance; the service neither fails open nor closed). The switch is logged once per change
 * (warn when falling back, info when Redis is back) and visible in metrics.
 */
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { MemoryCounters, type CounterStore, type HitResult } from './counters.js';
import { edgeMetrics } from './metrics.js';

// KEYS: the counters; ARGV: limit_1, window_ms_1, limit_2, window_ms_2, ...
// Returns {ok, count_1, ttl_1, count_2, ttl_2, ...}.
const HIT_SCRIPT = `
local n = #KEYS
local out = {1}
for i = 1, n do
  local c = tonumber(redis.call('GET', KEYS[i]) or '0')
  local ttl = redis.call('PTTL', KEYS[i])
  if ttl < 0 then c = 0; ttl = tonumber(ARGV[2 * i]) end
  if c + 1 > tonumber(ARGV[2 * i - 1]) then out[1] = 0 end
  out[2 * i] = c
  out[2 * i + 1] = ttl
end
if out[1] == 1 then
  for i = 1, n do
    local c = redis.call('INCR', KEYS[i])
    if c == 1 or redis.call('PTTL', KEYS[i]) < 0 then
      redis.call('PEXPIRE', KEYS[i], ARGV[2 * i])
      out[2 * i + 1] = tonumber(ARGV[2 * i])
    end
    out[2 * i] = c
  end
end
return out
`;

const REFUND_SCRIPT = `
for i = 1, #KEYS do
  if tonumber(redis.call('GET', KEYS[i]) or '0') > 0 then redis.call('DECR', KEYS[i]) end
end
return 1
`;

type HitCommand = (numKeys: number, ...args: (string | number)[]) => Promise<number[]>;

export interface RedisCountersOptions {
  url: string;
  log: FastifyBaseLogger;
  /** A Redis command slower than this counts as a failure (ms). */
  commandTimeoutMs?: number;
  /** How long start-up waits for the first connection before serving from memory (ms). */
  connectWaitMs?: number;
}

export class RedisCounters implements CounterStore {
  readonly kind = 'redis' as const;
  readonly fallback = new MemoryCounters();
  private readonly redis: Redis;
  private readonly hitCmd: HitCommand;
  private readonly refundCmd: HitCommand;
  private degraded = false;
  private closed = false;

  constructor(private readonly opts: RedisCountersOptions) {
    this.redis = new Redis(opts.url, {
      enableOfflineQueue: false, // a down connection fails fast: the fallback answers at once
      maxRetriesPerRequest: 0,
      commandTimeout: opts.commandTimeoutMs ?? 250,
      connectTimeout: 2000,
      retryStrategy: (times) => Math.min(100 * times, 2000),
      lazyConnect: false,
      enableAutoPipelining: true, // concurrent requests share one write/read to Redis
    });
    this.redis.defineCommand('sibylRateHit', { lua: HIT_SCRIPT });
    this.redis.defineCommand('sibylRateRefund', { lua: REFUND_SCRIPT });
    this.hitCmd = (this.redis as unknown as { sibylRateHit: HitCommand }).sibylRateHit.bind(this.redis);
    this.refundCmd = (this.redis as unknown as { sibylRateRefund: HitCommand }).sibylRateRefund.bind(this.redis);
    this.redis.on('error', (err: Error) => this.down(err));
    this.redis.on('ready', () => this.up());
    edgeMetrics.rateLimitRedisUp.set(0);
  }

  /** Waits (bounded) for the first connection so that a healthy start begins in Redis. */
  async ready(): Promise<void> {
    if (this.redis.status === 'ready') return;
    const waitMs = this.opts.connectWaitMs ?? 1000;
    await new Promise<void>((resolve) => {
      const t = setTimeout(done, waitMs);
      function done() { clearTimeout(t); resolve(); }
      this.redis.once('ready', done);
      this.redis.once('error', done);
    });
    const status: string = this.redis.status; // changed while waiting
    if (status !== 'ready') this.down(new Error(`not connected after ${waitMs} ms (${status})`));
  }

  get usingFallback(): boolean {
    return this.degraded;
  }

  hit(keys: string[], limits: number[], windowsMs: number[]): HitResult | Promise<HitResult> {
    if (this.redis.status !== 'ready') {
      this.down(new Error(`connection ${this.redis.status}`));
      return this.fallback.hit(keys, limits, windowsMs);
    }
    const args: (string | number)[] = keys.slice();
    for (let i = 0; i < keys.length; i++) args.push(limits[i]!, windowsMs[i]!);
    return this.hitCmd(keys.length, ...args).then((out) => {
      const counts = new Array<number>(keys.length);
      const ttls = new Array<number>(keys.length);
      for (let i = 0; i < keys.length; i++) {
        counts[i] = Number(out[2 * i + 1]);
        ttls[i] = Number(out[2 * i + 2]);
      }
      return { ok: Number(out[0]) === 1, counts, ttls };
    }, (err: Error) => {
      this.down(err);
      return this.fallback.hit(keys, limits, windowsMs);
    });
  }

  refund(keys: string[]): void | Promise<void> {
    if (this.redis.status !== 'ready') return this.fallback.refund(keys);
    return this.refundCmd(keys.length, ...keys).then(() => undefined, () => this.fallback.refund(keys));
  }

  private down(err: Error): void {
    edgeMetrics.rateLimitFallbacks.inc();
    if (this.degraded || this.closed) return;
    this.degraded = true;
    edgeMetrics.rateLimitRedisUp.set(0);
    this.opts.log.warn({ err: err.message }, 'rate limits: Redis unavailable, counting in this instance\'s memory until it is back');
  }

  private up(): void {
    edgeMetrics.rateLimitRedisUp.set(1);
    if (!this.degraded) return;
    this.degraded = false;
    this.opts.log.info('rate limits: Redis is back, counters are shared again');
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.fallback.close();
    this.redis.disconnect();
  }
}
