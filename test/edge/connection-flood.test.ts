/**
 * One client must not be able to take every connection (issue #33, item 4). The real service
 * listens on 127.0.0.1 with a small global cap (200) and per-address cap (20); a flood comes
 * from 127.0.0.2 in a child process (flood.ts: idle sockets, keep-alive sockets, a reconnecting
 * flood) while other clients at 127.0.0.1 make requests on fresh connections: ≥ 99 % of theirs
 * must succeed. Without the per-address cap (0), closing the flooder's idle sockets at and near
 * the global cap must do the same. A trusted proxy's address is exempt from the per-address cap.
 * Loopback only; each flood is a few hundred sockets for ~1.5 s.
 * @runs-alone (scripts/run-tests.mjs): floods the server with sockets and times the other clients' answers.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { backends } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';
import { trustedPeer } from '../../src/edge/trusted-proxy.js';
import { measureOthers, startFlood } from './flood.js';
import type { FloodSpec } from './flooder.js';

const backend = backends()[0]!;
const MEASURE_MS = 1500;

async function listen(env: Record<string, string>): Promise<{ svc: TestService; port: number }> {
  const svc = await startTestService(backend, { SIBYL_MAX_CONNECTIONS: '200', SIBYL_MAX_CONNECTIONS_PER_IP: '20', ...env });
  await svc.app.listen({ host: '127.0.0.1', port: 0 });
  return { svc, port: (svc.app.server.address() as { port: number }).port };
}

/** Floods `port` from 127.0.0.2 and measures the others meanwhile. */
async function drill(port: number, kind: FloodSpec['kind'], n: number) {
  const flood = await startFlood({ kind, port, n, from: '127.0.0.2' });
  try {
    const others = await measureOthers(port, MEASURE_MS);
    return { others, flooder: await flood.stats() };
  } finally {
    await flood.stop();
    await new Promise((r) => setTimeout(r, 100)); // the server sees the flood's sockets close
  }
}

function assertServed(r: Awaited<ReturnType<typeof drill>>, what: string): void {
  const { others } = r;
  assert.ok(others.total >= 20, `${what}: only ${others.total} requests were made`);
  assert.ok(others.rate >= 0.99, `${what}: others' success ${(others.rate * 100).toFixed(1)} % ${JSON.stringify(others.codes)}; flooder ${JSON.stringify(r.flooder)}`);
}

function open(port: number, from: string): Promise<Socket> {
  return new Promise((ok, fail) => { const s = connect({ port, host: '127.0.0.1', localAddress: from }, () => ok(s)); s.on('error', fail); });
}

function answer(s: Socket): Promise<string> {
  return new Promise((ok) => {
    let data = '';
    s.on('data', (d) => { data += d.toString(); });
    s.on('close', () => ok(data));
    setTimeout(() => ok(data), 3000).unref();
  });
}

describe('per-address connection cap', () => {
  let svc: TestService;
  let port: number;
  before(async () => { ({ svc, port } = await listen({})); });
  after(async () => { await svc?.dispose(); });

  it('an address over SIBYL_MAX_CONNECTIONS_PER_IP gets an immediate 429 and close; others still connect', async () => {
    const held: Socket[] = [];
    try {
      for (let i = 0; i < 20; i++) held.push(await open(port, '127.0.0.2'));
      const over = await open(port, '127.0.0.2');
      over.write('GET /time HTTP/1.1\r\nHost: x\r\n\r\n');
      const got = await answer(over);
      assert.match(got, /^HTTP\/1\.1 429 /);
      assert.match(got, /retry-after: 1/i);
      assert.match(got, /\{"error":"too many open connections from this address/);
      assert.equal((await fetch(`http://127.0.0.1:${port}/time`)).status, 200); // another address is not affected
      held.pop()!.destroy();
      await new Promise((r) => setTimeout(r, 100));
      const again = await open(port, '127.0.0.2');
      again.write('GET /time HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      assert.match(await answer(again), /^HTTP\/1\.1 200 /);
      const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      assert.match(metrics, /sibyl_http_connections_refused_total\{reason="per_ip"\} [1-9]/);
    } finally {
      for (const s of held) s.destroy();
    }
  });

  it('3/2 of the cap in idle sockets from one address: the others are served', async () => {
    const r = await drill(port, 'idle', 300);
    assertServed(r, 'idle flood');
    assert.equal(r.flooder.open, 20, 'the flooder holds its 20, the rest were answered 429 and closed');
  });

  it('the cap in keep-alive sockets from one address: the others are served', async () => {
    const r = await drill(port, 'keepalive', 200);
    assertServed(r, 'keep-alive flood');
    assert.equal(r.flooder.served, 20);
  });

  it('a reconnecting flood from one address: the others are served', async () => {
    assertServed(await drill(port, 'reconnect', 300), 'reconnecting flood');
  });
});

describe('near the global cap, idle sockets of the biggest holders are closed (per-address cap off)', () => {
  let svc: TestService;
  let port: number;
  before(async () => { ({ svc, port } = await listen({ SIBYL_MAX_CONNECTIONS_PER_IP: '0' })); });
  after(async () => { await svc?.dispose(); });

  it('the cap in keep-alive sockets from one address: the others are served', async () => {
    const r = await drill(port, 'keepalive', 200);
    assertServed(r, 'keep-alive flood');
    assert.ok(r.flooder.open <= 180, `the flooder still holds ${r.flooder.open} sockets: its idle ones were not closed`);
  });

  it('a reconnecting flood from one address: the others are served', async () => {
    assertServed(await drill(port, 'reconnect', 300), 'reconnecting flood');
  });
});

describe('behind a trusted proxy', () => {
  it('the proxy\'s own address is exempt from the per-address cap; another address is not', async () => {
    const { svc, port } = await listen({ SIBYL_TRUST_PROXY: '127.0.0.2' });
    const held: Socket[] = [];
    try {
      for (let i = 0; i < 30; i++) held.push(await open(port, '127.0.0.2'));
      const proxied = await open(port, '127.0.0.2');
      proxied.write('GET /time HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 203.0.113.9\r\nConnection: close\r\n\r\n');
      assert.match(await answer(proxied), /^HTTP\/1\.1 200 /, 'the 31st connection of the proxy is served');
      for (let i = 0; i < 20; i++) held.push(await open(port, '127.0.0.3'));
      const over = await open(port, '127.0.0.3');
      over.write('GET /time HTTP/1.1\r\nHost: x\r\n\r\n');
      assert.match(await answer(over), /^HTTP\/1\.1 429 /);
    } finally {
      for (const s of held) s.destroy();
      await svc.dispose();
    }
  });

  it('recognises SIBYL_TRUST_PROXY as fastify does', () => {
    const list = trustedPeer('10.0.0.0/255.0.0.0, loopback, 2001:db8::/32, 192.0.2.7');
    for (const a of ['10.1.2.3', '127.0.0.5', '::1', '::ffff:127.0.0.1', '2001:db8::1', '192.0.2.7']) assert.equal(list(a), true, a);
    for (const a of ['11.0.0.1', '192.0.2.8', '2001:db9::1', '', 'garbage']) assert.equal(list(a), false, a);
    assert.equal(trustedPeer(true)('198.51.100.1'), true);
    assert.equal(trustedPeer(false)('127.0.0.1'), false);
    assert.equal(trustedPeer(2)('127.0.0.1'), false, 'a hop count trusts no peer (fastify fails closed)');
    assert.throws(() => trustedPeer('10.0.0.0/40'), /invalid range/);
    assert.throws(() => trustedPeer('not-an-ip'), /invalid IP/);
  });
});
