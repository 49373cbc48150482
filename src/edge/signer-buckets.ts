/**
 * Token buckets of the per-signer limits (docs/venue.md §13), in milli-tokens (integers): a bucket
 * refills `rate` tokens a second up to `burst`; a request of cost `c` passes when the bucket holds
 * at least `c`, and takes them. A forced take (cancel-all's +1 per order cancelled) takes
 * whatever the balance, down to `floor` (0, or no floor where a tier allows negative balances).
 *
 * With REDIS_URL the buckets live in Redis (one Lua script per take, on Redis's clock), so every
 * instance draws from the same bucket; while the link is down they live in this instance's
 * memory, as the edge's other counters do (redis-counters.ts).
 */
import type { RedisLink, Script } from '../store/redis.js';

export interface Take {
  key: string;
  /** Tokens per second. */
  rate: number;
  burst: number;
  cost: number;
  /** Charge even when short (never below `floor`, tokens). */
  force: boolean;
  floor: number;
}

/** `tokens` after the take (milli-tokens), `at` the bucket's clock (Unix ms). */
export interface Taken { ok: boolean; milli: number; at: number }

export interface BucketStore {
  take(t: Take): Taken | Promise<Taken>;
}

const MAX_BUCKETS = 200_000;

export class MemoryBuckets implements BucketStore {
  private readonly buckets = new Map<string, { milli: number; at: number }>();
  constructor(private readonly now: () => number = Date.now) {}

  take(t: Take): Taken {
    const now = this.now();
    const b = this.buckets.get(t.key);
    const full = t.burst * 1000;
    let milli = b === undefined ? full : Math.min(full, b.milli + Math.max(0, now - b.at) * t.rate);
    const cost = t.cost * 1000;
    const ok = milli >= cost;
    if (ok || t.force) milli = Math.max(t.floor * 1000, milli - cost);
    if (b === undefined && this.buckets.size >= MAX_BUCKETS) this.buckets.clear(); // full buckets are the default anyway
    this.buckets.set(t.key, { milli, at: now });
    return { ok, milli, at: now };
  }
}

// KEYS[1] the bucket; ARGV: deadline (the link's), rate (milli-tokens per ms), burst, cost, force, floor (milli-tokens).
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local rate = tonumber(ARGV[2]); local full = tonumber(ARGV[3]); local cost = tonumber(ARGV[4])
local v = redis.call('HMGET', KEYS[1], 'm', 'at')
local milli = full
if v[1] then milli = math.min(full, tonumber(v[1]) + math.max(0, now - tonumber(v[2])) * rate) end
local ok = 0
if milli >= cost then ok = 1 end
if ok == 1 or ARGV[5] == '1' then milli = math.max(tonumber(ARGV[6]), milli - cost) end
redis.call('HSET', KEYS[1], 'm', milli, 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil((full - milli) / rate) + 1000)
return {ok, milli, now}
`;

export class RedisBuckets implements BucketStore {
  private readonly cmd: Script<number[]>;
  readonly fallback: MemoryBuckets;

  constructor(private readonly link: RedisLink, private readonly prefix: string, now: () => number = Date.now) {
    this.cmd = link.script(TAKE, { deadline: true });
    this.fallback = new MemoryBuckets(now);
  }

  take(t: Take): Taken | Promise<Taken> {
    if (!this.link.usable()) return this.fallback.take(t);
    const floor = Number.isFinite(t.floor) ? t.floor * 1000 : -1e15;
    return this.cmd([this.prefix + t.key], [t.rate, t.burst * 1000, t.cost * 1000, t.force ? 1 : 0, floor])
      .then((out) => ({ ok: Number(out[0]) === 1, milli: Number(out[1]), at: Number(out[2]) }), () => this.fallback.take(t));
  }
}
