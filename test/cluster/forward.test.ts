/**
 * The follower's forwarding hook (src/cluster/forward.ts) on real sockets: writes go to the
 * writer unchanged; reads stay local — except while the follower repairs its state (a replayed
 * batch failed its digest), when reads go to the writer too, but its own status, metrics and
 * stream upgrades do not.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { forwardHook } from '../../src/cluster/forward.js';

describe('forwarding from a follower', () => {
  let writer: http.Server;
  let app: FastifyInstance;
  let base = '';
  const target = { forwarding: true, forwardingReads: false, writerUrl: null as string | null };

  before(async () => {
    writer = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => { body += c; });
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json', 'x-answered-by': 'writer' });
        res.end(JSON.stringify({ by: 'writer', method: req.method, url: req.url, body, forwarded: req.headers['x-sibyl-forwarded'] ?? null }));
      });
    });
    await new Promise<void>((r) => writer.listen(0, '127.0.0.1', () => r()));
    target.writerUrl = `http://127.0.0.1:${(writer.address() as AddressInfo).port}`;
    app = Fastify();
    app.addHook('onRequest', forwardHook(target) as never);
    for (const path of ['/book', '/admin/status', '/metrics']) app.get(path, async () => ({ by: 'follower' }));
    app.post('/order', async () => ({ by: 'follower' }));
    app.post('/books', async () => ({ by: 'follower' }));
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });

  after(async () => {
    await app?.close();
    writer?.close();
  });

  const get = async (path: string) => (await (await fetch(base + path)).json()) as { by: string; url?: string };
  const post = async (path: string, body: string) => (await (await fetch(base + path, { method: 'POST', body, headers: { 'content-type': 'application/json' } })).json()) as { by: string; body?: string; forwarded?: string };

  it('forwards writes unchanged and answers reads itself', async () => {
    target.forwardingReads = false;
    const w = await post('/order', '{"a":1}');
    assert.deepEqual([w.by, w.body, w.forwarded], ['writer', '{"a":1}', '1']);
    assert.equal((await post('/books', '[]')).by, 'follower', 'a market-data read sent as POST stays local');
    assert.equal((await get('/book?token_id=1')).by, 'follower');
  });

  it('while repairing, forwards reads too, but not its own status, metrics or streams', async () => {
    target.forwardingReads = true;
    const r = await get('/book?token_id=1');
    assert.deepEqual([r.by, r.url], ['writer', '/book?token_id=1']);
    assert.equal((await get('/admin/status')).by, 'follower');
    assert.equal((await get('/metrics')).by, 'follower');
    target.forwardingReads = false;
    assert.equal((await get('/book?token_id=1')).by, 'follower', 'once repaired, reads are local again');
  });

  it('forwards nothing on the writer', async () => {
    target.forwarding = false;
    assert.equal((await post('/order', '{}')).by, 'follower');
    target.forwarding = true;
  });
});
