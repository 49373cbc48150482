/**
 * The custodial ledger routes, exchange modes, builder attribution and the dead-man's switch
 * cancelling real orders.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { tokenIdsOf } from '../support/tokens.js';
import type { TestService } from '../support/service.js';
import { l2Headers } from '../auth/helpers.js';
import { ADMIN, newMarket, orderBody, post, trader, tradingService, type Trader } from './kit.js';

const admin = { authorization: `Bearer ${ADMIN}` };

for (const backend of backends()) {
  describe(`ledger, modes and builders (${backend.name})`, { skip: backend.skip }, () => {
    let svc: TestService;
    let cid: string;
    let yes: string;
    let no: string;
    let alice: Trader;
    let bob: Trader;
    before(async () => {
      svc = await tradingService(backend, { SIBYL_HEARTBEAT_TIMEOUT_MS: '200' });
      cid = await newMarket(svc);
      [yes, no] = await tokenIdsOf(svc, cid);
      alice = await trader(svc, '100');
      bob = await trader(svc, '100');
    });
    after(async () => { await svc?.dispose(); });

    it('splits, merges, shows balances and redeems after resolution', async () => {
      const bal = async (q: string) => (await post(svc, alice, 'GET', `/balance-allowance?${q}`)).json();
      assert.deepEqual(await bal('asset_type=COLLATERAL'), { balance: '100000000', allowance: '100000000', free: '100000000', reserved: '0' });
      assert.equal((await post(svc, alice, 'POST', '/split', { market: cid, amount: '10000000' })).statusCode, 200);
      assert.equal((await bal(`asset_type=CONDITIONAL&token_id=${no}`)).balance, '10000000');
      assert.equal((await bal(`asset_type=CONDITIONAL&token_id=${cid}:1`)).balance, '10000000', 'the alias <condition_id>:1 in');
      assert.equal((await post(svc, alice, 'POST', '/merge', { market: cid, amount: '4000000' })).statusCode, 200);
      assert.equal((await bal('asset_type=COLLATERAL')).balance, '94000000');
      const tooMuch = await post(svc, alice, 'POST', '/merge', { market: cid, amount: '40000000' });
      assert.equal(tooMuch.statusCode, 400);
      const missing = await post(svc, alice, 'GET', '/balance-allowance?asset_type=CONDITIONAL');
      assert.equal(missing.json().error, 'token_id is required');
      const early = await post(svc, alice, 'POST', '/redeem', { market: cid });
      assert.equal(early.statusCode, 400);
    });

    it('refuses writes by mode with 503 and Retry-After, and keeps cancels in cancel-only', async () => {
      const resting = (await post(svc, bob, 'POST', '/order', orderBody(bob, yes, 'BUY', '0.10', '5'))).json().orderID;
      const setMode = (mode: string) => svc.app.inject({ method: 'PUT', url: '/admin/exchange/mode', headers: admin, payload: { mode } });
      await setMode('cancel-only');
      const refused = await post(svc, bob, 'POST', '/order', orderBody(bob, yes, 'BUY', '0.10', '5'));
      assert.equal(refused.statusCode, 503);
      assert.ok(refused.headers['retry-after']);
      assert.match(refused.json().error, /cancel-only/);
      const cancel = await post(svc, bob, 'DELETE', '/order', { orderID: resting });
      assert.deepEqual(cancel.json().canceled, [resting]);
      await setMode('disabled');
      assert.equal((await post(svc, bob, 'DELETE', '/cancel-all')).statusCode, 503);
      assert.equal((await post(svc, bob, 'POST', '/split', { market: cid, amount: '1000000' })).statusCode, 503);
      await setMode('normal');
      assert.equal((await post(svc, bob, 'POST', '/order', orderBody(bob, yes, 'BUY', '0.10', '5'))).statusCode, 200);
      await post(svc, bob, 'DELETE', '/cancel-all');
    });

    it('attributes trades to the builder whose headers signed the order', async () => {
      const builder = await trader(svc, '0');
      await post(svc, alice, 'POST', '/order', orderBody(alice, no, 'SELL', '0.60', '5'));
      const body = JSON.stringify(orderBody(bob, no, 'BUY', '0.60', '5'));
      const b = l2Headers(builder.creds, builder.address, 'POST', '/order', body);
      const builderHeaders = Object.fromEntries(Object.entries(b).filter(([k]) => k !== 'SVC_ADDRESS').map(([k, v]) => [k.replace('SVC_', 'SVC_BUILDER_'), v]));
      const res = await post(svc, bob, 'POST', '/order', JSON.parse(body), builderHeaders);
      assert.equal(res.json().status, 'matched', res.body);
      const trades = await post(svc, builder, 'GET', '/builder/trades');
      assert.equal(trades.statusCode, 200, trades.body);
      const list = trades.json();
      assert.ok(Array.isArray(list));
      assert.equal(list.length, 1);
      assert.equal(list[0].taker_order_id, res.json().orderID);
      assert.deepEqual((await post(svc, alice, 'GET', '/builder/trades')).json(), []);
      const bad = await post(svc, bob, 'POST', '/order', JSON.parse(body), { ...builderHeaders, SVC_BUILDER_SIGNATURE: 'AAAA' });
      assert.equal(bad.statusCode, 401);
    });

    it("cancels every open order when the heartbeat stops (dead-man's switch)", async () => {
      const id = (await post(svc, bob, 'POST', '/order', orderBody(bob, yes, 'BUY', '0.11', '5'))).json().orderID;
      const beat = await post(svc, bob, 'POST', '/heartbeats');
      assert.equal(beat.statusCode, 200, beat.body);
      await new Promise((r) => setTimeout(r, 900));
      const order = (await post(svc, bob, 'GET', `/data/order/${id}`)).json();
      assert.equal(order.status, 'CANCELED');
      const row = await svc.store.db.selectFrom('orders').select('cancel_reason').where('id', '=', id).executeTakeFirstOrThrow();
      assert.match(row.cancel_reason ?? '', /heartbeat/);
    });

    it('resolves through the operator API and pays out on redeem', async () => {
      const r = await svc.app.inject({ method: 'POST', url: `/admin/markets/${cid}/resolve`, headers: admin, payload: { winner: 1 } });
      assert.equal(r.statusCode, 200, r.body);
      assert.deepEqual(r.json(), { condition_id: cid, payouts: ['0', '1'], winner: 1 });
      const before = (await post(svc, alice, 'GET', '/balance-allowance?asset_type=COLLATERAL')).json().balance;
      const red = await post(svc, alice, 'POST', '/redeem', { market: cid });
      assert.equal(red.statusCode, 200, red.body);
      const afterBal = (await post(svc, alice, 'GET', '/balance-allowance?asset_type=COLLATERAL')).json().balance;
      assert.ok(Number(afterBal) > Number(before));
      const again = await svc.app.inject({ method: 'POST', url: `/admin/markets/${cid}/resolve`, headers: admin, payload: { winner: 0 } });
      assert.equal(again.statusCode, 400);
      const bad = await svc.app.inject({ method: 'POST', url: `/admin/markets/${cid}/resolve`, headers: admin, payload: { payouts: ['0.4', '0.4'] } });
      assert.equal(bad.statusCode, 400);
    });
  });
}
