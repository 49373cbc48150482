/**
 * Request hardening: security headers (and a working /docs page), CORS, per-route body limits,
 * the connection cap (immediate 503 + close) and slow-client timeouts on a real socket.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { backends } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';
import { edgeApp, type EdgeApp } from './support.js';

const backend = backends()[0]!;

describe('security headers and /docs', () => {
  let svc: TestService;
  before(async () => { svc = await startTestService(backend); });
  after(async () => { await svc?.dispose(); });

  it('JSON responses carry headers for an API', async () => {
    const res = await svc.app.inject({ url: '/time' });
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['referrer-policy'], 'no-referrer');
    assert.equal(res.headers['x-frame-options'], 'DENY');
    assert.match(String(res.headers['content-security-policy']), /default-src 'none'/);
    assert.equal(res.headers['x-powered-by'], undefined);
    const err = await svc.app.inject({ url: '/nope' }); // errors too
    assert.equal(err.headers['x-content-type-options'], 'nosniff');
  });

  it('input bounds on every route: NUL, non-finite and out-of-range numbers are a 400 in the family shape', async () => {
    for (const url of ['/events?slug=%00', '/tags?limit=1e309', '/tags?offset=-Infinity', '/tags?offset=18446744073709551616']) {
      const res = await svc.app.inject({ url });
      assert.equal(res.statusCode, 400, url);
      assert.equal(res.json().type, 'bad request', url);
    }
    const body = await svc.app.inject({ method: 'POST', url: '/heartbeats', headers: { 'content-type': 'application/json' }, payload: '{"a":"x\\u0000"}' });
    assert.equal(body.statusCode, 400);
    assert.deepEqual(Object.keys(body.json()), ['error']);
    const text = await svc.app.inject({ method: 'POST', url: '/heartbeats', headers: { 'content-type': 'application/json' }, payload: '{"a":"x\\\\u0000 \\\\\\u0000"}' });
    assert.equal(text.json().error, 'NUL characters are not accepted', 'an escaped backslash, then the NUL escape');
    const literal = await svc.app.inject({ method: 'POST', url: '/heartbeats', headers: { 'content-type': 'application/json' }, payload: '{"a":"x\\\\u0000 \\\\\\\\u0000"}' });
    assert.notEqual(literal.json().error, 'NUL characters are not accepted', 'the text \\u0000 is not NUL');
  });

  it('/docs still renders with its assets under its own CSP', async () => {
    const page = await svc.app.inject({ url: '/docs/' });
    const html = page.statusCode === 302 ? await svc.app.inject({ url: String(page.headers.location) }) : page;
    assert.equal(html.statusCode, 200);
    const csp = String(html.headers['content-security-policy']);
    assert.match(csp, /script-src 'self'/);
    assert.match(csp, /style-src 'self'/);
    assert.doesNotMatch(csp, /upgrade-insecure-requests/);
    const assets = [...html.body.matchAll(/(?:src|href)="\.?\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    assert.ok(assets.length >= 2, `assets found: ${assets.join(', ')}`);
    for (const a of assets) {
      const url = a.startsWith('/') ? a : `/docs/${a.replace(/^docs\//, '')}`;
      const res = await svc.app.inject({ url });
      assert.equal(res.statusCode, 200, url);
    }
    const init = await svc.app.inject({ url: '/docs/static/swagger-initializer.js' });
    assert.equal(init.statusCode, 200);
    const json = await svc.app.inject({ url: '/docs/json' });
    assert.equal(json.statusCode, 200);
  });
});

describe('CORS', () => {
  const apps: EdgeApp[] = [];
  after(async () => { for (const a of apps) await a.app.close(); });

  it('default: GET from any origin, nothing else', async () => {
    const a = await edgeApp({ SIBYL_RATE_LIMITS: 'off' });
    apps.push(a);
    const get = await a.app.inject({ url: '/book', headers: { origin: 'https://example.org' } });
    assert.equal(get.headers['access-control-allow-origin'], '*');
    assert.match(String(get.headers['access-control-expose-headers']), /ratelimit-remaining/);
    const pre = await a.app.inject({ method: 'OPTIONS', url: '/book', headers: { origin: 'https://example.org', 'access-control-request-method': 'GET' } });
    assert.equal(pre.statusCode, 204);
    assert.equal(pre.headers['access-control-allow-origin'], '*');
    assert.equal(pre.headers['access-control-allow-methods'], 'GET, HEAD');
    assert.equal(pre.headers['access-control-max-age'], '600');
    const prePost = await a.app.inject({ method: 'OPTIONS', url: '/order?x=1', headers: { origin: 'https://example.org', 'access-control-request-method': 'POST' } });
    assert.equal(prePost.statusCode, 404);
    assert.deepEqual(prePost.json(), { error: 'no route for OPTIONS /order' });
    assert.equal(prePost.headers['access-control-allow-origin'], undefined);
    assert.equal(prePost.headers['access-control-allow-methods'], undefined);
    const head = await a.app.inject({ method: 'HEAD', url: '/book', headers: { origin: 'https://example.org' } });
    assert.equal(head.headers['access-control-allow-origin'], '*');
    const post = await a.app.inject({ method: 'POST', url: '/order', headers: { origin: 'https://example.org' }, payload: {} });
    assert.equal(post.headers['access-control-allow-origin'], undefined);
  });

  it('configurable origins and methods; off', async () => {
    const a = await edgeApp({ SIBYL_RATE_LIMITS: 'off', SIBYL_CORS_ORIGINS: 'https://app.example.com', SIBYL_CORS_METHODS: 'GET,POST' });
    const b = await edgeApp({ SIBYL_RATE_LIMITS: 'off', SIBYL_CORS_ORIGINS: 'off' });
    apps.push(a, b);
    const ok = await a.app.inject({ method: 'POST', url: '/order', headers: { origin: 'https://app.example.com' }, payload: {} });
    assert.equal(ok.headers['access-control-allow-origin'], 'https://app.example.com');
    assert.match(String(ok.headers.vary), /Origin/); // the answer depends on the origin: caches must know
    // A method outside the list gets no CORS headers, on a route (PUT) or on no route (DELETE: 404).
    const put = await a.app.inject({ method: 'PUT', url: '/admin/thing', headers: { origin: 'https://app.example.com' }, payload: {} });
    assert.equal(put.headers['access-control-allow-origin'], undefined);
    const del = await a.app.inject({ method: 'DELETE', url: '/order', headers: { origin: 'https://app.example.com' }, payload: {} });
    assert.equal(del.statusCode, 404);
    assert.deepEqual(del.json(), { error: 'no route for DELETE /order' });
    assert.equal(del.headers['access-control-allow-origin'], undefined);
    const missing = await a.app.inject({ url: '/nowhere', headers: { origin: 'https://app.example.com' } });
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.headers['access-control-allow-origin'], 'https://app.example.com');
    const other = await a.app.inject({ url: '/book', headers: { origin: 'https://evil.example' } });
    assert.equal(other.headers['access-control-allow-origin'], undefined);
    const off = await b.app.inject({ url: '/book', headers: { origin: 'https://example.org' } });
    assert.equal(off.headers['access-control-allow-origin'], undefined);
    await assert.rejects(edgeApp({ SIBYL_CORS_ORIGINS: 'example.com' }), /SIBYL_CORS_ORIGINS/);
  });
});

describe('body limits per route', () => {
  it('small by default, large for batch and operator routes', async () => {
    const a = await edgeApp({ SIBYL_RATE_LIMITS: 'off', SIBYL_BODY_LIMIT_SMALL: '1024', SIBYL_BODY_LIMIT: '65536' });
    try {
      const body = JSON.stringify({ pad: 'x'.repeat(4000) });
      const post = (url: string, method: 'POST' | 'PUT' = 'POST') => a.app.inject({ method, url, payload: body, headers: { 'content-type': 'application/json' } });
      const single = await post('/order');
      assert.equal(single.statusCode, 413);
      assert.deepEqual(single.json(), { error: 'request body is too large', code: 'payload_too_large' });
      assert.equal((await post('/books')).statusCode, 200);
      assert.equal((await post('/prices')).statusCode, 200);
      assert.equal((await post('/admin/thing', 'PUT')).statusCode, 200);
      const huge = await a.app.inject({ method: 'POST', url: '/books', payload: JSON.stringify({ pad: 'x'.repeat(70_000) }), headers: { 'content-type': 'application/json' } });
      assert.equal(huge.statusCode, 413);
    } finally {
      await a.app.close();
    }
  });
});

async function listen(env: Record<string, string>): Promise<{ svc: TestService; port: number }> {
  const svc = await startTestService(backend, { SIBYL_RATE_LIMITS: 'off', ...env });
  await svc.app.listen({ host: '127.0.0.1', port: 0 });
  return { svc, port: (svc.app.server.address() as { port: number }).port };
}

function open(port: number): Promise<Socket> {
  return new Promise((ok, fail) => { const s = connect(port, '127.0.0.1', () => ok(s)); s.on('error', fail); });
}

/** Everything the server sends until it closes the socket (or `waitMs` passes). */
function readUntilClose(s: Socket, waitMs: number): Promise<{ data: string; closed: boolean; ms: number }> {
  const start = Date.now();
  return new Promise((ok) => {
    let data = '';
    const t = setTimeout(() => ok({ data, closed: false, ms: Date.now() - start }), waitMs);
    s.on('data', (d) => { data += d.toString(); });
    s.on('close', () => { clearTimeout(t); ok({ data, closed: true, ms: Date.now() - start }); });
    s.on('error', () => {});
  });
}

describe('connections', () => {
  it('over SIBYL_MAX_CONNECTIONS: an immediate 503 with Retry-After, then close', async () => {
    const { svc, port } = await listen({ SIBYL_MAX_CONNECTIONS: '2' });
    const held: Socket[] = [];
    try {
      held.push(await open(port), await open(port));
      await new Promise((r) => setTimeout(r, 50));
      const third = await open(port);
      third.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
      const got = await readUntilClose(third, 3000);
      assert.equal(got.closed, true);
      assert.match(got.data, /^HTTP\/1\.1 503 /);
      assert.match(got.data, /retry-after: 1/i);
      assert.match(got.data, /\{"error":"server busy/);
      held.pop()!.destroy();
      await new Promise((r) => setTimeout(r, 100));
      const res = await fetch(`http://127.0.0.1:${port}/`);
      assert.equal(res.status, 200);
    } finally {
      for (const s of held) s.destroy();
      await svc.dispose();
    }
  });

  it('slow clients are cut: headers and body timeouts', async () => {
    const { svc, port } = await listen({ SIBYL_HEADERS_TIMEOUT_MS: '300', SIBYL_REQUEST_TIMEOUT_MS: '600' });
    try {
      const slowHeaders = await open(port);
      slowHeaders.write('GET / HTTP/1.1\r\nHost: x\r\n'); // never finishes its headers
      const a = await readUntilClose(slowHeaders, 4000);
      assert.equal(a.closed, true, 'headers timeout closes the connection');
      assert.ok(a.ms < 3000, `closed after ${a.ms} ms`);
      const slowBody = await open(port);
      slowBody.write('PUT /admin/exchange/mode HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"mo');
      const b = await readUntilClose(slowBody, 4000);
      assert.equal(b.closed, true, 'request timeout closes the connection');
      assert.ok(b.ms < 3000, `closed after ${b.ms} ms`);
      assert.equal((await fetch(`http://127.0.0.1:${port}/`)).status, 200);
    } finally {
      await svc.dispose();
    }
  });
});
