/**
 * Replay protection for L2 writes. An L2 signature covers `timestamp + METHOD + path + body`, so
 * the same headers stay valid while the timestamp is fresh: a captured `POST /order` (or a client
 * retrying after a timeout) would act twice. Every verified non-GET/HEAD request claims its
 * signature here; a second claim while that timestamp can still be fresh is refused with 401.
 *
 * - Key: the API key and the decoded 32 signature bytes (so re-encoding the signature as hex,
 *   base64 or base64url does not make it new), stored flat as 64 base64 characters.
 * - Lifetime: until the timestamp leaves the window, `(ts + window + 1) s` plus a margin for
 *   clocks of instances that differ a little; never longer than 2 × window + 3 s.
 * - Bound: at most `max` live signatures; a new one beyond that is refused with 503 and
 *   Retry-After (refusing is safe, forgetting would let a replay through).
 * The shared (Redis) variant lives in replay-redis.ts and uses this set as its fallback.
 */
import { ApiError } from '../errors/catalogue.js';

/** Added to each entry's lifetime: instances' clocks may differ by this much without a gap. */
export const CLOCK_MARGIN_MS = 2_000;

export interface ReplayGuard {
  /**
   * Records the signature of a verified write. Throws (or rejects) 401 `replayed_request` when
   * it was already used, 503 when the bound is reached; returns (or resolves) otherwise.
   */
  claim(apiKey: string, signature: Buffer, ts: number, nowMs: number): void | Promise<void>;
  close(): Promise<void>;
}

/** The set key of a signature: 16 API-key bytes + 32 signature bytes, base64 (a flat string). */
export function replayKey(apiKey: string, signature: Buffer): string {
  return Buffer.concat([Buffer.from(apiKey.replace(/-/g, ''), 'hex'), signature]).toString('base64');
}

/** When an entry may be forgotten: its timestamp can no longer be fresh on any instance. */
export function replayExpiryMs(ts: number, windowS: number): number {
  return (ts + windowS + 1) * 1000 + CLOCK_MARGIN_MS;
}

/** The 401 of a replay; `firstMs` is when the signature was first used (NaN when unknown). */
export function replayedError(firstMs: number): ApiError {
  const when = Number.isFinite(firstMs) ? `at ${new Date(firstMs).toISOString()}` : 'before';
  return new ApiError('replayed_request', `Unauthorized: replayed request: this L2 signature was already used ${when}; sign each request anew`);
}

/** An in-memory set of recent signatures with exact expiry and a hard bound. */
export class MemoryReplaySet implements ReplayGuard {
  /** key → first use (ms). */
  private readonly seen = new Map<string, number>();
  /** expiry second → the keys that expire then (at most 2 × window + 4 buckets). */
  private readonly buckets = new Map<number, string[]>();
  private sweptS = -1;

  constructor(readonly max: number, private readonly windowS: number) {}

  /** Live entries (tests, metrics). */
  get size(): number {
    return this.seen.size;
  }

  claim(apiKey: string, signature: Buffer, ts: number, nowMs: number): void {
    const first = this.claimKey(replayKey(apiKey, signature), replayExpiryMs(ts, this.windowS), nowMs);
    if (first !== undefined) throw replayedError(first);
  }

  /** undefined when the key is new (now recorded), else its first use; 503 when full. */
  claimKey(key: string, expiresMs: number, nowMs: number): number | undefined {
    this.sweep(nowMs);
    const first = this.seen.get(key);
    if (first !== undefined) return first;
    if (this.seen.size >= this.max) {
      throw new ApiError('unavailable', 'Service unavailable: too many recent signed writes to check for replays; retry shortly', {
        headers: { 'retry-after': String(this.secondsUntilRoom(nowMs)) },
      });
    }
    this.seen.set(key, nowMs);
    const sec = Math.ceil(expiresMs / 1000);
    const bucket = this.buckets.get(sec);
    if (bucket === undefined) this.buckets.set(sec, [key]);
    else bucket.push(key);
    return undefined;
  }

  private sweep(nowMs: number): void {
    const s = Math.floor(nowMs / 1000);
    if (s === this.sweptS) return;
    this.sweptS = s;
    for (const [sec, keys] of this.buckets) {
      if (sec > s) continue;
      for (const k of keys) this.seen.delete(k);
      this.buckets.delete(sec);
    }
  }

  private secondsUntilRoom(nowMs: number): number {
    let soonest = Infinity;
    for (const sec of this.buckets.keys()) soonest = Math.min(soonest, sec);
    return Number.isFinite(soonest) ? Math.max(1, Math.ceil(soonest - nowMs / 1000)) : 1;
  }

  async close(): Promise<void> {
    this.seen.clear();
    this.buckets.clear();
  }
}
