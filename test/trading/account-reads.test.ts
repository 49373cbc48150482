/**
 * `associateTrades` of `GET /data/orders` and `GET /data/order/{id}`: the trades of every order,
 * as taker and as maker, for open orders (memory) and closed ones (database), next to orders
 * that never matched; and the lookups behind them use indexes, not scans of the trade history.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { Envelope, Order, Trade } from '../../src/routes/trading/schemas.js';
import { backends } from '../support/backends.js';
import type { TestService } from '../support/service.js';
import { newMarket, orderBody, post, trader, tradingService, type Trader } from './kit.js';

for (const backend of backends()) {
  describe(`account reads: associated trades (${backend.name})`, { skip: backend.skip }, () => {
    let svc: TestService;
    let cid: string;
    let alice: Trader;
    let bob: Trader;
    before(async () => {
      svc = await tradingService(backend);
      cid = await newMarket(svc, { minSize: 1_000_000 });
      alice = await trader(svc);
      bob = await trader(svc);
      const split = await post(svc, bob, 'POST', '/split', { market: cid, amount: '100000000' });
      assert.equal(split.statusCode, 200, split.body);
    });
    after(async () => { await svc?.dispose(); });

    const place = async (t: Trader, side: 'BUY' | 'SELL', price: string, size: string) => {
      const res = await post(svc, t, 'POST', '/order', orderBody(t, `${cid}:0`, side, price, size));
      assert.equal(res.statusCode, 200, res.body);
      return res.json() as { orderID: string; tradeIDs: string[]; status: string };
    };

    it('lists each order\'s trades as taker and as maker, and none for unmatched orders', async () => {
      const idle = await place(alice, 'BUY', '0.30', '10');
      const made = await place(alice, 'BUY', '0.50', '10');
      const hit = await place(bob, 'SELL', '0.50', '4'); // takes 4 of alice's bid: alice is maker
      assert.equal(hit.status, 'matched');
      const ask = await place(bob, 'SELL', '0.60', '5');
      const took = await place(alice, 'BUY', '0.60', '8'); // takes bob's 5, rests 3: alice is taker
      assert.equal(took.status, 'live');
      const ask2 = await place(bob, 'SELL', '0.60', '2'); // takes 2 of alice's rest: alice is maker again

      const open = (await post(svc, alice, 'GET', '/data/orders')).json();
      const byId = new Map<string, { associateTrades: string[]; sizeMatched: string }>(open.data.map((o: any) => [o.id, o]));
      assert.deepEqual(byId.get(idle.orderID)?.associateTrades, []);
      assert.deepEqual(byId.get(made.orderID)?.associateTrades, hit.tradeIDs);
      assert.equal(byId.get(made.orderID)?.sizeMatched, '4');
      assert.deepEqual(byId.get(took.orderID)?.associateTrades, [...took.tradeIDs, ...ask2.tradeIDs], 'taker trades first, then maker');
      assert.equal(byId.get(took.orderID)?.sizeMatched, '7');

      // Bob's asks were filled and closed: read from the database, with their trades.
      const closed = (await post(svc, bob, 'GET', `/data/order/${ask.orderID}`)).json();
      assert.equal(closed.status, 'MATCHED');
      assert.deepEqual(closed.associateTrades, took.tradeIDs);
      const taker = (await post(svc, bob, 'GET', `/data/order/${hit.orderID}`)).json();
      assert.deepEqual(taker.associateTrades, hit.tradeIDs);
      const one = (await post(svc, alice, 'GET', `/data/order/${idle.orderID}`)).json();
      assert.deepEqual(one.associateTrades, []);
    });

    it('writes the same bytes as the schema\'s compiled serializer', async () => {
      // The pages are serialized with JSON.stringify (NATIVE_JSON): compare with fastify's default.
      const reference = Fastify();
      for (const [url, schema] of [['/orders', Envelope(Order)], ['/trades', Envelope(Trade)]] as const) {
        reference.post(url, { schema: { response: { 200: schema } } }, async (req) => req.body);
      }
      for (const [t, url, ref] of [[alice, '/data/orders', '/orders'], [alice, '/data/trades', '/trades'], [bob, '/data/trades', '/trades']] as const) {
        const res = await post(svc, t, 'GET', url);
        assert.equal(res.statusCode, 200);
        assert.ok(res.json().count > 0, url);
        const expected = await reference.inject({ method: 'POST', url: ref, payload: res.json() });
        assert.equal(res.body, expected.body, url);
      }
      await reference.close();
    });

    it('finds an order\'s trades through indexes', { skip: backend.name !== 'sqlite' && 'query plans checked on SQLite' }, async () => {
      const plan = async (q: string) => (await sql.raw(`EXPLAIN QUERY PLAN ${q}`).execute(svc.store.db)).rows.map((r: any) => String(r.detail)).join('; ');
      assert.match(await plan("SELECT id FROM trades WHERE taker_order_id IN ('a', 'b') ORDER BY seq"), /USING INDEX trades_taker_order/);
      assert.match(await plan("SELECT trade_id FROM trade_makers WHERE order_id IN ('a', 'b')"), /USING INDEX trade_makers_order/);
    });
  });
}
