/** Order entry through the HTTP API: success paths, every rejection, batches and account reads. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { tokenIdsOf } from '../support/tokens.js';
import type { TestService } from '../support/service.js';
import { newMarket, orderBody, post, trader, tradingService, type Trader } from './kit.js';

for (const backend of backends()) {
  describe(`order entry (${backend.name})`, { skip: backend.skip }, () => {
    let svc: TestService;
    let cid: string;
    let yes: string;
    let alice: Trader;
    let bob: Trader;
    before(async () => {
      svc = await tradingService(backend);
      cid = await newMarket(svc);
      [yes] = await tokenIdsOf(svc, cid);
      alice = await trader(svc);
      bob = await trader(svc);
      const split = await post(svc, bob, 'POST', '/split', { market: cid, amount: '100000000' });
      assert.equal(split.statusCode, 200, split.body);
    });
    after(async () => { await svc?.dispose(); });

    it('rests a GTC bid and shows it in the account reads', async () => {
      const res = await post(svc, alice, 'POST', '/order', orderBody(alice, yes, 'BUY', '0.40', '10'));
      assert.equal(res.statusCode, 200, res.body);
      const r = res.json();
      assert.equal(r.success, true);
      assert.equal(r.status, 'live');
      assert.match(r.orderID, /^0x[0-9a-f]{64}$/);
      const open = (await post(svc, alice, 'GET', '/data/orders')).json();
      assert.equal(open.count, 1);
      assert.equal(open.next_cursor, '');
      const o = open.data[0];
      assert.deepEqual(Object.keys(o).sort(), ['assetId', 'associateTrades', 'createdAt', 'id', 'makerAddress', 'market', 'originalSize', 'outcome', 'owner', 'price', 'side', 'sizeMatched', 'status', 'type'].sort());
      assert.equal(o.price, '0.4');
      assert.equal(o.originalSize, '10');
      assert.equal(o.outcome, 'Yes');
      assert.equal(o.assetId, yes, 'the position id');
      assert.equal(o.owner, alice.creds.apiKey);
      const one = await post(svc, alice, 'GET', `/data/order/${r.orderID}`);
      assert.equal(one.json().id, r.orderID);
      const other = await post(svc, bob, 'GET', `/data/order/${r.orderID}`);
      assert.equal(other.statusCode, 404, 'another account cannot read it');
      const empty = await post(svc, alice, 'GET', '/data/orders?next_cursor=');
      assert.deepEqual(empty.json(), { data: [], next_cursor: 'LTE=', limit: 100, count: 0 });
    });

    it('matches a crossing SELL at the maker price and records the trade for both sides', async () => {
      const res = await post(svc, bob, 'POST', '/order', orderBody(bob, yes, 'SELL', '0.35', '4', { orderType: 'FAK' }));
      const r = res.json();
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(r.status, 'matched');
      assert.equal(r.makingAmount, '4');
      assert.equal(r.takingAmount, '1.6', 'executes at the resting 0.40, the taker keeps the improvement');
      assert.equal(r.tradeIDs.length, 1);
      const taker = (await post(svc, bob, 'GET', '/data/trades')).json();
      assert.equal(taker.next_cursor, 'LTE=');
      assert.equal(taker.data[0].asset_id, yes, 'the position id');
      const t = taker.data[0];
      assert.equal(t.type, 'TAKER');
      assert.equal(t.side, 'SELL');
      assert.equal(t.size, '4');
      assert.equal(t.status, 'CONFIRMED');
      assert.equal(t.maker_orders.length, 1);
      assert.equal(t.maker_orders[0].maker_address, alice.address);
      assert.equal(t.maker_orders[0].matched_amount, '4');
      const maker = (await post(svc, alice, 'GET', '/data/trades')).json();
      assert.equal(maker.data[0].type, 'MAKER');
      assert.equal(maker.data[0].id, t.id);
      const filtered = (await post(svc, alice, 'GET', `/data/trades?market=${cid}&after=${Math.floor(Date.now() / 1000) + 60}`)).json();
      assert.equal(filtered.count, 0);
      const open = (await post(svc, alice, 'GET', '/data/orders')).json();
      assert.equal(open.data[0].sizeMatched, '4');
      assert.deepEqual(open.data[0].associateTrades, [t.id]);
    });

    it('rejects with the real text, a code and the broken limit', async () => {
      const cases: Array<[unknown, string, string]> = [
        [orderBody(alice, yes, 'BUY', '0.405', '10'), 'invalid_price', 'invalid price (0.405), min: 0.01 - max: 0.99'],
        [orderBody(alice, yes, 'BUY', '0.5', '2'), 'size_below_minimum', 'Size (2) lower than the minimum: 5'],
        [orderBody(alice, yes, 'BUY', '0.99', '100000'), 'insufficient_balance', 'not enough balance / allowance'],
        [{ ...orderBody(alice, yes, 'BUY', '0.5', '10'), owner: bob.creds.apiKey }, 'owner_mismatch', 'the order owner has to be the owner of the API KEY'],
        [orderBody(alice, yes, 'BUY', '0.9', '5', { orderType: 'FOK' }), 'fok_not_filled', "order couldn't be fully filled. FOK orders are fully filled or killed."],
        [orderBody(alice, yes, 'BUY', '0.3', '5', { orderType: 'FAK' }), 'fak_no_match', 'no orders found to match with FAK order. FAK orders are partially filled or killed if no match is found.'],
        [orderBody(bob, yes, 'SELL', '0.40', '5', { postOnly: true }), 'post_only_crosses', 'invalid post-only order: order crosses book'],
        [orderBody(alice, yes, 'BUY', '0.5', '10', { orderType: 'GTD' }), 'invalid_expiration', 'invalid expiration'],
        [orderBody(alice, '0xdead:0', 'BUY', '0.5', '10'), 'invalid_token', 'Invalid order payload'],
      ];
      for (const [body, code, text] of cases) {
        const who = (body as { owner: string }).owner === bob.creds.apiKey && code === 'post_only_crosses' ? bob : alice;
        const res = await post(svc, who, 'POST', '/order', body);
        assert.equal(res.statusCode, 400, `${code}: ${res.body}`);
        const r = res.json();
        assert.equal(r.success, false);
        assert.equal(r.code, code, res.body);
        assert.equal(r.errorMsg, text);
        assert.equal(r.error, text);
      }
      const broke = (await post(svc, alice, 'POST', '/order', orderBody(alice, yes, 'BUY', '0.99', '100000'))).json();
      assert.ok(broke.limit.free !== undefined && broke.limit.required !== undefined, JSON.stringify(broke.limit));
      const signer = orderBody(alice, yes, 'BUY', '0.5', '10');
      signer.order.signer = bob.address;
      assert.equal((await post(svc, alice, 'POST', '/order', signer)).json().code, 'signer_mismatch');
      const malformed = await post(svc, alice, 'POST', '/order', { order: { side: 'BUY' }, owner: alice.creds.apiKey });
      assert.equal(malformed.statusCode, 400);
      assert.match(malformed.json().error, /^Invalid order payload/);
    });

    it('places batches of up to 15 and answers per order', async () => {
      const two = [orderBody(alice, yes, 'BUY', '0.30', '5'), orderBody(alice, yes, 'BUY', '0.301', '5')];
      const res = await post(svc, alice, 'POST', '/orders', two);
      assert.equal(res.statusCode, 200, res.body);
      const [a, b] = res.json();
      assert.equal(a.success, true);
      assert.equal(b.success, false);
      assert.equal(b.code, 'invalid_price');
      const many = await post(svc, alice, 'POST', '/orders', Array.from({ length: 16 }, () => two[0]));
      assert.equal(many.statusCode, 400);
      assert.equal(many.json().error, 'Too many orders in payload: 16, max allowed: 15');
    });

    it('cancels one, many, by market and all', async () => {
      const ids: string[] = [];
      for (const p of ['0.20', '0.21', '0.22', '0.23']) ids.push((await post(svc, alice, 'POST', '/order', orderBody(alice, yes, 'BUY', p, '5'))).json().orderID);
      const one = (await post(svc, alice, 'DELETE', '/order', { orderID: ids[0] })).json();
      assert.deepEqual(one, { canceled: [ids[0]], not_canceled: {} });
      const again = (await post(svc, alice, 'DELETE', '/order', { orderID: ids[0] })).json();
      assert.deepEqual(again.canceled, []);
      assert.ok(again.not_canceled[ids[0]!]);
      const stolen = (await post(svc, bob, 'DELETE', '/order', { orderID: ids[1] })).json();
      assert.deepEqual(stolen.canceled, [], 'another account cannot cancel it');
      const many = (await post(svc, alice, 'DELETE', '/orders', [ids[1], ids[1], 'nope'])).json();
      assert.deepEqual(many.canceled, [ids[1]]);
      assert.ok(many.not_canceled.nope);
      const market = (await post(svc, alice, 'DELETE', '/cancel-market-orders', { market: cid })).json();
      assert.ok(market.canceled.includes(ids[2]) && market.canceled.includes(ids[3]));
      await post(svc, alice, 'POST', '/order', orderBody(alice, yes, 'BUY', '0.20', '5'));
      const all = (await post(svc, alice, 'DELETE', '/cancel-all')).json();
      assert.equal(all.canceled.length, 1);
      assert.equal((await post(svc, alice, 'GET', '/data/orders')).json().count, 0);
      const tooMany = await post(svc, alice, 'DELETE', '/orders', Array.from({ length: 1001 }, (_, i) => `id${i}`));
      assert.equal(tooMany.statusCode, 400);
      const cancelled = await post(svc, alice, 'GET', `/data/order/${ids[0]}`);
      assert.equal(cancelled.json().status, 'CANCELED');
    });

    it('requires L2 authentication on every trading route', async () => {
      for (const [method, url] of [['POST', '/order'], ['POST', '/orders'], ['DELETE', '/order'], ['DELETE', '/cancel-all'], ['GET', '/data/orders'], ['GET', '/data/trades'], ['GET', '/builder/trades'], ['POST', '/split'], ['GET', '/balance-allowance?asset_type=COLLATERAL']] as const) {
        const res = await svc.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
        assert.equal(res.statusCode, 401, `${method} ${url}: ${res.body}`);
        assert.deepEqual(Object.keys(res.json()), ['error']);
      }
    });
  });
}
