/**
 * The routes behind the venue SDK's `listBuilderTrades` and notifications (issue #38), on both
 * stores: a V2 order's `builder` code is kept on the order and its trades; `GET
 * /builder/trades?builder_code=` on /clob is public, pages with the venue's cursors and refuses a
 * bad or zero code with a 400 naming it; without a code it is the builder-key view (L2) as
 * before, and the root keeps the spec's route. Notifications: the dead-man's switch's cancel is
 * one (type 1), an id list that is not integers is a 400, another account's ids drop nothing.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { tokenIdsOf } from '../support/tokens.js';
import type { TestService } from '../support/service.js';
import { l2Headers } from '../auth/helpers.js';
import { newMarket, orderBody, post, trader, tradingService, type Trader } from './kit.js';

const CODE = `0x${'a1'.repeat(32)}`;
const ZERO = `0x${'0'.repeat(64)}`;

/** An L2 request on the /clob mount: the signature covers the path without the mount. */
async function clob(svc: TestService, t: Trader, method: 'GET' | 'DELETE', path: string) {
  return svc.app.inject({ method, url: `/clob${path}`, headers: l2Headers(t.creds, t.address, method, path) });
}

for (const backend of backends()) {
  describe(`builder codes and notifications on /clob (${backend.name})`, { skip: backend.skip }, () => {
    let svc: TestService;
    let cid: string;
    let yes: string;
    let alice: Trader;
    let bob: Trader;
    const v2 = (t: Trader, side: 'BUY' | 'SELL', price: string, size: string, builder?: string) => {
      const body = orderBody(t, yes, side, price, size);
      return { ...body, order: { ...body.order, ...(builder ? { builder } : {}) } };
    };
    before(async () => {
      svc = await tradingService(backend, { SIBYL_HEARTBEAT_TIMEOUT_MS: '200' });
      cid = await newMarket(svc);
      [yes] = await tokenIdsOf(svc, cid);
      alice = await trader(svc, '100');
      bob = await trader(svc, '100');
      await post(svc, bob, 'POST', '/split', { market: cid, amount: '20000000' });
    });
    after(async () => { await svc?.dispose(); });

    it('keeps the order\'s builder code (lowercase; the zero code is none) on the order and its trade', async () => {
      const resting = (await post(svc, alice, 'POST', '/order', v2(alice, 'BUY', '0.5', '10', ZERO))).json().orderID as string;
      const taken = (await post(svc, bob, 'POST', '/order', v2(bob, 'SELL', '0.5', '5', CODE.toUpperCase().replace('0X', '0x')))).json();
      assert.equal(taken.status, 'matched', JSON.stringify(taken));
      const orders = await svc.store.db.selectFrom('orders').select(['id', 'builder_code']).where('id', 'in', [resting, taken.orderID]).execute();
      assert.deepEqual(Object.fromEntries(orders.map((o) => [o.id, o.builder_code])), { [resting]: null, [taken.orderID]: CODE });
      const trade = await svc.store.db.selectFrom('trades').select('builder_code').where('taker_order_id', '=', taken.orderID).executeTakeFirstOrThrow();
      assert.equal(trade.builder_code, CODE);
      const bad = await post(svc, bob, 'POST', '/order', v2(bob, 'SELL', '0.5', '5', '0x12'));
      assert.equal(bad.statusCode, 400);
    });

    it('GET /clob/builder/trades?builder_code= is public: the code\'s page, LTE= at its end', async () => {
      const page = await svc.app.inject({ method: 'GET', url: `/clob/builder/trades?builder_code=${CODE}` });
      assert.equal(page.statusCode, 200, page.body);
      const body = page.json();
      assert.deepEqual([body.next_cursor, body.count, body.limit], ['LTE=', 1, 300]);
      assert.deepEqual([body.data[0].tradeType, body.data[0].side, body.data[0].size, body.data[0].builder, body.data[0].maker, body.data[0].err_msg],
        ['TAKER', 'SELL', '5', CODE, bob.address, null]);
      assert.match(body.data[0].matchTime, /^[0-9]{10}$/);
      const ended = await svc.app.inject({ method: 'GET', url: `/clob/builder/trades?builder_code=${CODE}&next_cursor=LTE=` });
      assert.deepEqual(ended.json(), { data: [], next_cursor: 'LTE=', limit: 300, count: 0 });
      const later = await svc.app.inject({ method: 'GET', url: `/clob/builder/trades?builder_code=${CODE}&after=${Math.floor(Date.now() / 1000) + 60}` });
      assert.equal(later.json().count, 0, 'after filters by match time');
    });

    it('a bad or zero builder_code is a 400 that names it; without one /clob and the root want L2', async () => {
      for (const code of ['nope', ZERO, `0x${'1'.repeat(63)}`]) {
        const r = await svc.app.inject({ method: 'GET', url: `/clob/builder/trades?builder_code=${code}` });
        assert.equal(r.statusCode, 400, code);
        assert.match(r.json().error, /builder_code/);
      }
      assert.equal((await svc.app.inject({ method: 'GET', url: '/clob/builder/trades' })).statusCode, 401);
      assert.equal((await svc.app.inject({ method: 'GET', url: `/builder/trades?builder_code=${CODE}` })).statusCode, 401, 'the root is the spec\'s L2 route');
      const keyed = await clob(svc, alice, 'GET', '/builder/trades');
      assert.deepEqual([keyed.statusCode, keyed.json()], [200, []], 'the builder-key view: alice attributed nothing');
    });

    it("notifications: the dead-man's switch's cancel (type 1) and the account's fill; bad ids are a 400, others' ids drop nothing", async () => {
      const id = (await post(svc, alice, 'POST', '/order', orderBody(alice, yes, 'BUY', '0.11', '5'))).json().orderID as string;
      assert.equal((await post(svc, alice, 'POST', '/heartbeats')).statusCode, 200);
      await new Promise((r) => setTimeout(r, 900));
      const list = async (t: Trader) => (await clob(svc, t, 'GET', '/notifications')).json() as Array<{ id: number; type: number; owner: string; payload: Record<string, unknown> }>;
      const notes = await list(alice);
      assert.equal(notes.filter((n) => n.type === 1).length, 2, 'the switch cancelled both her open orders');
      const cancel = notes.find((n) => n.type === 1 && n.payload.order_id === id);
      assert.ok(cancel, JSON.stringify(notes));
      assert.deepEqual([cancel.payload.order_id, cancel.payload.remaining_size, cancel.owner], [id, '5', alice.creds.apiKey]);
      assert.ok(notes.some((n) => n.type === 2 && n.payload.matched_size === '5'), 'the maker fill of the first test');
      assert.equal((await clob(svc, alice, 'DELETE', '/notifications?ids=1,x')).statusCode, 400);
      const theirs = (await list(bob)).map((n) => n.id);
      assert.ok(theirs.length > 0);
      assert.equal((await clob(svc, alice, 'DELETE', `/notifications?ids=${theirs.join(',')}`)).statusCode, 200);
      assert.deepEqual((await list(bob)).map((n) => n.id), theirs, 'bob\'s are his to drop');
      assert.equal((await clob(svc, bob, 'DELETE', `/notifications?ids=${theirs[0]}`)).statusCode, 200);
      assert.deepEqual((await list(bob)).map((n) => n.id), theirs.slice(1));
      assert.equal((await svc.app.inject({ method: 'GET', url: '/notifications' })).statusCode, 404, 'the root has no inbox');
    });
  });
}
