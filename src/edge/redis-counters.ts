/**
 * Rate-limit counters in Redis, shared by every instance that uses the same REDIS_URL and key
 * prefix. One Lua script per request checks all of the request's windows and increments them
 * only if every one has room (atomic: instances never race past a cap).
 *
 * Redis is reached through the process's one link (src/store/redis.ts), shared with the replay
 * check. Failure behaviour: while the link's breaker is open (Redis unreachable, slow beyond
 * the command timeout or erroring — a few consecutive failures, or at once when the connection
 * is down) the counters live in an in-memory store in this instance without calling Redis (so
 * limits still hold per instance; the service neither fails open nor closed). A request whose
 * command fails is counted in memory too. `sibyl_rate_limit_redis_up` follows the link (1 while
 * counters are shared, 0 otherwise); the link logs each change once.
 *
 * Late commands: a script that timed out here may still run when a paused Redis resumes. Both
 * scripts are deadline-guarded by the link (ARGV[1], on Redis's clock) and change nothing after
 * it, so a late hit cannot count against a later window, nor a late refund take from one.
 */
import type { RedisLink, Script } from '../store/redis.js';
import { MemoryCounters, type CounterStore, type HitResult } from './counters.js';
import { edgeMetrics } from '../metrics/index.js';

// KEYS: the counters; ARGV: deadline (checked by the link's preamble), limit_1, window_ms_1, limit_2, ...
// Returns {ok, count_1, ttl_1, count_2, ttl_2, ...}.
const HIT_SCRIPT = `
local n = #KEYS
local out = {1}
for i = 1, n do
  local c = tonumber(redis.call('GET', KEYS[i]) or '0')
  local ttl = redis.call('PTTL', KEYS[i])
  if ttl < 0 then c = 0; ttl = tonumber(ARGV[2 * i + 1]) end
  if c + 1 > tonumber(ARGV[2 * i]) then out[1] = 0 end
  out[2 * i] = c
  out[2 * i + 1] = ttl
end
if out[1] == 1 then
  for i = 1, n do
    local c = redis.call('INCR', KEYS[i])
    if c == 1 or redis.call('PTTL', KEYS[i]) < 0 then
      redis.call('PEXPIRE', KEYS[i], ARGV[2 * i + 1])
      out[2 * i + 1] = tonumber(ARGV[2 * i + 1])
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

export class RedisCounters implements CounterStore {
  readonly kind = 'redis' as const;
  readonly fallback = new MemoryCounters();
  private readonly hitCmd: Script<number[]>;
  private readonly refundCmd: Script<unknown>;
  private readonly unsubscribe: () => void;

  constructor(private readonly link: RedisLink) {
    this.hitCmd = link.script(HIT_SCRIPT, { deadline: true });
    this.refundCmd = link.script(REFUND_SCRIPT, { deadline: true });
    edgeMetrics.rateLimitRedisUp.set(link.up ? 1 : 0);
    this.unsubscribe = link.onChange((up) => edgeMetrics.rateLimitRedisUp.set(up ? 1 : 0));
  }

  get usingFallback(): boolean {
    return !this.link.up;
  }

  private local(keys: string[], limits: number[], windowsMs: number[]): HitResult {
    edgeMetrics.rateLimitFallbacks.inc();
    return this.fallback.hit(keys, limits, windowsMs);
  }

  hit(keys: string[], limits: number[], windowsMs: number[]): HitResult | Promise<HitResult> {
    if (!this.link.usable()) return this.local(keys, limits, windowsMs);
    const args: number[] = [];
    for (let i = 0; i < keys.length; i++) args.push(limits[i]!, windowsMs[i]!);
    return this.hitCmd(keys, args).then((out) => {
      const counts = new Array<number>(keys.length);
      const ttls = new Array<number>(keys.length);
      for (let i = 0; i < keys.length; i++) {
        counts[i] = Number(out[2 * i + 1]);
        ttls[i] = Number(out[2 * i + 2]);
      }
      return { ok: Number(out[0]) === 1, counts, ttls };
    }, () => this.local(keys, limits, windowsMs));
  }

  refund(keys: string[]): void | Promise<void> {
    if (!this.link.usable()) return this.fallback.refund(keys);
    return this.refundCmd(keys, []).then(() => undefined, () => this.fallback.refund(keys));
  }

  /** Stops following the link; the link itself is closed once by src/server.ts. */
  async close(): Promise<void> {
    this.unsubscribe();
    await this.fallback.close();
  }
}
