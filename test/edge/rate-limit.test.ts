/**
 * Rate limits through the HTTP edge (in-memory counters): family caps, per-route caps, the
 * combined listing cap, both trading windows, headers, client identity, and that a refused
 * request has no effect. Stand-in routes play the routes others have not written yet.
 */
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { edgeApp, limitsFile, type EdgeApp } from './support.js';
import { RateLimiter } from '../../src/edge/limiter.js';
import { MemoryCounters } from '../../src/edge/counters.js';
import { DEFAULT_RULES, applyOverride } from '../../src/edge/limits-table.js';
import { backends } from '../support/backends.js';
import { startTestService } from '../support/service.js';

const apps: EdgeApp[] = [];
after(async () => { for (const a of apps) await a.app.close(); });
async function withLimits(rules: unknown[], env: Record<string, string> = {}): Promise<EdgeApp> {
  const a = await edgeApp({ SIBYL_RATE_LIMITS: limitsFile({ rules }), ...env });
  apps.push(a);
  return a;
}
const get = (a: EdgeApp, url: string, headers: Record<string, string> = {}) => a.app.inject({ url, headers });
async function statuses(a: EdgeApp, n: number, req: { method?: 'GET' | 'POST' | 'DELETE' | 'HEAD'; url: string; headers?: Record<string, string> }) {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await a.app.inject({ method: req.method ?? 'GET', url: req.url, headers: req.headers })).statusCode);
  return out;
}

describe('rate limits: families', () => {
  it('catalog-wide cap covers every catalog route, typed 429 shape; GET /markets is CLOB traffic', async () => {
    const a = await withLimits([{ id: 'catalog', limit: 4 }]);
    for (const url of ['/events/slug/a', '/markets/slug/b', '/tags', '/events']) assert.equal((await get(a, url)).statusCode, 200, url);
    const res = await get(a, '/markets/slug/c');
    assert.equal(res.statusCode, 429);
    assert.deepEqual(res.json(), { type: 'too many requests', error: 'Too Many Requests' });
    const unmatched = await get(a, '/events/no/such/route'); // a 404 scan counts too
    assert.equal(unmatched.statusCode, 429);
    assert.equal(unmatched.json().type, 'too many requests');
    assert.equal((await get(a, '/markets')).statusCode, 200);
    assert.equal(a.runs.get('GET /markets/slug/:slug'), 1);
  });

  it('CLOB-wide cap covers CLOB routes and the health check, simple 429 shape', async () => {
    const a = await withLimits([{ id: 'clob', limit: 3 }]);
    assert.deepEqual(await statuses(a, 1, { url: '/book' }), [200]);
    assert.deepEqual(await statuses(a, 1, { method: 'POST', url: '/books' }), [200]);
    assert.deepEqual(await statuses(a, 1, { url: '/' }), [200]);
    const res = await get(a, '/markets');
    assert.equal(res.statusCode, 429);
    assert.deepEqual(res.json(), { error: 'Too Many Requests' });
    assert.equal((await get(a, '/no-such-clob-route')).statusCode, 429);
    assert.equal((await get(a, '/events')).statusCode, 200); // catalog is a different cap
    assert.equal((await get(a, '/time')).statusCode, 200); // basic routes have no family cap
  });

  it('data-API cap (extension) counts /positions; the operator API is not limited', async () => {
    const a = await withLimits([{ id: 'data', limit: 2 }, { id: 'clob', limit: 1 }]);
    assert.deepEqual(await statuses(a, 3, { url: '/positions' }), [200, 200, 429]);
    assert.deepEqual(await statuses(a, 5, { method: 'PUT' as 'POST', url: '/admin/thing' }), [200, 200, 200, 200, 200]);
  });
});

describe('rate limits: routes and windows', () => {
  it('per-route caps match the route pattern, not the raw URL', async () => {
    const a = await withLimits([{ id: 'book', limit: 2 }, { id: 'markets', limit: 1 }]);
    assert.deepEqual(await statuses(a, 3, { url: '/book?token_id=1' }), [200, 200, 429]);
    assert.deepEqual(await statuses(a, 1, { url: '/book/?token_id=2' }), [429]); // same route
    assert.deepEqual(await statuses(a, 1, { method: 'HEAD', url: '/book' }), [429]); // HEAD is the GET route
    assert.deepEqual(await statuses(a, 2, { url: '/markets' }), [200, 429]);
    assert.deepEqual(await statuses(a, 3, { url: '/markets/slug/x' }), [200, 200, 200]); // catalog route, not the listing
  });

  it('the combined GET /events + GET /markets cap', async () => {
    const a = await withLimits([{ id: 'events', limit: 4 }, { id: 'markets', limit: 4 }, { id: 'listing', limit: 5 }]);
    assert.deepEqual(await statuses(a, 3, { url: '/events' }), [200, 200, 200]);
    assert.deepEqual(await statuses(a, 3, { url: '/markets' }), [200, 200, 429]);
    assert.deepEqual(await statuses(a, 1, { url: '/events' }), [429]);
  });

  it('headers: RateLimit-* of the tightest window on every limited response, Retry-After on 429', async () => {
    const a = await withLimits([{ id: 'book', limit: 2 }, { id: 'clob', limit: 100, windowS: 60 }]);
    const first = await get(a, '/book');
    assert.equal(first.headers['ratelimit-limit'], '2');
    assert.equal(first.headers['ratelimit-remaining'], '1');
    assert.ok(Number(first.headers['ratelimit-reset']) >= 1 && Number(first.headers['ratelimit-reset']) <= 10);
    await get(a, '/book');
    const refused = await get(a, '/book');
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.headers['ratelimit-remaining'], '0');
    assert.ok(Number(refused.headers['retry-after']) >= 1 && Number(refused.headers['retry-after']) <= 10);
    const other = await get(a, '/markets'); // only the CLOB window applies
    assert.equal(other.headers['ratelimit-limit'], '100');
    assert.equal(other.headers['ratelimit-remaining'], String(100 - 3));
    assert.equal((await get(a, '/time')).headers['ratelimit-limit'], undefined); // not limited: no headers
  });

  it('a refused request has no effect: no handler runs, no other window is consumed', async () => {
    const a = await withLimits([{ id: 'events', limit: 1 }, { id: 'listing', limit: 3 }, { id: 'catalog', limit: 1000 }]);
    assert.deepEqual(await statuses(a, 6, { url: '/events' }), [200, 429, 429, 429, 429, 429]);
    assert.equal(a.runs.get('GET /events'), 1);
    // the 5 refused /events did not use the combined window: 2 more listings fit
    assert.deepEqual(await statuses(a, 3, { url: '/markets' }), [200, 200, 429]);
    const catalog = await get(a, '/events/slug/x');
    assert.equal(catalog.headers['ratelimit-remaining'], String(1000 - 2)); // 1 /events + this one
  });

  it('limits are per client address; X-Forwarded-For only counts behind a trusted proxy', async () => {
    const direct = await withLimits([{ id: 'book', limit: 1 }]);
    assert.deepEqual(await statuses(direct, 2, { url: '/book', headers: { 'x-forwarded-for': '203.0.113.1' } }), [200, 429]);
    assert.deepEqual(await statuses(direct, 1, { url: '/book', headers: { 'x-forwarded-for': '203.0.113.2' } }), [429]);
    const proxied = await withLimits([{ id: 'book', limit: 1 }], { SIBYL_TRUST_PROXY: '127.0.0.1' });
    assert.deepEqual(await statuses(proxied, 2, { url: '/book', headers: { 'x-forwarded-for': '203.0.113.1' } }), [200, 429]);
    assert.deepEqual(await statuses(proxied, 1, { url: '/book', headers: { 'x-forwarded-for': '203.0.113.2' } }), [200]);
  });

  it('SIBYL_RATE_LIMITS=off: no limits, no headers', async () => {
    const a = await edgeApp({ SIBYL_RATE_LIMITS: 'off' });
    apps.push(a);
    const res = await statuses(a, 60, { url: '/' });
    assert.ok(res.every((s) => s === 200));
    assert.equal((await get(a, '/')).headers['ratelimit-limit'], undefined);
  });
});

describe('rate limits: trading writes', () => {
  it('both windows at once (module API, moving clock)', async () => {
    let now = 1_000_000;
    const rules = applyOverride(DEFAULT_RULES, { rules: [{ id: 'post-order-burst', limit: 3 }, { id: 'post-order-sustained', limit: 5 }] });
    const limiter = new RateLimiter(rules, new MemoryCounters(() => now), 't:');
    const plan = limiter.planForRoute('POST', '/order', 'clob');
    assert.deepEqual(plan.keyWindows.map((w) => w.ruleId), ['post-order-burst', 'post-order-sustained']);
    assert.deepEqual(plan.windows.map((w) => w.ruleId), ['clob', 'post-order-burst', 'post-order-sustained']);
    const hit = async () => limiter.checkKey(plan, 'key-1');
    for (let i = 0; i < 3; i++) assert.equal((await hit()).allowed, true);
    const burst = await hit();
    assert.equal(burst.allowed, false);
    assert.equal(burst.ruleId, 'post-order-burst');
    assert.equal(burst.retryAfterMs, 10_000);
    now += 10_000; // burst window over; sustained still counts 3 of 5
    assert.equal((await hit()).allowed, true);
    assert.equal((await hit()).allowed, true);
    const sustained = await hit();
    assert.equal(sustained.allowed, false);
    assert.equal(sustained.ruleId, 'post-order-sustained');
    assert.equal(sustained.retryAfterMs, 590_000);
    assert.equal((await limiter.checkKey(plan, 'key-2')).allowed, true); // another account
    now += 590_000;
    assert.equal((await hit()).allowed, true);
    // the address windows work the same way (per IP, both at once)
    for (let i = 0; i < 3; i++) assert.equal((await limiter.check(plan, '10.0.0.1')).allowed, true);
    assert.equal((await limiter.check(plan, '10.0.0.1')).ruleId, 'post-order-burst');
    await limiter.store.close();
  });

  it('DELETE /order has its own two windows', () => {
    const limiter = new RateLimiter([...DEFAULT_RULES], new MemoryCounters(), 't:');
    const ids = limiter.planForRoute('DELETE', '/order', 'clob').windows.map((w) => w.ruleId);
    assert.ok(ids.includes('delete-order-burst') && ids.includes('delete-order-sustained') && ids.includes('clob'));
    assert.ok(!ids.includes('post-order-burst'));
    void limiter.store.close();
  });

  it('per authenticated key (checked after authentication) and per address', async () => {
    const a = await withLimits([{ id: 'post-order-burst', limit: 2, ipLimit: 4 }], { SIBYL_TRUST_PROXY: '127.0.0.1' });
    const post = (key: string, ip = '198.51.100.1') =>
      a.app.inject({ method: 'POST', url: '/order', headers: { svc_api_key: key, 'x-forwarded-for': ip }, payload: {} });
    // forged keys are refused by authentication and never touch the victim's key window
    for (let i = 0; i < 3; i++) assert.equal((await post('forged-victim', '198.51.100.9')).statusCode, 401);
    assert.equal((await post('good-victim')).statusCode, 200);
    assert.equal((await post('good-victim', '198.51.100.2')).statusCode, 200); // one account, two addresses
    const refused = await post('good-victim', '198.51.100.3');
    assert.equal(refused.statusCode, 429);
    assert.deepEqual(refused.json(), { error: 'Too Many Requests' });
    assert.equal(refused.headers['ratelimit-limit'], '2');
    assert.equal(a.runs.get('POST /order'), 2);
    // the refused request gave back its address window: 198.51.100.3 still has all 4
    for (let i = 0; i < 4; i++) assert.equal((await post(`good-other-${i}`, '198.51.100.3')).statusCode, 200);
    assert.equal((await post('good-other-9', '198.51.100.3')).statusCode, 429); // the address cap (ipLimit)
    // rotating forged keys from one address hits the address cap too
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await post(`forged-${i}`, '198.51.100.7')).statusCode);
    assert.deepEqual(codes, [401, 401, 401, 401, 429]);
  });

  it('POST /order before the route exists: limited, 429 before the 404', async () => {
    const backend = backends()[0]!;
    const svc = await startTestService(backend, { SIBYL_RATE_LIMITS: limitsFile({ rules: [{ id: 'post-order-burst', limit: 2 }] }) });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) codes.push((await svc.app.inject({ method: 'POST', url: '/order', payload: {} })).statusCode);
      const expectMissing = codes[0] === 404; // once the order routes exist, a 400/401 instead
      assert.equal(codes[2], 429, `got ${codes.join(',')}${expectMissing ? ' (route not yet written)' : ''}`);
      const res = await svc.app.inject({ method: 'POST', url: '/order', payload: {} });
      assert.deepEqual(res.json(), { error: 'Too Many Requests' });
    } finally {
      await svc.dispose();
    }
  });
});
