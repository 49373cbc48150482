/**
 * `GET /book` and `POST /books`: docs/venue.md §4 ordering (best price last), mirror books of the
 * two outcomes, hash recipe, timestamp of the last change, snapshot caching by book version,
 * and the error paths — on SQLite and PostgreSQL.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { backends } from '../support/backends.js';
import { tokenIdsOf } from '../support/tokens.js';
import { A, B, kit, micro, type Kit } from './support.js';

const KEYS = ['market', 'asset_id', 'timestamp', 'hash', 'bids', 'asks', 'min_order_size', 'tick_size', 'neg_risk', 'last_trade_price'];

for (const backend of backends()) {
  describe(`order book snapshots (${backend.name})`, { skip: backend.skip }, () => {
    let k: Kit;
    let m: string;
    let neg: string;
    let yes: string;
    let no: string;
    before(async () => {
      k = await kit(backend);
      [m] = await k.markets([{ minimumTickSize: 10_000, minimumOrderSize: 5_000_000 }]);
      [neg] = await k.markets([{}], { negRisk: true });
      [yes, no] = await tokenIdsOf(k.svc, m!);
      await k.fund(A, [m!]);
      await k.fund(B, [m!]);
      k.clock.now += 1000;
      await k.order({ wallet: A, tokenId: yes, side: 'BUY', price: micro(0.40), size: micro(10) });
      await k.order({ wallet: A, tokenId: yes, side: 'BUY', price: micro(0.45), size: micro(20) });
      await k.order({ wallet: B, tokenId: yes, side: 'SELL', price: micro(0.55), size: micro(15) });
      k.clock.now += 1000;
      await k.order({ wallet: B, tokenId: yes, side: 'SELL', price: micro(0.60), size: micro(5) });
    });
    after(async () => { await k?.svc.dispose(); });

    it('answers bids ascending and asks descending, best price last, in the wire key order', async () => {
      const r = await k.get(`/book?token_id=${yes}`);
      assert.equal(r.status, 200);
      assert.deepEqual(Object.keys(r.body), KEYS);
      assert.deepEqual(r.body.bids, [{ price: '0.4', size: '10' }, { price: '0.45', size: '20' }]);
      assert.deepEqual(r.body.asks, [{ price: '0.6', size: '5' }, { price: '0.55', size: '15' }]);
      assert.equal(r.body.market, m);
      assert.equal(r.body.asset_id, yes);
      assert.equal(r.body.tick_size, '0.01');
      assert.equal(r.body.min_order_size, '5');
      assert.equal(r.body.neg_risk, false);
      assert.equal(r.body.last_trade_price, '');
      assert.equal(r.body.timestamp, String(k.clock.now));
    });

    it('hash is the SHA-1 of the compact snapshot with hash ""', async () => {
      const r = await k.get(`/book?token_id=${yes}`);
      const expected = createHash('sha1').update(JSON.stringify({ ...r.body, hash: '' })).digest('hex');
      assert.equal(r.body.hash, expected);
      assert.match(r.body.hash, /^[0-9a-f]{40}$/);
    });

    it('outcome 1 is the mirror of outcome 0', async () => {
      const r = await k.get(`/book?token_id=${no}`);
      assert.deepEqual(r.body.bids, [{ price: '0.4', size: '5' }, { price: '0.45', size: '15' }]);
      assert.deepEqual(r.body.asks, [{ price: '0.6', size: '10' }, { price: '0.55', size: '20' }]);
      assert.equal(r.body.asset_id, no);
    });

    it('serves the same snapshot while unchanged and a new one after a change and a trade', async () => {
      const a = await k.get(`/book?token_id=${yes}`);
      const b = await k.get(`/book?token_id=${yes}`);
      assert.equal(a.text, b.text);
      k.clock.now += 5000;
      await k.order({ wallet: A, tokenId: yes, side: 'BUY', price: micro(0.55), size: micro(5), type: 'FOK' });
      const c = await k.get(`/book?token_id=${yes}`);
      assert.notEqual(c.body.hash, a.body.hash);
      assert.deepEqual(c.body.asks.at(-1), { price: '0.55', size: '10' });
      assert.equal(c.body.last_trade_price, '0.55');
      assert.equal(c.body.timestamp, String(k.clock.now));
      const other = await k.get(`/book?token_id=${no}`);
      assert.equal(other.body.last_trade_price, '0.45');
    });

    it('carries neg_risk from the catalog', async () => {
      const r = await k.get(`/book?token_id=${neg}:0`);
      assert.equal(r.status, 200);
      assert.equal(r.body.asset_id, (await tokenIdsOf(k.svc, neg!))[0], 'the alias answers the position id');
      assert.equal(r.body.neg_risk, true);
      assert.deepEqual(r.body.bids, []);
      assert.deepEqual(r.body.asks, []);
    });

    it('POST /books answers snapshots in request order and leaves unknown tokens out', async () => {
      const unknown = `0x${'ab'.repeat(32)}:0`;
      const r = await k.post('/books', [{ token_id: no }, { token_id: unknown }, { token_id: `${m}:0` }]);
      assert.equal(r.status, 200);
      assert.deepEqual(r.body.map((s: { asset_id: string }) => s.asset_id), [no, yes], 'the alias in, the position id out');
      const bad = await k.post('/books', [{ token_id: 'nope' }]);
      assert.deepEqual([bad.status, bad.body], [400, { error: 'Invalid token id' }]);
      const notArray = await k.post('/books', { token_id: `${m}:0` });
      assert.equal(notArray.status, 400);
    });

    it('404 for an unknown well-formed token, 400 for a malformed one or none', async () => {
      const unknown = await k.get(`/book?token_id=0x${'cd'.repeat(32)}:1`);
      assert.deepEqual([unknown.status, unknown.body], [404, { error: 'No orderbook exists for the requested token id' }]);
      // A decimal id is a well-formed CTF position id (docs/bots.md): unknown → 404, like the above.
      const position = await k.get('/book?token_id=123');
      assert.deepEqual([position.status, position.body], [404, { error: 'No orderbook exists for the requested token id' }]);
      for (const bad of [`${m}:2`, `${m}`, 'x'.repeat(300), '12a']) {
        const r = await k.get(`/book?token_id=${bad}`);
        assert.deepEqual([r.status, r.body], [400, { error: 'Invalid token id' }], bad);
      }
      const none = await k.get('/book');
      assert.equal(none.status, 400);
      assert.deepEqual(Object.keys(none.body), ['error']);
    });
  });
}
