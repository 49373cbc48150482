/**
 * Item 8 of issue #39, over real sockets: refusals of the HTTP layer (400 invalid JSON, 413 body
 * too large, 415 unsupported media type) carry `code` in the body like every route's refusals;
 * an oversized WebSocket frame closes 1009 WITH a reason, and is logged as the client's fault
 * (warn), never as a server error.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { startTestService } from '../support/service.js';
import { Client } from '../streams/kit.js';

const sqlite = backends()[0]!;

describe('refusals of the transport layers', () => {
  it('400 invalid JSON, 413 and 415 carry code in the body; a 1009 close has a reason and logs at warn', async () => {
    const lines: string[] = [];
    const svc = await startTestService(sqlite, { LOG_LEVEL: 'info', SIBYL_RATE_LIMITS: 'off' }, { logger: true, logStream: { write: (l) => { lines.push(l); } } });
    try {
      const http = await svc.app.listen({ host: '127.0.0.1', port: 0 });
      const cases: Array<[RequestInit, number, string]> = [
        [{ body: '{"order": ', headers: { 'content-type': 'application/json' } }, 400, 'invalid_json'],
        [{ body: JSON.stringify({ pad: 'x'.repeat(4 * 1024 * 1024) }), headers: { 'content-type': 'application/json' } }, 413, 'payload_too_large'],
        [{ body: 'order=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, 415, 'unsupported_media_type'],
      ];
      for (const [init, status, code] of cases) {
        for (const path of ['/order', '/books']) {
          const res = await fetch(`${http}${path}`, { method: 'POST', ...init });
          const body = await res.json() as { error?: string; code?: string };
          assert.equal(res.status, status, `${path}: ${JSON.stringify(body)}`);
          assert.equal(body.code, code, `${path}: ${JSON.stringify(body)}`);
          assert.equal(typeof body.error, 'string');
        }
      }
      const c = await Client.open(`${http.replace(/^http:/, 'ws:')}/ws/market`);
      c.send('x'.repeat(300 * 1024));
      const closed = await c.waitClose();
      assert.equal(closed.code, 1009);
      assert.match(closed.reason, /too big: at most 262144 bytes/);
      await new Promise((r) => setTimeout(r, 100));
      const logged = lines.map((l) => JSON.parse(l) as { level: number; msg: string });
      assert.ok(logged.some((l) => l.level === 40 && l.msg === 'websocket client error'), 'logged at warn');
      assert.ok(!logged.some((l) => l.level >= 50), `no error-level line: ${lines.filter((l) => JSON.parse(l).level >= 50).join('')}`);
    } finally { await svc.dispose(); }
  });
});
