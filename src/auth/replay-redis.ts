/**
 * Replay protection shared through Redis (REDIS_URL): instances using the same Redis and key
 * prefix refuse each other's replays. One round trip per write: a script that returns the first
 * use of a known key, or records it (`SET key <ms> PX <lifetime>`) and returns nil.
 *
 * Redis is reached through the process's one link (src/store/redis.ts), shared with the rate
 * limits: one connection and one circuit breaker, which logs each change once. Every claim is
 * also written to this instance's in-memory set (replay.ts), checked first: a replay on the same
 * instance is refused without Redis, and stays refused while Redis is away. While the breaker
 * is open (Redis down, erroring or silent) a claim is decided by the in-memory set at once,
 * without calling Redis; a claim whose command fails or times out (250 ms) is decided by it too
 * (never a hang, never a 500). Writes accepted meanwhile are not known to other instances.
 *
 * Late claims: unlike the rate-limit scripts this one has no deadline, on purpose. A claim that
 * timed out here and runs when a paused Redis resumes either finds the key (another instance
 * used the signature first; this instance has already answered, nothing changes) or records a
 * signature this instance did accept, so other instances refuse its replay from then on — what
 * a timely claim would have done. Its PX lifetime counts from when it runs, so the entry may
 * outlive its timestamp by the pause; by then the freshness check refuses that timestamp anyway.
 */
import type { RedisLink, Script } from '../store/redis.js';
import { MemoryReplaySet, replayedError, replayExpiryMs, replayKey, type ReplayGuard } from './replay.js';

// KEYS[1]: the signature; ARGV: first use (ms), lifetime (ms). Returns the first use, or nil if new.
const CLAIM_SCRIPT = `
local first = redis.call('GET', KEYS[1])
if first then return first end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return false
`;

export interface RedisReplayOptions {
  link: RedisLink;
  /** Key prefix, e.g. `sibyl:rl:replay:` (one per deployment). */
  prefix: string;
  max: number;
  windowS: number;
}

export class RedisReplayGuard implements ReplayGuard {
  readonly memory: MemoryReplaySet;
  private readonly link: RedisLink;
  private readonly claimCmd: Script<string | null>;

  constructor(private readonly opts: RedisReplayOptions) {
    this.link = opts.link;
    this.memory = new MemoryReplaySet(opts.max, opts.windowS);
    this.claimCmd = this.link.script(CLAIM_SCRIPT);
  }

  /** True while claims are decided by this instance's memory alone. */
  get usingFallback(): boolean {
    return !this.link.up;
  }

  claim(apiKey: string, signature: Buffer, ts: number, nowMs: number): void | Promise<void> {
    const key = replayKey(apiKey, signature);
    const expiresMs = replayExpiryMs(ts, this.opts.windowS);
    const first = this.memory.claimKey(key, expiresMs, nowMs);
    if (first !== undefined) throw replayedError(first);
    if (!this.link.usable()) return;
    return this.claimCmd([`${this.opts.prefix}${key}`], [nowMs, Math.max(1, expiresMs - nowMs)]).then((seen) => {
      if (seen !== null) throw replayedError(Number(seen));
    }, () => {}); // the link's breaker counted the failure; the in-memory set decided
  }

  /** Forgets the in-memory set; the link itself is closed once by src/server.ts. */
  async close(): Promise<void> {
    await this.memory.close();
  }
}
