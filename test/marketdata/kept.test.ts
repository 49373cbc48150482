/**
 * Market data's kept answers: they live in areas of the process's cache (`marketdata:*`), the
 * market lists are versioned by `page_versions`' `marketdata` row (migration 0027, bumped by the
 * catalog triggers whoever writes), and the core generation they are kept at moves with every
 * core the exchange reads from — on SQLite and PostgreSQL.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { backends } from '../support/backends.js';
import { tokenIdsOf } from '../support/tokens.js';
import { A, B, kit, micro, type Kit } from './support.js';

for (const backend of backends()) {
  describe(`kept market data (${backend.name})`, { skip: backend.skip }, () => {
    let k: Kit;
    let m: string;
    let yes: string;
    before(async () => {
      k = await kit(backend);
      [m] = await k.markets([{}, {}]);
      [yes] = await tokenIdsOf(k.svc, m!);
      await k.fund(A, [m!]);
      await k.fund(B, [m!]);
      await k.order({ wallet: A, tokenId: yes, side: 'BUY', price: micro(0.40), size: micro(10) });
    });
    after(async () => { await k?.svc.dispose(); });

    it('keeps its answers in areas of the process cache', async () => {
      const cache = k.svc.services.cache;
      for (const area of ['marketdata:books', 'marketdata:prices', 'marketdata:listings', 'marketdata:history', 'marketdata:history-json']) {
        assert.throws(() => cache.area(area), /taken/, area);
      }
      const first = await k.get(`/book?token_id=${yes}`);
      const hits = cache.stats().hits;
      const again = await k.get(`/book?token_id=${yes}`);
      assert.equal(again.text, first.text);
      assert.ok(cache.stats().hits > hits, 'the second read is a hit');
      await k.order({ wallet: B, tokenId: yes, side: 'SELL', price: micro(0.40), size: micro(5), type: 'FOK' });
      const moved = await k.get(`/book?token_id=${yes}`);
      assert.notEqual(moved.body.hash, first.body.hash);
      assert.equal(moved.body.last_trade_price, '0.4');
    });

    it('the market lists follow the marketdata page version, whoever writes the catalog', async () => {
      const db = k.svc.store.db;
      const version = async () => Number((await db.selectFrom('page_versions').select('version')
        .where('pages', '=', 'marketdata').where('id', '=', 0).executeTakeFirstOrThrow()).version);
      const before = await k.get('/markets');
      const v0 = await version();
      await sql`update markets set question = 'Renamed elsewhere?' where condition_id = ${m}`.execute(db);
      assert.ok((await version()) > v0);
      const after = await k.get('/markets');
      assert.notEqual(after.text, before.text);
      assert.ok(after.body.data.some((x: { question: string }) => x.question === 'Renamed elsewhere?'));
      // Volume alone is not shown in a market object: it does not move the version.
      const v1 = await version();
      await sql`update markets set volume = volume + 1 where condition_id = ${m}`.execute(db);
      assert.equal(await version(), v1);
    });

    it('answers stay right across a rebuild of the core', async () => {
      const ex = k.svc.services.exchange;
      const book = await k.get(`/book?token_id=${yes}`);
      const prices = await k.post('/prices', [{ token_id: yes, side: 'BUY' }]);
      const list = await k.get('/markets');
      const g0 = ex.coreGeneration;
      ex.lockLost('test');
      const g1 = ex.coreGeneration; // the old core is still read until the new one is adopted
      assert.ok(g1 > g0);
      await ex.lockRegained();
      assert.ok(ex.coreGeneration > g1, 'the adopted core has a generation of its own');
      assert.equal((await k.get(`/book?token_id=${yes}`)).text, book.text);
      assert.equal((await k.post('/prices', [{ token_id: yes, side: 'BUY' }])).text, prices.text);
      assert.equal((await k.get('/markets')).text, list.text);
      await k.order({ wallet: A, tokenId: yes, side: 'BUY', price: micro(0.42), size: micro(10) });
      assert.deepEqual((await k.get(`/book?token_id=${yes}`)).body.bids.at(-1), { price: '0.42', size: '10' });
    });
  });
}
