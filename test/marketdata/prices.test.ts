/**
 * Prices from the live books: the price map (BUY = best bid, SELL = best ask), single and batch
 * midpoint/spread/last trade, tick size and neg risk, after orders, trades and cancels; empty
 * sides answer ""; and every error path — on SQLite and PostgreSQL.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { tokenIdsOf } from '../support/tokens.js';
import { A, B, kit, micro, type Kit } from './support.js';

const UNKNOWN = `0x${'ef'.repeat(32)}:0`;

for (const backend of backends()) {
  describe(`prices (${backend.name})`, { skip: backend.skip }, () => {
    let k: Kit;
    let m: string;
    let empty: string;
    let bidOnly: string;
    let yes: string, no: string, emptyYes: string, emptyNo: string, bidYes: string, bidNo: string;
    before(async () => {
      k = await kit(backend);
      [m, empty, bidOnly] = await k.markets([{ minimumTickSize: 1_000 }, {}, {}], { negRisk: true });
      [yes, no] = await tokenIdsOf(k.svc, m!);
      [emptyYes, emptyNo] = await tokenIdsOf(k.svc, empty!);
      [bidYes, bidNo] = await tokenIdsOf(k.svc, bidOnly!);
      await k.fund(A, [m!, bidOnly!]);
      await k.fund(B, [m!]);
      await k.order({ wallet: A, tokenId: yes, side: 'BUY', price: micro(0.412), size: micro(10) });
      await k.order({ wallet: B, tokenId: yes, side: 'SELL', price: micro(0.6), size: micro(10) });
      await k.order({ wallet: A, tokenId: bidYes, side: 'BUY', price: micro(0.3), size: micro(10) });
    });
    after(async () => { await k?.svc.dispose(); });

    it('POST /prices: BUY is the best bid, SELL the best ask, per token; side is ignored; empty sides are ""', async () => {
      const r = await k.post('/prices', [
        { token_id: yes, side: 'BUY' }, { token_id: no, side: 'SELL' }, { token_id: emptyYes },
        { token_id: bidYes }, { token_id: UNKNOWN },
      ]);
      assert.equal(r.status, 200);
      assert.deepEqual(r.body, {
        [yes]: { BUY: '0.412', SELL: '0.6' },
        [no]: { BUY: '0.4', SELL: '0.588' },
        [emptyYes]: { BUY: '', SELL: '' },
        [bidYes]: { BUY: '0.3', SELL: '' },
      });
    });

    it('GET /price, /midpoint, /spread, /tick-size, /neg-risk', async () => {
      assert.deepEqual((await k.get(`/price?token_id=${yes}&side=BUY`)).body, { price: '0.412' });
      assert.deepEqual((await k.get(`/price?token_id=${yes}&side=SELL`)).body, { price: '0.6' });
      assert.deepEqual((await k.get(`/price?token_id=${bidYes}&side=SELL`)).body, { price: '' });
      assert.deepEqual((await k.get(`/midpoint?token_id=${yes}`)).body, { mid: '0.506' });
      assert.deepEqual((await k.get(`/midpoint?token_id=${no}`)).body, { mid: '0.494' });
      assert.deepEqual((await k.get(`/midpoint?token_id=${bidYes}`)).body, { mid: '' });
      assert.deepEqual((await k.get(`/spread?token_id=${yes}`)).body, { spread: '0.188' });
      assert.deepEqual((await k.get(`/spread?token_id=${emptyNo}`)).body, { spread: '' });
      assert.deepEqual((await k.get(`/tick-size?token_id=${yes}`)).body, { minimum_tick_size: 0.001 });
      assert.deepEqual((await k.get(`/tick-size?token_id=${emptyYes}`)).body, { minimum_tick_size: 0.01 });
      assert.deepEqual((await k.get(`/neg-risk?token_id=${yes}`)).body, { neg_risk: true });
    });

    it('prices follow trades and cancels', async () => {
      assert.deepEqual((await k.get(`/last-trade-price?token_id=${yes}`)).body, { price: '', side: '' });
      await k.order({ wallet: A, tokenId: yes, side: 'BUY', price: micro(0.6), size: micro(10), type: 'FOK' });
      assert.deepEqual((await k.get(`/last-trade-price?token_id=${yes}`)).body, { price: '0.6', side: 'BUY' });
      assert.deepEqual((await k.get(`/last-trade-price?token_id=${no}`)).body, { price: '0.4', side: 'SELL' });
      assert.deepEqual((await k.get(`/price?token_id=${yes}&side=SELL`)).body, { price: '' });
      const id = await k.order({ wallet: B, tokenId: yes, side: 'SELL', price: micro(0.5), size: micro(5) });
      assert.deepEqual((await k.get(`/price?token_id=${yes}&side=SELL`)).body, { price: '0.5' });
      assert.deepEqual((await k.post('/prices', [{ token_id: yes }])).body, { [yes]: { BUY: '0.412', SELL: '0.5' } });
      await k.cancel(B, id);
      assert.deepEqual((await k.post('/prices', [{ token_id: yes }])).body, { [yes]: { BUY: '0.412', SELL: '' } });
      assert.deepEqual((await k.get(`/price?token_id=${yes}&side=SELL`)).body, { price: '' });
      assert.deepEqual((await k.get(`/price?token_id=${yes}&side=BUY`)).body, { price: '0.412' });
    });

    it('batch forms: /midpoints, /spreads, /last-trades-prices', async () => {
      const body = [{ token_id: yes }, { token_id: bidYes }, { token_id: UNKNOWN }];
      const mids = await k.post('/midpoints', body);
      assert.deepEqual(mids.body, { [yes]: '', [bidYes]: '' });
      const spreads = await k.post('/spreads', [{ token_id: bidNo }]);
      assert.deepEqual(spreads.body, { [bidNo]: '' });
      const last = await k.post('/last-trades-prices', body);
      assert.deepEqual(last.body, [{ token_id: yes, price: '0.6', side: 'BUY' }, { token_id: bidYes, price: '', side: '' }]);
    });

    it('errors: Invalid side, Invalid token id, unknown token, malformed bodies', async () => {
      for (const side of ['', 'HOLD', 'bid']) {
        const r = await k.get(`/price?token_id=${yes}&side=${side}`);
        assert.deepEqual([r.status, r.body], [400, { error: 'Invalid side' }], side);
      }
      assert.deepEqual((await k.get(`/price?token_id=${yes}`)).body, { error: 'Invalid side' });
      for (const url of ['/midpoint', '/spread', '/last-trade-price', '/tick-size', '/neg-risk', '/price']) {
        const bad = await k.get(`${url}?token_id=bad&side=BUY`);
        assert.deepEqual([bad.status, bad.body], [400, { error: 'Invalid token id' }], url);
        const unknown = await k.get(`${url}?token_id=${UNKNOWN}&side=BUY`);
        assert.deepEqual([unknown.status, unknown.body], [404, { error: 'No orderbook exists for the requested token id' }], url);
        const missing = await k.get(url);
        assert.equal(missing.status, 400, url);
      }
      for (const url of ['/prices', '/midpoints', '/spreads', '/last-trades-prices']) {
        const bad = await k.post(url, [{ token_id: yes }, { token_id: 'x' }]);
        assert.deepEqual([bad.status, bad.body], [400, { error: 'Invalid token id' }], url);
        assert.equal((await k.post(url, { token_id: yes })).status, 400, url);
        assert.equal((await k.post(url, [{}])).status, 400, url);
        const tooMany = await k.post(url, Array.from({ length: 501 }, () => ({ token_id: yes })));
        assert.equal(tooMany.status, 400, url);
      }
    });
  });
}
