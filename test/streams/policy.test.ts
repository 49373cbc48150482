/**
 * Socket policy over real sockets: keepalive answers, every rejection and close code, the asset
 * cap, idle close, dead-peer reaping, the slow-client close (others unaffected), heartbeats with
 * seq_by_asset, rate limits on connections and subscribes, metrics, /asyncapi.json and
 * SIBYL_WS_PORT. Store-independent: SQLite only (the channels' store tests run on both).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { backends } from '../support/backends.js';
import { tokenIdsOf } from '../support/tokens.js';
import { ADMIN, newMarket } from '../trading/kit.js';
import { DESCRIBED_EVENTS } from '../../src/streams/asyncapi.js';
import { Client, liveService, place, restBook, trader } from './kit.js';

const sqlite = backends()[0]!;
const sub = (assets: string[]) => ({ type: 'market', assets_ids: assets });

describe('stream socket policy', () => {
  it('answers PING/ping, closes 1008 on PING before subscribing, refuses malformed input without closing', async () => {
    const svc = await liveService(sqlite);
    try {
      const early = await Client.open(`${svc.url}/ws/market`);
      early.send('ping');
      assert.equal(await early.frame(0), 'pong');
      early.send('PING');
      assert.deepEqual(await early.waitClose(), { code: 1008, reason: 'invalid subscription payload' });
      const c = await Client.open(`${svc.url}/ws/market`);
      const inputs: Array<[unknown, RegExp]> = [
        ['{not json', /malformed JSON/], ['[1,2]', /JSON object/], [{ operation: 'subscribe', assets_ids: [] }, /subscribe first/],
        [{ type: 'market', assets_ids: 'x' }, /assets_ids must be an array/], [{ type: 'user' }, /type must be "market"/],
        [{ type: 'market', assets_ids: [], level: 7 }, /level must be 1, 2 or 3/], [{ assets_ids: [] }, /first message must be/],
        [{ type: 'market', custom_feature_enabled: 'yes' }, /custom_feature_enabled must be true or false/],
      ];
      for (const [i, [msg, re]] of inputs.entries()) {
        c.send(msg);
        const e = await c.frame(i) as Record<string, unknown>;
        assert.equal(e.event_type, 'error');
        assert.match(String(e.error), re);
      }
      c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
      assert.match(String((await c.frame(inputs.length) as Record<string, unknown>).error), /binary frames/);
      c.send(sub([]));
      assert.deepEqual(await c.frame(inputs.length + 1), []);
      c.send({ operation: 'dance', assets_ids: [] });
      assert.match(String((await c.frame(inputs.length + 2) as Record<string, unknown>).error), /unknown operation "dance"/);
      c.send(sub([]));
      assert.equal(await c.frame(inputs.length + 3), 'INVALID OPERATION');
      c.send('PING');
      assert.equal(await c.frame(inputs.length + 4), 'PONG');
      c.send('x'.repeat(300 * 1024));
      assert.equal((await c.waitClose()).code, 1009, 'an oversized frame closes 1009');
      assert.equal(c.closed!.code, 1009);
    } finally { await svc.dispose(); }
  });

  it('caps assets per connection with an explicit error (SIBYL_WS_MAX_ASSETS)', async () => {
    const svc = await liveService(sqlite, { SIBYL_WS_MAX_ASSETS: '3' });
    try {
      const cid = await newMarket(svc);
      const cidTokens = await tokenIdsOf(svc, cid);
      const c = await Client.open(`${svc.url}/ws/market`);
      c.send(sub([cidTokens[0], cidTokens[1], 'a', 'b']));
      const e = await c.frame(0) as Record<string, unknown>;
      assert.deepEqual([e.event_type, e.max_assets], ['error', 3]);
      assert.match(String(e.error), /too many assets: at most 3/);
      c.send({ operation: 'subscribe', assets_ids: [cidTokens[0], cidTokens[1], 'a'] });
      assert.equal((await c.frame(1) as unknown[]).length, 2);
      c.send({ operation: 'subscribe', assets_ids: ['b'] });
      assert.equal((await c.frame(2) as Record<string, unknown>).event_type, 'error');
      c.send({ operation: 'unsubscribe', assets_ids: ['a'] });
      c.send({ operation: 'subscribe', assets_ids: ['b'] });
      assert.deepEqual(await c.frame(3), []);
      c.close();
    } finally { await svc.dispose(); }
  });

  it('closes idle sockets, reaps peers that do not answer pings, sends heartbeats with seq_by_asset', async () => {
    const svc = await liveService(sqlite, { SIBYL_IDLE_TIMEOUT_MS: '150' }, { idleMs: 600, pingMs: 150, heartbeatMs: 200 });
    try {
      const cid = await newMarket(svc);
      const cidTokens = await tokenIdsOf(svc, cid);
      const alice = await trader(svc);
      await place(svc, alice, cidTokens[0], 'BUY', '0.5', '5');
      const idle = await Client.open(`${svc.url}/ws/market`);
      idle.send(sub([cidTokens[0]]));
      const dead = await Client.open(`${svc.url}/ws/market`, { autoPong: false });
      dead.send(sub([cidTokens[0]]));
      const alive = await Client.open(`${svc.url}/ws/market`);
      alive.send(sub([cidTokens[0]]));
      const timer = setInterval(() => alive.send('PING'), 100);
      try {
        const hb = await alive.until(() => alive.events().find((e) => e.event_type === 'heartbeat'), 'heartbeat');
        assert.deepEqual(Object.keys(hb).sort(), ['event_type', 'seq_by_asset', 'timestamp']);
        assert.deepEqual(hb.seq_by_asset, { [cidTokens[0]]: 2 });
        const closedDead = await dead.waitClose(3000);
        assert.equal(closedDead.code, 1006, 'a peer that misses a ping is dropped without a close frame');
        assert.deepEqual(await idle.waitClose(3000), { code: 1000, reason: 'idle: no frame from the client for too long; send PING every 10 s' });
        await new Promise((r) => setTimeout(r, 300));
        assert.equal(alive.closed, null, 'a client sending PING stays, past the HTTP idle timeout too');
        assert.equal((await restBook(svc, cidTokens[0])).market, cid);
      } finally { clearInterval(timer); alive.close(); }
    } finally { await svc.dispose(); }
  });

  it('closes a client too slow to read with 1013; others get every event', async () => {
    const svc = await liveService(sqlite, {}, { slowBytes: 256 * 1024, dumpBytesPerS: 1e9 });
    try {
      const cid = await newMarket(svc);
      const cidTokens = await tokenIdsOf(svc, cid);
      const alice = await trader(svc, '100000');
      for (let i = 0; i < 40; i++) await place(svc, alice, cidTokens[0], 'BUY', (0.1 + i / 100).toFixed(2), '5');
      const slow = await Client.open(`${svc.url}/ws/market`);
      const fine = await Client.open(`${svc.url}/ws/market`);
      for (const c of [slow, fine]) c.send(sub([cidTokens[0], cidTokens[1]]));
      await slow.frame(0); await fine.frame(0);
      (slow.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
      const resync = JSON.stringify({ operation: 'resync' });
      for (let i = 0; i < 4000 && slow.closed === null; i++) {
        slow.ws.send(resync);
        if (i % 200 === 0) await new Promise((r) => setTimeout(r, 5));
      }
      await place(svc, alice, cidTokens[0], 'BUY', '0.05', '5');
      await fine.until(() => fine.events().some((e) => e.event_type === 'price_change'), 'the next event on the other socket');
      const metrics = await svc.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${ADMIN}` } });
      assert.match(metrics.body, /sibyl_ws_closes_total\{reason="slow"\} [1-9]/);
      assert.match(metrics.body, /sibyl_ws_sockets_open\{channel="market"\} 1\b/);
      assert.match(metrics.body, /sibyl_ws_frames_sent_total\{channel="market"\} \d+/);
      assert.match(metrics.body, /sibyl_ws_bytes_sent_total\{channel="market"\} \d+/);
      assert.match(metrics.body, /sibyl_ws_subscriptions\{channel="market"\} 2\b/);
      (slow.ws as unknown as { _socket: { resume(): void } })._socket.resume();
      assert.deepEqual(await slow.waitClose(10_000), { code: 1013, reason: 'client too slow: unsent data passed the limit; reconnect and resync' });
      fine.close();
    } finally { await svc.dispose(); }
  });

  it('counts connections and subscribes against the rate limits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sibyl-ws-limits-'));
    const file = join(dir, 'limits.json');
    writeFileSync(file, JSON.stringify({ rules: [{ id: 'clob', limit: 4, windowS: 60 }] }));
    const svc = await liveService(sqlite, { SIBYL_RATE_LIMITS: file });
    try {
      const c = await Client.open(`${svc.url}/ws/market`); // 1
      c.send(sub([])); // 2
      assert.deepEqual(await c.frame(0), []);
      c.send({ operation: 'subscribe', assets_ids: [] }); // 3
      c.send({ operation: 'subscribe', assets_ids: [] }); // 4
      c.send({ operation: 'subscribe', assets_ids: [] }); // refused
      const e = await c.frame(3) as Record<string, unknown>;
      assert.deepEqual([e.event_type, e.error], ['error', 'Too Many Requests']);
      assert.ok(Number(e.retry_after) >= 1);
      await assert.rejects(Client.open(`${svc.url}/ws/market`), /unexpected response 429/);
      c.close();
    } finally {
      await svc.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves /asyncapi.json and the channels on SIBYL_WS_PORT too', async () => {
    const port = await new Promise<number>((resolve) => { const s = createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as { port: number }).port; s.close(() => resolve(p)); }); });
    const svc = await liveService(sqlite, { SIBYL_WS_PORT: String(port) });
    try {
      const doc = (await svc.app.inject({ method: 'GET', url: '/asyncapi.json' })).json();
      assert.equal(doc.asyncapi, '3.0.0');
      assert.deepEqual([doc.channels.market.address, doc.channels.user.address], ['/ws/market', '/ws/user']);
      for (const e of ['book', 'price_change', 'last_trade_price', 'tick_size_change', 'best_bid_ask', 'new_market', 'market_resolved', 'heartbeat', 'error', 'order', 'trade']) {
        assert.ok(DESCRIBED_EVENTS.includes(e) && doc.components.messages[e], `${e} is described`);
      }
      const c = await Client.open(`ws://127.0.0.1:${port}/ws/market`);
      c.send(sub([]));
      assert.deepEqual(await c.frame(0), []);
      c.close();
      const plain = new WebSocket(`ws://127.0.0.1:${port}/nope`);
      await new Promise((resolve) => plain.on('unexpected-response', (_q, res) => { assert.equal(res.statusCode, 404); resolve(null); }).on('error', resolve));
    } finally { await svc.dispose(); }
  });
});
