/**
 * Issue #37: a book's `hash` is the hash of the body a client receives. The unmodified
 * `@polymarket/clob-client` (5.x) and `@polymarket/clob-client-v2` read `/book` over HTTP and their
 * own `getOrderBookHash` of what they received equals its `hash` — for an empty book, a book with
 * levels on both sides, after a trade, the mirror outcome and a neg-risk market; on both stores.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ClobClient as ClobV1 } from '@polymarket/clob-client';
import { ClobClient as ClobV2 } from '@polymarket/clob-client-v2';
import { backends } from '../support/backends.js';
import type { TestService } from '../support/service.js';
import { tokenIdsOf } from '../support/tokens.js';
import { orderBody, post, trader, tradingService, type Trader } from '../trading/kit.js';
import { market } from './kit.js';

for (const backend of backends()) {
  describe(`book hash as clients compute it (${backend.name})`, { skip: backend.skip }, () => {
    let svc: TestService;
    let v1: ClobV1;
    let v2: ClobV2;
    let alice: Trader;
    let bob: Trader;
    before(async () => {
      svc = await tradingService(backend);
      const host = await svc.app.listen({ port: 0, host: '127.0.0.1' });
      v1 = new ClobV1(host, 137);
      v2 = new ClobV2({ host, chain: 137 });
      alice = await trader(svc);
      bob = await trader(svc);
    });
    after(async () => { await svc?.dispose(); });

    /** Both clients read the book; each one's hash of the body it received is the body's `hash`. */
    const check = async (tokenId: string, what: string) => {
      const one = await v1.getOrderBook(tokenId);
      const two = await v2.getOrderBook(tokenId);
      assert.equal(one.asset_id, tokenId, `${what}: the position id`);
      assert.match(one.hash, /^[0-9a-f]{40}$/, what);
      const sent = one.hash;
      assert.equal(await v1.getOrderBookHash(structuredClone(one)), sent, `${what}: clob-client's hash`);
      assert.equal(await v2.getOrderBookHash(structuredClone(two)), two.hash, `${what}: clob-client-v2's hash`);
      return one;
    };

    it('equals the hash each client computes of the /book it received', async () => {
      const cid = await market(svc);
      const [yes, no] = await tokenIdsOf(svc, cid);
      const empty = await check(yes, 'an empty book');
      assert.deepEqual([empty.bids, empty.asks], [[], []]);
      const split = await post(svc, bob, 'POST', '/split', { market: cid, amount: '50000000' });
      assert.equal(split.statusCode, 200, split.body);
      for (const [t, side, price] of [[alice, 'BUY', '0.40'], [alice, 'BUY', '0.41'], [bob, 'SELL', '0.60'], [bob, 'SELL', '0.55']] as const) {
        const r = await post(svc, t, 'POST', '/order', orderBody(t, yes, side, price, '10'));
        assert.equal(r.statusCode, 200, r.body);
      }
      const levels = await check(yes, 'levels on both sides');
      assert.equal(levels.bids.length, 2);
      assert.notEqual(levels.hash, empty.hash);
      const hit = await post(svc, bob, 'POST', '/order', orderBody(bob, yes, 'SELL', '0.41', '4', { orderType: 'FAK' }));
      assert.equal(hit.json().status, 'matched', hit.body);
      const traded = await check(yes, 'after a trade');
      assert.equal((traded as unknown as { last_trade_price: string }).last_trade_price, '0.41');
      await check(no, 'the mirror outcome');
      const [negYes] = await tokenIdsOf(svc, await market(svc, { negRisk: true }));
      assert.equal((await check(negYes, 'a neg-risk market')).neg_risk, true);
    });
  });
}
