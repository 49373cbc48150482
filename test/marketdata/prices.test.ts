/**
 * Prices from the live books: the price map (BUY = best bid, SELL = best ask), single and batch
 * midpoint/spread/last trade, tick size and neg risk, after orders, trades and cancels; empty
 * sides answer ""; and every error path — on SQLite and PostgreSQL.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { A, B, kit, micro, type Kit } from './support.js';

const UNKNOWN = `0x${'ef'.repeat(32)}:0`;

for (const backend of backends()) {
  describe(`prices (${backend.name})`, { skip: backend.skip }, () => {
    let k: Kit;
    let m: string;
    let empty: string;
    let bidOnly: string;
    before(async () => {
      k = await kit(backend);
      [m, empty, bidOnly] = await k.markets([{ minimumTickSize: 1_000 }, {}, {}], { negRisk: true });
      await k.fund(A, [m!, bidOnly!]);
      await k.fund(B, [m!]);
      await k.order({ wallet: A, tokenId: `${m}:0`, side: 'BUY', price: micro(0.412), size: micro(10) });
      await k.order({ wallet: B, tokenId: `${m}:0`, side: 'SELL', price: micro(0.6), size: micro(10) });
      await k.order({ wallet: A, tokenId: `${bidOnly}:0`, side: 'BUY', price: micro(0.3), size: micro(10) });
    });
    after(async () => { await k?.svc.dispose(); });

    it('POST /prices: BUY is the best bid, SELL the best ask, per token; side is ignored; empty sides are ""', async () => {
      const r = await k.post('/prices', [
        { token_id: `${m}:0`, side: 'BUY' }, { token_id: `${m}:1`, side: 'SELL' }, { token_id: `${empty}:0` },
        { token_id: `${bidOnly}:0` }, { token_id: UNKNOWN },
      ]);
      assert.equal(r.status, 200);
      assert.deepEqual(r.body, {
        [`${m}:0`]: { BUY: '0.412', SELL: '0.6' },
        [`${m}:1`]: { BUY: '0.4', SELL: '0.588' },
        [`${empty}:0`]: { BUY: '', SELL: '' },
        [`${bidOnly}:0`]: { BUY: '0.3', SELL: '' },
      });
    });

    it('GET /price, /midpoint, /spread, /tick-size, /neg-risk', async () => {
      assert.deepEqual((await k.get(`/price?token_id=${m}:0&side=BUY`)).body, { price: '0.412' });
      assert.deepEqual((await k.get(`/price?token_id=${m}:0&side=SELL`)).body, { price: '0.6' });
      assert.deepEqual((await k.get(`/price?token_id=${bidOnly}:0&side=SELL`)).body, { price: '' });
      assert.deepEqual((await k.get(`/midpoint?token_id=${m}:0`)).body, { mid: '0.506' });
      assert.deepEqual((await k.get(`/midpoint?token_id=${m}:1`)).body, { mid: '0.494' });
      assert.deepEqual((await k.get(`/midpoint?token_id=${bidOnly}:0`)).body, { mid: '' });
      assert.deepEqual((await k.get(`/spread?token_id=${m}:0`)).body, { spread: '0.188' });
      assert.deepEqual((await k.get(`/spread?token_id=${empty}:1`)).body, { spread: '' });
      assert.deepEqual((await k.get(`/tick-size?token_id=${m}:0`)).body, { minimum_tick_size: 0.001 });
      assert.deepEqual((await k.get(`/tick-size?token_id=${empty}:0`)).body, { minimum_tick_size: 0.01 });
      assert.deepEqual((await k.get(`/neg-risk?token_id=${m}:0`)).body, { neg_risk: true });
    });

    it('prices follow trades and cancels', async () => {
      assert.deepEqual((await k.get(`/last-trade-price?token_id=${m}:0`)).body, { price: '', side: '' });
      await k.order({ wallet: A, tokenId: `${m}:0`, side: 'BUY', price: micro(0.6), size: micro(10), type: 'FOK' });
      assert.deepEqual((await k.get(`/last-trade-price?token_id=${m}:0`)).body, { price: '0.6', side: 'BUY' });
      assert.deepEqual((await k.get(`/last-trade-price?token_id=${m}:1`)).body, { price: '0.4', side: 'SELL' });
      assert.deepEqual((await k.get(`/price?token_id=${m}:0&side=SELL`)).body, { price: '' });
      const id = await k.order({ wallet: B, tokenId: `${m}:0`, side: 'SELL', price: micro(0.5), size: micro(5) });
      assert.deepEqual((await k.get(`/price?token_id=${m}:0&side=SELL`)).body, { price: '0.5' });
      assert.deepEqual((await k.post('/prices', [{ token_id: `${m}:0` }])).body, { [`${m}:0`]: { BUY: '0.412', SELL: '0.5' } });
      await k.cancel(B, id);
      assert.deepEqual((await k.post('/prices', [{ token_id: `${m}:0` }])).body, { [`${m}:0`]: { BUY: '0.412', SELL: '' } });
      assert.deepEqual((await k.get(`/price?token_id=${m}:0&side=SELL`)).body, { price: '' });
      assert.deepEqual((await k.get(`/price?token_id=${m}:0&side=BUY`)).body, { price: '0.412' });
    });

    it('batch forms: /midpoints, /spreads, /last-trades-prices', async () => {
      const body = [{ token_id: `${m}:0` }, { token_id: `${bidOnly}:0` }, { token_id: UNKNOWN }];
      const mids = await k.post('/midpoints', body);
      assert.deepEqual(mids.body, { [`${m}:0`]: '', [`${bidOnly}:0`]: '' });
      const spreads = await k.post('/spreads', [{ token_id: `${bidOnly}:1` }]);
      assert.deepEqual(spreads.body, { [`${bidOnly}:1`]: '' });
      const last = await k.post('/last-trades-prices', body);
      assert.deepEqual(last.body, [{ token_id: `${m}:0`, price: '0.6', side: 'BUY' }, { token_id: `${bidOnly}:0`, price: '', side: '' }]);
    });

    it('errors: Invalid side, Invalid token id, unknown token, malformed bodies', async () => {
      for (const side of ['', 'HOLD', 'bid']) {
        const r = await k.get(`/price?token_id=${m}:0&side=${side}`);
        assert.deepEqual([r.status, r.body], [400, { error: 'Invalid side' }], side);
      }
      assert.deepEqual((await k.get(`/price?token_id=${m}:0`)).body, { error: 'Invalid side' });
      for (const url of ['/midpoint', '/spread', '/last-trade-price', '/tick-size', '/neg-risk', '/price']) {
        const bad = await k.get(`${url}?token_id=bad&side=BUY`);
        assert.deepEqual([bad.status, bad.body], [400, { error: 'Invalid token id' }], url);
        const unknown = await k.get(`${url}?token_id=${UNKNOWN}&side=BUY`);
        assert.deepEqual([unknown.status, unknown.body], [404, { error: 'No orderbook exists for the requested token id' }], url);
        const missing = await k.get(url);
        assert.equal(missing.status, 400, url);
      }
      for (const url of ['/prices', '/midpoints', '/spreads', '/last-trades-prices']) {
        const bad = await k.post(url, [{ token_id: `${m}:0` }, { token_id: 'x' }]);
        assert.deepEqual([bad.status, bad.body], [400, { error: 'Invalid token id' }], url);
        assert.equal((await k.post(url, { token_id: `${m}:0` })).status, 400, url);
        assert.equal((await k.post(url, [{}])).status, 400, url);
        const tooMany = await k.post(url, Array.from({ length: 501 }, () => ({ token_id: `${m}:0` })));
        assert.equal(tooMany.status, 400, url);
      }
    });
  });
}
