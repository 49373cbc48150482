/**
 * Identical L2 writes are served by default (issue #37): the venue never refuses a request for
 * being byte-for-byte the same as one before it (cancel-all twice in one second, two equal
 * conversions, a client's retry). Both stores. The refusal is the operator's opt-in,
 * `SIBYL_REFUSE_L2_REPLAYS=1` (test/auth/replay.test.ts), and a signed order's own EIP-712 hash is
 * accepted once whatever the setting (test/bots/signed-orders.test.ts).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import type { TestService } from '../support/service.js';
import { newMarket, orderBody, post, trader, tradingService, type Trader } from '../trading/kit.js';
import { balance, negRiskEvent, negRiskMarketIdOf, split } from '../negrisk/kit.js';
import { l2Headers, nowS } from './helpers.js';

const SHARE = 1_000_000;

/** The very same signed request (headers, timestamp and body) every time it is called. */
function identical(svc: TestService, t: Trader, method: 'POST' | 'DELETE', url: string, body?: unknown) {
  const payload = body === undefined ? '' : JSON.stringify(body);
  const headers = { ...l2Headers(t.creds, t.address, method, url, payload, { ts: nowS() }), ...(payload ? { 'content-type': 'application/json' } : {}) };
  return () => svc.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

async function firstToken(svc: TestService, cid: string): Promise<string> {
  const res = await svc.app.inject({ url: `/markets/${cid}` });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().tokens[0].token_id as string;
}

for (const backend of backends()) {
  describe(`identical L2 writes are served by default (${backend.name})`, { skip: backend.skip }, () => {
    let svc: TestService;
    before(async () => { svc = await tradingService(backend); });
    after(async () => { await svc?.dispose(); });

    it('has no replay check unless the operator asks for one', () => {
      assert.equal(svc.services.config.refuseL2Replays, false);
    });

    it('cancel-all twice in one second: both 200, the second cancels what was placed between', async () => {
      const alice = await trader(svc);
      const token = await firstToken(svc, await newMarket(svc));
      const place = async (price: string) => {
        const r = await post(svc, alice, 'POST', '/order', orderBody(alice, token, 'BUY', price, '10'));
        assert.equal(r.statusCode, 200, r.body);
        return r.json().orderID as string;
      };
      const before1 = await place('0.30');
      const cancelAll = identical(svc, alice, 'DELETE', '/cancel-all');
      const first = await cancelAll();
      assert.equal(first.statusCode, 200, first.body);
      assert.deepEqual(first.json().canceled, [before1]);
      const between = await place('0.31');
      const second = await cancelAll();
      assert.equal(second.statusCode, 200, second.body);
      assert.deepEqual(second.json().canceled, [between], 'the same request again cancels the order placed in between');
      const open = await post(svc, alice, 'GET', '/data/orders');
      assert.equal(open.json().count, 0);
    });

    it('two equal conversions in one second both apply', async () => {
      const ev = await negRiskEvent(svc, 3);
      const mid = await negRiskMarketIdOf(svc, ev.markets[0]!.conditionId);
      const t = await trader(svc, '1000');
      for (const m of ev.markets) await split(svc, t, m.conditionId, 20 * SHARE);
      const amount = 2 * SHARE;
      // NO of questions 0 and 1 → (2 - 1) × amount collateral and YES of question 2.
      const convert = identical(svc, t, 'POST', '/convert', { market_id: mid, index_set: '3', amount: String(amount) });
      const cash0 = await balance(svc, t);
      const a = await convert();
      assert.equal(a.statusCode, 200, a.body);
      assert.equal(await balance(svc, t) - cash0, amount);
      const b = await convert();
      assert.equal(b.statusCode, 200, b.body);
      assert.equal(await balance(svc, t) - cash0, 2 * amount, 'the second, identical conversion applied too');
    });
  });
}
