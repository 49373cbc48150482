/**
 * Counter stores for the rate limiter: fixed windows, all-or-nothing. `hit` looks at every
 * window of a request first and increments them only if all have room, so a rejected request
 * consumes nothing. The in-memory store is synchronous (no promise on the hot path); the Redis
 * store (redis-counters.ts) does the same in one Lua script and falls back to an in-memory store.
 */

export interface HitResult {
  ok: boolean;
  /** Per key: the count after this request when ok, the current count when rejected. */
  counts: number[];
  /** Per key: milliseconds until the window resets. */
  ttls: number[];
}

export interface CounterStore {
  readonly kind: 'memory' | 'redis';
  hit(keys: string[], limits: number[], windowsMs: number[]): HitResult | Promise<HitResult>;
  /** Takes one back from each live counter (a request refused after it was counted). */
  refund(keys: string[]): void | Promise<void>;
  close(): Promise<void>;
}

interface Entry { n: number; reset: number }

export class MemoryCounters implements CounterStore {
  readonly kind = 'memory' as const;
  private readonly map = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now, sweepMs = 10_000) {
    this.sweeper = setInterval(() => this.sweep(), sweepMs);
    this.sweeper.unref();
  }

  /** Number of live counters (for tests and metrics). */
  get size(): number {
    return this.map.size;
  }

  hit(keys: string[], limits: number[], windowsMs: number[]): HitResult {
    const now = this.now();
    const n = keys.length;
    const counts = new Array<number>(n);
    const ttls = new Array<number>(n);
    let ok = true;
    for (let i = 0; i < n; i++) {
      const e = this.map.get(keys[i]!);
      const live = e !== undefined && e.reset > now;
      counts[i] = live ? e.n : 0;
      ttls[i] = live ? e.reset - now : windowsMs[i]!;
      if (counts[i]! + 1 > limits[i]!) ok = false;
    }
    if (!ok) return { ok, counts, ttls };
    for (let i = 0; i < n; i++) {
      const key = keys[i]!;
      const e = this.map.get(key);
      if (e !== undefined && e.reset > now) {
        counts[i] = ++e.n;
      } else {
        this.map.set(key, { n: 1, reset: now + windowsMs[i]! });
        counts[i] = 1;
      }
    }
    return { ok, counts, ttls };
  }

  refund(keys: string[]): void {
    const now = this.now();
    for (const k of keys) {
      const e = this.map.get(k);
      if (e !== undefined && e.reset > now && e.n > 0) e.n--;
    }
  }

  sweep(): void {
    const now = this.now();
    for (const [k, e] of this.map) if (e.reset <= now) this.map.delete(k);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.map.clear();
  }
}
