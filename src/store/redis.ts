/**
 * The process's one link to Redis (REDIS_URL): one ioredis client and one circuit breaker
 * (redis-breaker.ts), created once by the composition root (src/server.ts) and given to every
 * user — the rate-limit counters (src/edge/redis-counters.ts) and the replay check
 * (src/auth/replay-redis.ts). One connection, one health state, one log line per change: when
 * Redis hangs, both stop calling it together and decide from their in-memory fallbacks.
 *
 * Users call `usable()` before a command (false while the breaker is open, or at once when the
 * connection is down) and run Lua scripts made by `script()`, whose answers and failures the
 * breaker counts. A script made with `{ deadline: true }` gets ARGV[1] = a deadline on Redis's
 * clock (sent + command timeout; the clock offset is measured by every probe with TIME) and
 * answers an error, changing nothing, when it runs after it — a command that timed out here and
 * runs when a paused Redis resumes is then a no-op.
 */
import { Redis } from 'ioredis';
import { RedisBreaker, type LinkLog } from './redis-breaker.js';

export type { LinkLog };

// Redis < 5 needs replicate_commands to write after TIME; later versions replicate effects anyway.
const DEADLINE = `
if redis.replicate_commands then redis.replicate_commands() end
local t = redis.call('TIME')
if tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) > tonumber(ARGV[1]) then
  return redis.error_reply('LATE the command ran after its deadline')
end
`;

export interface RedisLinkOptions {
  url: string;
  log: LinkLog;
  /** A command slower than this counts as a failure (ms, 250). */
  commandTimeoutMs?: number;
  /** How long `ready()` waits for the first connection before users start from memory (ms, 1000). */
  connectWaitMs?: number;
  /** Consecutive failed commands after which Redis is not called until a probe answers (3). */
  failureThreshold?: number;
  /** How often Redis is probed while it is not used (ms, 1000). */
  probeEveryMs?: number;
}

/** A Lua script bound to the link: resolves with its answer, rejects on error, timeout or lateness. */
export type Script<R> = (keys: string[], args: (string | number)[]) => Promise<R>;

type RawCommand = (numKeys: number, ...keysAndArgs: (string | number)[]) => Promise<unknown>;

export class RedisLink {
  readonly timeoutMs: number;
  private readonly client: Redis;
  private readonly breaker: RedisBreaker;
  private readonly listeners = new Set<(up: boolean) => void>();
  /** Redis's clock minus ours (ms), measured by each probe. */
  private clockOffsetMs = 0;
  private scripts = 0;

  constructor(private readonly opts: RedisLinkOptions) {
    this.timeoutMs = opts.commandTimeoutMs ?? 250;
    this.client = new Redis(opts.url, {
      enableOfflineQueue: false, // a down connection fails at once: the fallbacks answer
      maxRetriesPerRequest: 0,
      commandTimeout: this.timeoutMs,
      connectTimeout: 2000,
      retryStrategy: (times) => Math.min(100 * times, 2000),
      enableAutoPipelining: true, // concurrent requests share one write/read to Redis
    });
    this.breaker = new RedisBreaker({
      log: opts.log, threshold: opts.failureThreshold ?? 3, probeEveryMs: opts.probeEveryMs ?? 1000,
      probe: () => this.probe(),
      onChange: (up) => { for (const fn of this.listeners) fn(up); },
    });
    this.client.on('error', (err: Error) => this.breaker.trip(err));
    this.client.on('ready', () => { void this.breaker.probeNow(); }); // connected is not yet answering
  }

  /** Waits (bounded) for the first connection and answer, so that a healthy start begins shared. */
  async ready(): Promise<void> {
    const waitMs = this.opts.connectWaitMs ?? 1000;
    if (this.client.status !== 'ready') {
      const client = this.client;
      await new Promise<void>((resolve) => {
        const t = setTimeout(done, waitMs);
        function done() {
          clearTimeout(t);
          client.off('ready', done);
          client.off('error', done);
          resolve();
        }
        client.once('ready', done);
        client.once('error', done);
      });
    }
    if (this.breaker.open && !(await this.breaker.probeNow())) {
      this.breaker.trip(new Error(`no answer within ${waitMs} ms (connection ${this.client.status})`));
    }
  }

  /** True while Redis is used (the breaker is closed). */
  get up(): boolean {
    return !this.breaker.open;
  }

  /** False when Redis must not be called now: the breaker is open, or the connection is down (which opens it). */
  usable(): boolean {
    if (this.breaker.open) return false;
    if (this.client.status === 'ready') return true;
    this.breaker.trip(new Error(`connection ${this.client.status}`));
    return false;
  }

  /** Calls `fn(up)` on every change of `up`; returns the unsubscribe. */
  onChange(fn: (up: boolean) => void): () => void {
    this.listeners.add(fn);
    return () => { this.listeners.delete(fn); };
  }

  /** Defines a Lua script on the link's client; see the file comment for `deadline`. */
  script<R>(lua: string, opts: { deadline?: boolean } = {}): Script<R> {
    const name = `sibylScript${++this.scripts}`;
    this.client.defineCommand(name, { lua: opts.deadline ? DEADLINE + lua : lua });
    const cmd = (this.client as unknown as Record<string, RawCommand>)[name]!.bind(this.client);
    const run = opts.deadline
      ? (keys: string[], args: (string | number)[]) => cmd(keys.length, ...keys, this.deadline(), ...args)
      : (keys: string[], args: (string | number)[]) => cmd(keys.length, ...keys, ...args);
    return (keys, args) => run(keys, args).then((out) => {
      this.breaker.success();
      return out as R;
    }, (err: Error) => {
      this.breaker.failure(err);
      throw err;
    });
  }

  /** One TIME: proves Redis answers and measures its clock against ours. */
  private async probe(): Promise<void> {
    if (this.client.status !== 'ready') throw new Error(`connection ${this.client.status}`);
    const sent = Date.now();
    const [s, us] = await this.client.time();
    const got = Date.now();
    this.clockOffsetMs = Number(s) * 1000 + Math.floor(Number(us) / 1000) - (sent + got) / 2;
  }

  /** After this instant on Redis's clock, a command has timed out here: it must not apply. */
  private deadline(): number {
    return Math.ceil(Date.now() + this.clockOffsetMs + this.timeoutMs);
  }

  /** Once, at shutdown (src/server.ts), after its users have stopped. */
  async close(): Promise<void> {
    this.breaker.stop();
    this.listeners.clear();
    this.client.disconnect();
  }
}
