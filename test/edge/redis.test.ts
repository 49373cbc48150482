/**
 * Rate-limit counters in Redis: two service instances behind one address enforce one limit
 * (atomically, also under concurrency), a refused request consumes nothing in Redis, and when
 * Redis is unreachable — at start or mid-run — the limits keep holding from local memory, with
 * a log line, and return to Redis when it is back. Needs REDIS_URL (skipped with a notice
 * otherwise, except the unreachable-at-start case, which needs no Redis).
 */
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { backends } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';
import { RedisCounters } from '../../src/edge/redis-counters.js';
import { RedisLink } from '../../src/store/redis.js';
import { limitsFile, redisSkip, uniquePrefix } from './support.js';

const skip = redisSkip();
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function fakeLog() {
  const lines: { level: string; msg: string }[] = [];
  const log = {
    warn: (_o: unknown, msg: string) => lines.push({ level: 'warn', msg }),
    info: (msg: string) => lines.push({ level: 'info', msg }),
  };
  return { lines, log: log as never };
}

/** A TCP proxy to Redis that the test can cut and restore. */
async function cuttableProxy(target: URL): Promise<{ url: string; cut(): Promise<void>; restore(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let server: Server;
  let port = 0;
  const start = () => new Promise<void>((ok) => {
    server = createServer((client) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      for (const s of [client, upstream]) { sockets.add(s); s.on('error', () => {}); s.on('close', () => sockets.delete(s)); }
      client.pipe(upstream).pipe(client);
    });
    server.listen(port, '127.0.0.1', () => { port = (server.address() as { port: number }).port; ok(); });
  });
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: () => new Promise((ok) => { for (const s of sockets) s.destroy(); server.close(() => ok()); }),
    restore: start,
  };
}

describe('rate limits in Redis', { skip }, () => {
  const services: TestService[] = [];
  after(async () => { for (const s of services) await s.dispose(); });

  it('two instances sharing one Redis enforce one limit', async () => {
    const env = { REDIS_URL, SIBYL_RATE_LIMIT_PREFIX: uniquePrefix(), SIBYL_RATE_LIMITS: limitsFile({ rules: [{ id: 'health', limit: 5 }] }) };
    const backend = backends()[0]!;
    const [a, b] = [await startTestService(backend, env), await startTestService(backend, env)];
    services.push(a!, b!);
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await (i % 2 ? b! : a!).app.inject({ url: '/' })).statusCode);
    assert.deepEqual(codes, [200, 200, 200, 200, 200, 429, 429, 429]);
    // concurrently, on a fresh counter: exactly the limit passes
    const env2 = { ...env, SIBYL_RATE_LIMIT_PREFIX: uniquePrefix(), SIBYL_RATE_LIMITS: limitsFile({ rules: [{ id: 'health', limit: 17 }] }) };
    const [c, d] = [await startTestService(backend, env2), await startTestService(backend, env2)];
    services.push(c!, d!);
    const all = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? c! : d!).app.inject({ url: '/' })));
    assert.equal(all.filter((r) => r.statusCode === 200).length, 17);
    assert.equal(all.filter((r) => r.statusCode === 429).length, 43);
  });

  it('a refused request consumes no other window (Lua all-or-nothing)', async () => {
    const { log } = fakeLog();
    const link = new RedisLink({ url: REDIS_URL, log });
    const store = new RedisCounters(link);
    await link.ready();
    const p = uniquePrefix();
    const keys = [`${p}tight`, `${p}wide`];
    assert.equal((await store.hit(keys, [1, 5], [10_000, 10_000])).ok, true);
    for (let i = 0; i < 3; i++) assert.equal((await store.hit(keys, [1, 5], [10_000, 10_000])).ok, false);
    const redis = new Redis(REDIS_URL);
    try {
      assert.equal(await redis.get(`${p}wide`), '1');
      const ttl = await redis.pttl(`${p}wide`);
      assert.ok(ttl > 0 && ttl <= 10_000);
    } finally {
      redis.disconnect();
      await store.close();
      await link.close();
    }
  });

  it('falls back to local counters while Redis is cut, logs it, and returns to Redis', async () => {
    const proxy = await cuttableProxy(new URL(REDIS_URL));
    const { lines, log } = fakeLog();
    const link = new RedisLink({ url: proxy.url, log, commandTimeoutMs: 200 });
    const store = new RedisCounters(link);
    await link.ready();
    const key = [`${uniquePrefix()}k`];
    assert.equal((await store.hit(key, [3], [60_000])).counts[0], 1);
    assert.equal(store.usingFallback, false);
    await proxy.cut();
    const during: boolean[] = [];
    for (let i = 0; i < 5; i++) during.push((await store.hit(key, [3], [60_000])).ok);
    assert.deepEqual(during, [true, true, true, false, false]); // limits still hold (in memory), never fail open
    assert.equal(store.usingFallback, true);
    assert.equal(lines.filter((l) => l.level === 'warn').length, 1);
    await proxy.restore();
    for (let i = 0; i < 50 && store.usingFallback; i++) await new Promise((r) => setTimeout(r, 100));
    assert.equal(store.usingFallback, false);
    assert.ok(lines.some((l) => l.level === 'info' && /back/.test(l.msg)));
    assert.equal((await store.hit(key, [3], [60_000])).counts[0], 2); // the shared count again
    await store.close();
    await link.close();
    await proxy.cut();
  });
});

describe('rate limits with Redis unreachable at start', () => {
  it('serves and limits from memory instead of failing open or closed', async () => {
    const svc = await startTestService(backends()[0]!, {
      REDIS_URL: 'redis://127.0.0.1:1', SIBYL_RATE_LIMITS: limitsFile({ rules: [{ id: 'health', limit: 2 }] }),
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) codes.push((await svc.app.inject({ url: '/' })).statusCode);
      assert.deepEqual(codes, [200, 200, 429]);
      const metrics = (await svc.app.inject({ url: '/metrics' })).body;
      assert.match(metrics, /sibyl_rate_limit_redis_up 0/);
      assert.match(metrics, /sibyl_rate_limit_fallback_requests_total [1-9]/);
    } finally {
      await svc.dispose();
    }
  });
});
