/**
 * A hung Redis must not slow every request (issue #33, item 5). With the test's own Redis
 * paused (SIGSTOP: the connection stays up, nothing answers), after a few timeouts the rate
 * limiter counts in memory at once, `sibyl_rate_limit_redis_up` goes 0 and a warning is logged;
 * when Redis answers again (SIGCONT) both say so. A hit script that timed out while Redis was
 * paused and runs when it resumes must not count against a later window.
 * @runs-alone (scripts/run-tests.mjs): bounds the p99 of requests while Redis is lost.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import { backends } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';
import { RedisCounters } from '../../src/edge/redis-counters.js';
import { RedisLink } from '../../src/store/redis.js';
import { limitsFile, uniquePrefix } from './support.js';
import { ownRedisSkip, startOwnRedis, type OwnRedis } from './own-redis.js';

const skip = ownRedisSkip();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, cond: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) assert.fail(`not within ${ms} ms: ${what}`);
    await sleep(50);
  }
}

interface Sample { start: number; ms: number; status: number }

/** `concurrency` clients making GET / back to back for `ms`. */
async function load(svc: TestService, ms: number, concurrency = 4): Promise<Sample[]> {
  const end = Date.now() + ms;
  const samples: Sample[] = [];
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (Date.now() < end) {
      const start = Date.now();
      const t = performance.now();
      const res = await svc.app.inject({ url: '/' });
      samples.push({ start, ms: performance.now() - t, status: res.statusCode });
    }
  }));
  return samples;
}

const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)] ?? 0;
const redisUp = async (svc: TestService) => /^sibyl_rate_limit_redis_up (\d)$/m.exec((await svc.app.inject({ url: '/metrics' })).body)?.[1];

describe('rate limits with a hung Redis', { skip }, () => {
  let redis: OwnRedis;
  before(async () => { redis = await startOwnRedis(); });
  after(async () => { await redis?.stop(); });

  it('a hit that timed out while Redis was paused does not count against a later window when it resumes', async () => {
    const lines: { level: string; msg: string }[] = [];
    const log = { warn: (_o: unknown, msg: string) => lines.push({ level: 'warn', msg }), info: (msg: string) => lines.push({ level: 'info', msg }) };
    const link = new RedisLink({ url: redis.url, log: log as never, commandTimeoutMs: 100, probeEveryMs: 200 });
    const store = new RedisCounters(link);
    const direct = new Redis(redis.url);
    const key = [`${uniquePrefix()}k`];
    try {
      await link.ready();
      assert.equal((await store.hit(key, [10], [600])).counts[0], 1);
      const windowStart = Date.now();
      redis.pause();
      for (let i = 0; i < 3; i++) assert.equal((await store.hit(key, [10], [600])).ok, true); // each times out: memory answers
      assert.equal(store.usingFallback, true, 'the breaker is open after 3 timeouts');
      const t = performance.now();
      await store.hit(key, [10], [600]);
      assert.ok(performance.now() - t < 20, 'once open, Redis is not waited for');
      await sleep(Math.max(0, windowStart + 900 - Date.now())); // the Redis window has ended by now
      redis.resume();
      await until('the breaker closes after Redis answers a probe', () => !store.usingFallback);
      assert.equal(await direct.get(key[0]!), null, 'the late hits were not applied to a new window');
      assert.equal((await store.hit(key, [10], [600])).counts[0], 1);
      assert.deepEqual(lines.map((l) => l.level), ['warn', 'info']);
    } finally {
      await store.close();
      await link.close();
      direct.disconnect();
    }
  });

  it('the service answers fast while Redis is paused; redis_up and the log follow Redis both ways', async (t) => {
    const logs: { level: number; msg: string; time: number }[] = [];
    const svc = await startTestService(backends()[0]!, {
      REDIS_URL: redis.url, LOG_LEVEL: 'info',
      SIBYL_RATE_LIMITS: limitsFile({ rules: [{ id: 'health', limit: 1_000_000 }, { id: 'clob', limit: 1_000_000 }] }),
    }, { logger: true, logStream: { write: (line) => logs.push(JSON.parse(line)) } });
    const redisLogs = () => logs.filter((l) => /Redis/.test(l.msg));
    try {
      const healthy = await load(svc, 1000);
      assert.equal(await redisUp(svc), '1');
      redis.pause();
      const paused = await load(svc, 3000);
      assert.equal(await redisUp(svc), '0', 'redis_up goes 0 while Redis is paused');
      const down = redisLogs().find((l) => l.level === 40);
      assert.ok(down, 'a warning says Redis is unavailable');
      const afterOpen = paused.filter((s) => s.start > down.time);
      assert.ok(afterOpen.length > 50, `${afterOpen.length} requests after the breaker opened`);
      assert.ok(p99(afterOpen.map((s) => s.ms)) < 50, `p99 after the breaker opened: ${p99(afterOpen.map((s) => s.ms)).toFixed(1)} ms`);
      assert.ok(paused.every((s) => s.status === 200));
      t.diagnostic(`GET / at concurrency 4: Redis healthy ${healthy.length} req/s; paused ${(paused.length / 3).toFixed(0)} req/s over 3 s `
        + `(p99 after the breaker opened ${p99(afterOpen.map((s) => s.ms)).toFixed(1)} ms)`);
      redis.resume();
      await until('redis_up goes back to 1', async () => (await redisUp(svc)) === '1');
      assert.deepEqual(redisLogs().map((l) => l.level), [40, 30], 'one warning, then one info line when it is back');
      assert.match(redisLogs()[1]!.msg, /back/);
      assert.equal((await svc.app.inject({ url: '/' })).statusCode, 200);
    } finally {
      await svc.dispose();
    }
  });
});
