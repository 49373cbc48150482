/**
 * Identical L2 requests are served (the venue keeps no nonce for L2: the signature covers the
 * timestamp in seconds, so two equal requests in one second carry the same signature, and real
 * bots send them — cancel-all twice, two equal converts, a retry). Refusing them is the operator's
 * opt-in, SIBYL_REFUSE_L2_REPLAYS=1 (test/auth/replay.test.ts). Both stores, through HTTP.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import type { TestService } from '../support/service.js';
import { newMarket, orderBody, post, trader, tradingService, type Trader } from '../trading/kit.js';
import { balance, negRiskEvent, negRiskMarketIdOf, split } from '../negrisk/kit.js';
import { l2Headers, nowS } from './helpers.js';

/** Sends the very same signed request (headers and body) each time it is called. */
function sameRequest(svc: TestService, t: Trader, method: 'POST' | 'DELETE', url: string, body?: string) {
  const headers = { ...l2Headers(t.creds, t.address, method, url, body ?? '', { ts: nowS() }), ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  return () => svc.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body }) });
}

for (const backend of backends()) {
  describe(`identical L2 requests are served (${backend.name})`, { skip: backend.skip }, () => {
    let svc: TestService;
    let cid: string;
    let alice: Trader;
    before(async () => {
      svc = await tradingService(backend);
      cid = await newMarket(svc);
      alice = await trader(svc);
    });
    after(async () => { await svc?.dispose(); });

    it('cancel-all twice in one second: both 200, the second cancels what was placed between', async () => {
      const first = await post(svc, alice, 'POST', '/order', orderBody(alice, `${cid}:0`, 'BUY', '0.40', '10'));
      assert.equal(first.json().success, true, first.body);
      const cancelAll = sameRequest(svc, alice, 'DELETE', '/cancel-all');
      const a = await cancelAll();
      assert.equal(a.statusCode, 200, a.body);
      assert.deepEqual(a.json().canceled, [first.json().orderID]);
      const between = await post(svc, alice, 'POST', '/order', orderBody(alice, `${cid}:0`, 'BUY', '0.41', '10'));
      assert.equal(between.json().success, true, between.body);
      const b = await cancelAll(); // the same headers, the same body: the same signature
      assert.equal(b.statusCode, 200, b.body);
      assert.deepEqual(b.json().canceled, [between.json().orderID]);
    });

    it('two equal converts in one second both apply', async () => {
      const ev = await negRiskEvent(svc, 3);
      const bob = await trader(svc, '100');
      for (const m of ev.markets) await split(svc, bob, m.conditionId, 10_000_000);
      const marketId = await negRiskMarketIdOf(svc, ev.markets[0]!.conditionId);
      const noOf0 = async () => balance(svc, bob, `${ev.markets[0]!.conditionId}:1`);
      const before = await noOf0();
      const convert = sameRequest(svc, bob, 'POST', '/convert', JSON.stringify({ market_id: marketId, index_set: '1', amount: '1000000' }));
      for (let i = 0; i < 2; i++) {
        const r = await convert();
        assert.equal(r.statusCode, 200, r.body);
      }
      assert.equal(before - (await noOf0()), 2_000_000, 'both conversions took their NO');
    });

    it('with SIBYL_REFUSE_L2_REPLAYS=1 the second identical write is refused', async () => {
      const strict = await tradingService(backend, { SIBYL_REFUSE_L2_REPLAYS: '1' });
      try {
        const carol = await trader(strict);
        const cancelAll = sameRequest(strict, carol, 'DELETE', '/cancel-all');
        assert.equal((await cancelAll()).statusCode, 200);
        const again = await cancelAll();
        assert.equal(again.statusCode, 401, again.body);
        assert.equal(again.headers['x-error-code'], 'replayed_request');
      } finally {
        await strict.dispose();
      }
    });
  });
}
