/**
 * The replay sets themselves (src/auth/replay.ts, replay-redis.ts): the in-memory set forgets
 * exactly when a timestamp can no longer be fresh and refuses (503) rather than forgets when
 * full; the Redis set, on a Redis link (src/store/redis.ts) whose server connects but never
 * answers, decides from memory at once, logging the switch once; and it shares claims when Redis
 * answers (needs REDIS_URL for that part).
 * @runs-alone (scripts/run-tests.mjs): times the replay check against a bound.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server, type Socket } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { ApiError } from '../../src/errors/catalogue.js';
import { CLOCK_MARGIN_MS, MemoryReplaySet } from '../../src/auth/replay.js';
import { RedisReplayGuard } from '../../src/auth/replay-redis.js';
import { RedisLink } from '../../src/store/redis.js';
import { loadConfig } from '../../src/config/config.js';

const WINDOW_S = 30;
const sig = () => randomBytes(32);

function code(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (err) {
    assert.ok(err instanceof ApiError, String(err));
    return err.code;
  }
}

/** A TCP server that speaks just enough RESP to look ready (INFO), then never answers anything else. */
async function silentRedis(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((s) => {
    sockets.add(s);
    s.on('error', () => {});
    s.on('data', (d) => {
      if (/info/i.test(d.toString('latin1'))) {
        const info = 'redis_version:7.0.0\r\nloading:0\r\n';
        s.write(`$${info.length}\r\n${info}\r\n`);
      }
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    close: () => new Promise((ok) => { for (const s of sockets) s.destroy(); server.close(() => ok()); }),
  };
}

describe('in-memory replay set', () => {
  it('refuses a second claim until the timestamp has left the window, then forgets it', () => {
    const set = new MemoryReplaySet(10, WINDOW_S);
    const key = randomUUID();
    const s = sig();
    const t0 = 1_700_000_000_000;
    const ts = t0 / 1000 + 5; // signed 5 s ahead: fresh until ts + 30 s
    set.claim(key, s, ts, t0);
    assert.equal(code(() => set.claim(key, s, ts, t0 + 1)), 'replayed_request');
    assert.equal(code(() => set.claim(key, Buffer.from(s), ts, (ts + WINDOW_S) * 1000 + 999)), 'replayed_request', 'still fresh somewhere');
    assert.equal(code(() => set.claim(key, s, ts, (ts + WINDOW_S + 1) * 1000 + CLOCK_MARGIN_MS - 1)), 'replayed_request', 'margin for other clocks');
    assert.equal(code(() => set.claim(randomUUID(), s, ts, t0 + 2)), undefined, 'keyed together with the API key');
    assert.equal(set.size, 2);
    assert.equal(code(() => set.claim(key, s, ts, (ts + WINDOW_S + 1) * 1000 + CLOCK_MARGIN_MS)), undefined, 'forgotten, claimable again');
    assert.equal(set.size, 1, 'the other key expired at the same time');
  });

  it('holds at most max entries: a new claim beyond it is refused with 503 and Retry-After', () => {
    const set = new MemoryReplaySet(3, WINDOW_S);
    const t0 = 1_700_000_000_000;
    const ts = t0 / 1000;
    const claims = Array.from({ length: 3 }, () => [randomUUID(), sig()] as const);
    for (const [k, s] of claims) set.claim(k, s, ts, t0);
    let err: ApiError | undefined;
    try { set.claim(randomUUID(), sig(), ts, t0 + 10); } catch (e) { err = e as ApiError; }
    assert.equal(err?.status, 503);
    assert.equal(err?.headers?.['retry-after'], String(WINDOW_S + 1 + CLOCK_MARGIN_MS / 1000));
    assert.equal(set.size, 3, 'nothing forgotten, nothing added');
    assert.equal(code(() => set.claim(claims[0]![0], claims[0]![1], ts, t0 + 20)), 'replayed_request');
    const later = (ts + WINDOW_S + 1) * 1000 + CLOCK_MARGIN_MS;
    assert.equal(code(() => set.claim(randomUUID(), sig(), later / 1000, later)), undefined, 'room again once they expire');
    assert.equal(set.size, 1);
  });
});

describe('SIBYL_REFUSE_L2_REPLAYS', () => {
  it('is off by default (identical writes are served), on with 1, and stops the start naming the variable when bad', () => {
    assert.equal(loadConfig({}).refuseL2Replays, false);
    assert.equal(loadConfig({ SIBYL_REFUSE_L2_REPLAYS: '' }).refuseL2Replays, false);
    assert.equal(loadConfig({ SIBYL_REFUSE_L2_REPLAYS: '1' }).refuseL2Replays, true);
    assert.equal(loadConfig({ SIBYL_REFUSE_L2_REPLAYS: '0' }).refuseL2Replays, false);
    assert.throws(() => loadConfig({ SIBYL_REFUSE_L2_REPLAYS: 'yes' }), /invalid configuration: SIBYL_REFUSE_L2_REPLAYS=/);
  });
});

describe('SIBYL_REPLAY_MAX', () => {
  it('defaults to 500000 and stops the start naming the variable when bad', () => {
    assert.equal(loadConfig({}).replayMax, 500_000);
    assert.equal(loadConfig({ SIBYL_REPLAY_MAX: '3' }).replayMax, 3);
    for (const bad of ['0', '-1', 'lots', '1.5']) {
      assert.throws(() => loadConfig({ SIBYL_REPLAY_MAX: bad }), /invalid configuration: SIBYL_REPLAY_MAX=/, bad);
    }
  });
});

describe('Redis replay set', () => {
  const closers: Array<() => Promise<void>> = [];
  after(async () => { for (const c of closers) await c(); });

  it('answers from memory at once when Redis connects but is silent, and logs the switch once', async () => {
    const fake = await silentRedis();
    closers.push(fake.close);
    const lines: string[] = [];
    const log = { warn: (_o: unknown, m: string) => lines.push(m), info: (m: string) => lines.push(m) };
    const link = new RedisLink({ url: fake.url, log, commandTimeoutMs: 250 });
    const guard = new RedisReplayGuard({ link, prefix: 'test:', max: 100, windowS: WINDOW_S });
    closers.push(() => guard.close(), () => link.close());
    await link.ready(); // connected (the fake answered INFO), but the probe gets no answer
    assert.equal(guard.usingFallback, true);
    const now = Date.now();
    const ts = Math.floor(now / 1000);
    const key = randomUUID();
    const s = sig();
    const started = performance.now();
    await guard.claim(key, s, ts, now);
    await guard.claim(randomUUID(), sig(), ts, now);
    const took = performance.now() - started;
    assert.ok(took < 50, `took ${took} ms: Redis was not waited for`);
    assert.equal(guard.usingFallback, true);
    assert.equal(lines.length, 1, lines.join('\n'));
    assert.match(lines[0]!, /^Redis unavailable: .*replay checks use this instance's memory/);
    assert.throws(() => guard.claim(key, s, ts, now + 5), (e: ApiError) => e.code === 'replayed_request');
  });

  it('two guards on one Redis (same prefix) refuse each other\'s claims', { skip: process.env.REDIS_URL ? false : 'REDIS_URL is not set' }, async () => {
    const prefix = `test-replay-${randomBytes(4).toString('hex')}:`;
    const mk = () => {
      const link = new RedisLink({ url: process.env.REDIS_URL!, log: { warn: () => {}, info: () => {} } });
      closers.push(() => link.close());
      return { link, guard: new RedisReplayGuard({ link, prefix, max: 100, windowS: WINDOW_S }) };
    };
    const [x, y] = [mk(), mk()];
    const [a, b] = [x.guard, y.guard];
    closers.push(() => a.close(), () => b.close());
    await Promise.all([x.link.ready(), y.link.ready()]);
    const now = Date.now();
    const ts = Math.floor(now / 1000);
    const key = randomUUID();
    const s = sig();
    await a.claim(key, s, ts, now);
    await assert.rejects(async () => b.claim(key, s, ts, now + 1), (e: ApiError) => {
      assert.equal(e.code, 'replayed_request');
      assert.ok(e.message.includes(new Date(now).toISOString()), e.message);
      return true;
    });
    assert.equal(a.usingFallback || b.usingFallback, false);
  });
});
