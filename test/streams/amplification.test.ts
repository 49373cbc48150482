/**
 * Streams under abuse (issue #39, items 4 and 5), over real sockets:
 * - book dumps (a subscribe's initial dump, a resync) cost what `POST /books` costs under the
 *   rate limits for the same assets — the same window, shared with REST — and a socket's dump
 *   bytes per second are bounded (SIBYL_WS_DUMP_BYTES_PER_S): a 22-byte resync is no amplifier;
 * - the unsent bytes of all sockets together stay under a budget (SIBYL_WS_QUEUE_BYTES): past
 *   it the sockets with the largest queues are closed 1013 first, and a reading client is
 *   unaffected.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backends } from '../support/backends.js';
import { ADMIN, newMarket } from '../trading/kit.js';
import { Client, liveService, place, trader, type LiveService } from './kit.js';

const sqlite = backends()[0]!;
const sub = (assets: string[]) => ({ type: 'market', assets_ids: assets });
const RESYNC = JSON.stringify({ operation: 'resync' });

/** A market with `levels` bid levels, and its two token ids. */
async function deepMarket(svc: LiveService, levels: number): Promise<string[]> {
  const cid = await newMarket(svc);
  const alice = await trader(svc, '100000');
  const tokens = svc.services.exchange.core.tokenIds(cid)!;
  for (let i = 0; i < levels; i++) await place(svc, alice, tokens[0], 'BUY', (0.1 + i / 100).toFixed(2), '5');
  return [...tokens];
}

const bookArrays = (c: Client) => c.frames.filter((f): f is unknown[] => Array.isArray(f) && f.length > 0);
const refusals = (c: Client) => c.events().filter((e) => e.event_type === 'error' && typeof e.retry_after === 'number');

describe('stream amplification and memory bounds', () => {
  it('item 4: dumps count as POST /books under the rate limits, shared with REST', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sibyl-ws-books-'));
    const file = join(dir, 'limits.json');
    writeFileSync(file, JSON.stringify({ rules: [{ id: 'books', limit: 5, windowS: 60 }] }));
    const svc = await liveService(sqlite, { SIBYL_RATE_LIMITS: file }, { dumpBytesPerS: 1e9 });
    try {
      const tokens = await deepMarket(svc, 3);
      const c = await Client.open(`${svc.url}/ws/market`);
      c.send(sub(tokens)); // the initial dump: one POST /books
      await c.frame(0);
      for (let i = 0; i < 10; i++) c.send(RESYNC);
      await c.until(() => bookArrays(c).length + refusals(c).length >= 11, 'an answer to every resync');
      assert.equal(bookArrays(c).length, 5, `the dump and four resyncs fit a window of 5: ${JSON.stringify(c.texts.map((t) => t.slice(0, 120)))}`);
      assert.equal(refusals(c).length, 6);
      assert.ok((refusals(c)[0]!.retry_after as number) > 0);
      const rest = await svc.app.inject({ method: 'POST', url: '/books', payload: [{ token_id: tokens[0] }] });
      assert.equal(rest.statusCode, 429, 'the socket spent the same window as REST');
      c.close();
    } finally { await svc.dispose(); rmSync(dir, { recursive: true, force: true }); }
  });

  it('item 4: a socket’s dump bytes per second are bounded', async () => {
    const rate = 8 * 1024;
    const svc = await liveService(sqlite, {}, { dumpBytesPerS: rate });
    try {
      const tokens = await deepMarket(svc, 40);
      const c = await Client.open(`${svc.url}/ws/market`);
      const t0 = Date.now();
      c.send(sub(tokens));
      await c.frame(0);
      const one = JSON.stringify(c.frames[0]).length;
      assert.ok(one > 2000 && one < rate, `a dump is ${one} bytes`);
      for (let i = 0; i < 40; i++) { c.send(RESYNC); await new Promise((r) => setTimeout(r, 25)); }
      await c.until(() => bookArrays(c).length + refusals(c).length >= 41, 'an answer to every resync');
      const elapsed = (Date.now() - t0) / 1000;
      const bytes = bookArrays(c).reduce((n, f) => n + JSON.stringify(f).length, 0);
      assert.ok(bytes <= rate * elapsed + rate + one, `${bytes} dump bytes in ${elapsed.toFixed(2)} s at ${rate} B/s`);
      assert.ok(refusals(c).length > 0, 'some resyncs were refused');
      assert.match(String(refusals(c)[0]!.error), /book dumps on a socket are limited/);
      c.close();
    } finally { await svc.dispose(); }
  });

  it('item 5: past the total queue budget the largest queues close 1013; a reading client is unaffected', async () => {
    const budget = 1024 * 1024;
    const svc = await liveService(sqlite, {}, { slowBytes: 256 * 1024 * 1024, queueBytes: budget, dumpBytesPerS: 1e9 });
    try {
      const tokens = await deepMarket(svc, 40);
      const fine = await Client.open(`${svc.url}/ws/market`);
      fine.send(sub(tokens));
      await fine.frame(0);
      const paused: Client[] = [];
      for (let i = 0; i < 4; i++) {
        const c = await Client.open(`${svc.url}/ws/market`);
        c.send(sub(tokens));
        await c.frame(0);
        (c.ws as unknown as { _socket: { pause(): void } })._socket.pause();
        paused.push(c);
      }
      let peak = 0;
      for (let round = 0; round < 3000 && paused.some((c) => c.closed === null); round++) {
        for (const c of paused) if (c.ws.readyState === c.ws.OPEN) c.ws.send(RESYNC);
        if (round % 20 === 0) {
          await new Promise((r) => setTimeout(r, 2));
          peak = Math.max(peak, svc.services.streams.queuedBytes);
        }
        if (round % 200 === 199 && svc.services.streams.size < 5) break;
      }
      const frame = JSON.stringify(fine.frames[0]).length;
      assert.ok(peak <= budget + 4 * frame, `peak ${peak} bytes queued, budget ${budget}`);
      assert.ok(svc.services.streams.size < 5, 'a paused socket was closed');
      assert.ok(svc.services.streams.queuedBytes <= budget);
      const alice = await trader(svc, '100');
      await place(svc, alice, tokens[0]!, 'BUY', '0.05', '5');
      await fine.until(() => fine.events().some((e) => e.event_type === 'price_change'), 'the next event on the reading socket');
      assert.equal(fine.closed, null);
      const metrics = await svc.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${ADMIN}` } });
      assert.match(metrics.body, /sibyl_ws_closes_total\{reason="budget"\} [1-9]/);
      for (const c of paused) (c.ws as unknown as { _socket: { resume(): void } })._socket.resume();
      const first = await Promise.race(paused.map((c) => c.waitClose(10_000)));
      // The 1013 frame sits behind the unread queue; past a short grace the socket is dropped (1006).
      if (first.code !== 1006) assert.deepEqual(first, { code: 1013, reason: 'server send budget exceeded: this socket had the most unsent data; reconnect and resync' });
      fine.close();
    } finally { await svc.dispose(); }
  });
});
