/**
 * The circuit breaker of the process's Redis link (redis.ts), shared by everything that uses
 * it (rate-limit counters, the replay check). A paused or hung Redis keeps its connection up
 * and answers nothing: without a breaker every request that calls Redis waited for the command
 * timeout (a drill: ~166 → ~11 req/s for rate limits, ~15 req/s for signed writes). So after
 * `threshold` consecutive failures or timeouts — or at once when the connection is down — the
 * breaker opens: callers decide from their in-memory fallbacks without calling Redis, and a
 * probe asks Redis every `probeEveryMs` (bounded by the command timeout); the first answer
 * closes it again (a 'ready' event alone is no proof: a paused server that was connected never
 * emits one, and a reconnect is probed before it counts).
 *
 * `onChange` hears every change (metrics); the log gets one `warn` when it opens and one `info`
 * when Redis answers again — never a line per failed request.
 */

/** The two log calls the breaker makes (a fastify/pino logger fits). */
export interface LinkLog {
  warn(obj: { err: string }, msg: string): void;
  info(msg: string): void;
}

export interface BreakerOptions {
  log: LinkLog;
  /** Consecutive failed commands that open the breaker. */
  threshold: number;
  /** How often an open breaker asks Redis (ms). */
  probeEveryMs: number;
  /** Asks Redis once; resolves if it answered in time, rejects otherwise. */
  probe: () => Promise<void>;
  /** Every change: true when Redis is used again, false when it is not. */
  onChange: (up: boolean) => void;
}

export class RedisBreaker {
  /** Closed breaker: Redis is used. */
  private shared = false;
  private failures = 0;
  /** The last line logged was the warning (the next change logs `info`). */
  private warned = false;
  private timer: NodeJS.Timeout | undefined;
  private probing: Promise<boolean> | undefined;
  private stopped = false;

  constructor(private readonly opts: BreakerOptions) {}

  /** True while callers must not call Redis. */
  get open(): boolean {
    return !this.shared;
  }

  /** A command answered in time. */
  success(): void {
    this.failures = 0;
  }

  /** A command failed or timed out. */
  failure(err: Error): void {
    if (++this.failures >= this.opts.threshold) this.trip(err);
  }

  /** Stops calling Redis now and probes it until it answers. */
  trip(err: Error): void {
    if (this.stopped) return;
    const was = this.shared;
    this.shared = false;
    this.keepProbing();
    if (was) this.opts.onChange(false);
    if (this.warned) return;
    this.warned = true;
    this.opts.log.warn({ err: err.message },
      'Redis unavailable: rate limits and replay checks use this instance\'s memory until it answers again');
  }

  /** Asks Redis now (one probe at a time); on an answer the breaker closes. */
  probeNow(): Promise<boolean> {
    if (this.stopped) return Promise.resolve(false);
    this.probing ??= this.opts.probe().then(() => { this.recover(); return true; }, () => {
      if (!this.shared) this.keepProbing();
      return false;
    }).finally(() => { this.probing = undefined; });
    return this.probing;
  }

  private keepProbing(): void {
    if (this.timer !== undefined || this.stopped) return;
    this.timer = setInterval(() => { if (this.probing === undefined) void this.probeNow(); }, this.opts.probeEveryMs);
    this.timer.unref();
  }

  private recover(): void {
    if (this.stopped) return;
    if (this.timer !== undefined) { clearInterval(this.timer); this.timer = undefined; }
    this.failures = 0;
    const was = this.shared;
    this.shared = true;
    if (!was) this.opts.onChange(true);
    if (!this.warned) return;
    this.warned = false;
    this.opts.log.info('Redis is back: rate limits and replay checks are shared again');
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) clearInterval(this.timer);
  }
}
