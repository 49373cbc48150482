/**
 * Signed writes with a hung Redis. Rate limits and the replay check share one Redis link per
 * process (src/store/redis.ts) and so one circuit breaker: with the test's own Redis paused
 * (SIGSTOP: connected, silent), once the breaker opens every signed write is decided by the
 * instance's in-memory replay set at once — no wait for the command timeout — and a replay on
 * the same instance is still refused. When Redis answers again, two instances sharing it refuse
 * each other's replays again. Each instance holds one connection to Redis.
 * @runs-alone (scripts/run-tests.mjs): bounds the p99 of writes while Redis is paused.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { backends } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';
import { limitsFile } from '../edge/support.js';
import { ownRedisSkip, startOwnRedis, type OwnRedis } from '../edge/own-redis.js';
import { l2Headers, newKey, wallet, type Creds } from './helpers.js';

const skip = ownRedisSkip();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)] ?? 0;

interface Line { level: number; msg: string; time: number }
type Send = (svc: TestService) => Promise<{ statusCode: number; body: string }>;
interface Sample { start: number; ms: number; status: number; send: Send }

let seq = 0;
/** One signed POST /heartbeats with a body of its own (a new signature); `send(svc)` sends exactly it. */
function write(creds: Creds, address: string): Send {
  const body = JSON.stringify({ n: ++seq, r: randomBytes(4).toString('hex') });
  const headers = { ...l2Headers(creds, address, 'POST', '/heartbeats', body), 'content-type': 'application/json' };
  return (svc) => svc.app.inject({ method: 'POST', url: '/heartbeats', headers, payload: body });
}

/** `concurrency` clients sending distinct signed writes back to back for `ms`. */
async function load(svc: TestService, creds: Creds, address: string, ms: number, concurrency = 4): Promise<Sample[]> {
  const end = Date.now() + ms;
  const samples: Sample[] = [];
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (Date.now() < end) {
      const send = write(creds, address);
      const start = Date.now();
      const t = performance.now();
      const res = await send(svc);
      samples.push({ start, ms: performance.now() - t, status: res.statusCode, send });
    }
  }));
  return samples;
}

async function until(what: string, cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) assert.fail(`not within ${ms} ms: ${what}`);
    await sleep(50);
  }
}

describe('signed writes with a hung Redis', { skip }, () => {
  let redis: OwnRedis;
  const services: TestService[] = [];
  before(async () => { redis = await startOwnRedis(); });
  after(async () => {
    for (const s of services) await s.dispose();
    await redis?.stop();
  });

  it('are answered from memory at once while Redis is paused, replays still refused; shared again when it is back', async (t) => {
    const env = {
      SIBYL_REFUSE_L2_REPLAYS: '1', REDIS_URL: redis.url, LOG_LEVEL: 'info',
      SIBYL_RATE_LIMIT_PREFIX: `test-replay-${randomBytes(4).toString('hex')}:`, SIBYL_MASTER_KEY: randomBytes(32).toString('hex'),
      SIBYL_RATE_LIMITS: limitsFile({ rules: [{ id: 'clob', limit: 1_000_000 }] }),
    };
    const logs: Line[] = [];
    const backend = backends()[0]!;
    const a = await startTestService(backend, env, { logger: true, logStream: { write: (line) => logs.push(JSON.parse(line)) } });
    services.push(a);
    const b = await startTestService(backend, env);
    services.push(b);
    const account = wallet();
    const { creds } = await newKey(a.app, account);
    assert.deepEqual((await newKey(b.app, account)).creds, creds, 'same master key: the same credentials on both');
    const redisLogs = () => logs.filter((l) => /Redis/.test(l.msg));

    const direct = new Redis(redis.url);
    try {
      const clients = String(await direct.client('LIST')).trim().split('\n').length - 1; // without `direct`
      assert.equal(clients, 2, 'one Redis connection per instance, shared by rate limits and the replay check');
    } finally {
      direct.disconnect();
    }

    const first = write(creds, account.address);
    assert.equal((await first(a)).statusCode, 200);
    assert.equal((await first(b)).statusCode, 401, 'healthy: b refuses a\'s replay');

    redis.pause();
    const paused = await load(a, creds, account.address, 3000);
    assert.ok(paused.every((s) => s.status === 200), `statuses: ${[...new Set(paused.map((s) => s.status))].join(', ')}`);
    const down = redisLogs().find((l) => l.level === 40);
    assert.ok(down, 'a warning says Redis is unavailable');
    const afterOpen = paused.filter((s) => s.start > down.time).map((s) => s.ms);
    t.diagnostic(`signed POST /heartbeats at concurrency 4, Redis paused: ${(paused.length / 3).toFixed(0)} req/s over 3 s `
      + `(${afterOpen.length} after the breaker opened, p99 ${p99(afterOpen).toFixed(1)} ms)`);
    assert.ok(afterOpen.length > 50, `${afterOpen.length} writes after the breaker opened`);
    assert.ok(p99(afterOpen) < 50, `p99 after the breaker opened: ${p99(afterOpen).toFixed(1)} ms`);
    for (const s of [paused[0]!, paused.at(-1)!]) {
      const again = await s.send(a);
      assert.equal(again.statusCode, 401, 'a replay on the same instance is still refused');
      assert.match(again.body, /replayed request/);
    }

    redis.resume();
    await until('a logs that Redis is back', () => redisLogs().some((l) => l.level === 30 && /back/.test(l.msg)));
    assert.deepEqual(redisLogs().map((l) => l.level), [40, 30], 'one warning, then one info line when it is back');
    const fromA = write(creds, account.address);
    assert.equal((await fromA(a)).statusCode, 200);
    assert.equal((await fromA(b)).statusCode, 401, 'b refuses a\'s replay again');
    const fromB = write(creds, account.address);
    assert.equal((await fromB(b)).statusCode, 200);
    assert.equal((await fromB(a)).statusCode, 401, 'a refuses b\'s replay again');
  });
});
