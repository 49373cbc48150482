/**
 * `associateTrades` of `GET /data/orders` and `GET /data/order/{id}`: the trades of every order,
 * as taker and as maker, for open orders (memory) and closed ones (database), next to orders
 * that never matched; and the lookups behind them use indexes, not scans of the trade history.
 *
 * Kept `GET /data/orders` answers (src/trading/account.ts, src/trading/wallet-stamps.ts): a page
 * is answered from memory while its wallet's orders stamp is unchanged. Every change of the
 * wallet's orders shows in the next answer; a kept answer has the bytes a freshly built one has;
 * another wallet's orders leave the page kept; an order's trades show once their commit lands
 * (PostgreSQL, where a table lock holds the commit); and a page built from a core that a failed
 * write discarded is dropped with it (SQLite, where a temporary trigger fails the write).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { Envelope, Order, Trade } from '../../src/routes/trading/schemas.js';
import { backends } from '../support/backends.js';
import { tokenIdsOf } from '../support/tokens.js';
import type { TestService } from '../support/service.js';
import { AccountReads } from '../../src/trading/account.js';
import { sqliteOf } from '../../src/store/handles.js';
import { newMarket, orderBody, post, trader, tradingService, type Trader } from './kit.js';
import { Cache } from '../../src/store/cache.js';

interface PageOrder { id: string; sizeMatched: string; associateTrades: string[] }

for (const backend of backends()) {
  describe(`account reads: associated trades (${backend.name})`, { skip: backend.skip }, () => {
    let svc: TestService;
    let cid: string;
    let yes: string;
    let alice: Trader;
    let bob: Trader;
    before(async () => {
      svc = await tradingService(backend);
      cid = await newMarket(svc, { minSize: 1_000_000 });
      [yes] = await tokenIdsOf(svc, cid);
      alice = await trader(svc);
      bob = await trader(svc);
      const split = await post(svc, bob, 'POST', '/split', { market: cid, amount: '100000000' });
      assert.equal(split.statusCode, 200, split.body);
    });
    after(async () => { await svc?.dispose(); });

    const place = async (t: Trader, side: 'BUY' | 'SELL', price: string, size: string) => {
      const res = await post(svc, t, 'POST', '/order', orderBody(t, yes, side, price, size));
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

    const exchange = () => svc.services.exchange;
    const stamp = (t: Trader) => svc.services.account.ordersStamp(t.address);
    const answer = async (t: Trader) => {
      const res = await post(svc, t, 'GET', '/data/orders');
      assert.equal(res.statusCode, 200, res.body);
      return res.body;
    };
    const orders = (body: string) => (JSON.parse(body) as { data: PageOrder[] }).data;
    const ids = (body: string) => orders(body).map((o) => o.id);
    /** The page as a reader with nothing kept builds it. */
    const built = async (t: Trader) => (await new AccountReads(svc.store.db, exchange(), new Cache(1 << 24)).openOrdersPage(t.address, {}, 0)).toString();

    it("shows every change of the wallet's orders in the next answer, with a built page's bytes", async () => {
      // Above every earlier bid of Alice's, so that Bob's sell below fills this one.
      const a = await place(alice, 'BUY', '0.70', '10');
      const first = await answer(alice);
      const kept = stamp(alice);
      assert.equal(await answer(alice), first, 'answered again unchanged');
      assert.equal(stamp(alice), kept, 'and nothing moved the stamp: the second answer was the kept one');
      assert.equal(first, await built(alice));

      const b = await place(alice, 'BUY', '0.20', '10');
      let body = await answer(alice);
      assert.deepEqual(ids(body), [...ids(first), b.orderID], 'a new order');
      assert.equal(body, await built(alice));

      const hit = await place(bob, 'SELL', '0.70', '4'); // Alice's bid is the maker
      body = await answer(alice);
      const filled = orders(body).find((o) => o.id === a.orderID)!;
      assert.equal(filled.sizeMatched, '4');
      assert.deepEqual(filled.associateTrades, hit.tradeIDs, 'a fill by another trader, with its trade');
      assert.equal(body, await built(alice));

      const cancel = await post(svc, alice, 'DELETE', '/order', { orderID: b.orderID });
      assert.equal(cancel.statusCode, 200, cancel.body);
      body = await answer(alice);
      assert.deepEqual(ids(body), ids(first), 'a cancel');
      assert.equal(body, await built(alice));
    });

    it("keeps the page while only other wallets' orders change", async () => {
      const before = await answer(alice);
      const kept = stamp(alice);
      await place(bob, 'SELL', '0.90', '3');
      await place(bob, 'SELL', '0.91', '3');
      assert.equal(stamp(alice), kept);
      assert.equal(await answer(alice), before);
    });

    it('shows the trades of a fill once its commit lands', { skip: backend.name !== 'postgres' && 'a table lock holds the commit on PostgreSQL' }, async () => {
      const bid = await place(alice, 'BUY', '0.80', '10');
      const locker = new pg.Client({ connectionString: svc.services.config.databaseUrl });
      await locker.connect();
      try {
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE orders IN EXCLUSIVE MODE'); // readers go on, the writer waits
        const selling = post(svc, bob, 'POST', '/order', orderBody(bob, yes, 'SELL', '0.80', '2'));
        while ((exchange().core.order(bid.orderID)?.sizeMatched ?? 0) === 0) await sleep(5);
        const pending = orders(await answer(alice)).find((o) => o.id === bid.orderID)!;
        assert.equal(pending.sizeMatched, '2', 'the fill is in memory');
        assert.deepEqual(pending.associateTrades, [], 'its trade is not stored yet');
        await locker.query('COMMIT');
        const sold = await selling;
        assert.equal(sold.statusCode, 200, sold.body);
        const stored = orders(await answer(alice)).find((o) => o.id === bid.orderID)!;
        assert.deepEqual(stored.associateTrades, sold.json().tradeIDs, 'the page built before the commit is not answered after it');
      } finally {
        await locker.end().catch(() => {});
      }
    });

    it('drops pages kept from a core that a failed write discarded', { skip: backend.name !== 'sqlite' && 'the write is failed by a temporary trigger on SQLite' }, async () => {
      const account = svc.services.account;
      const before = (await account.openOrdersPage(alice.address, {}, 0)).toString();
      const sqlite = sqliteOf(svc.store.db)!;
      sqlite.exec(`CREATE TEMP TRIGGER planted_failure BEFORE INSERT ON orders BEGIN SELECT RAISE(ABORT, 'planted failure'); END`);
      const core = exchange().core;
      try {
        const placing = exchange().submit({ type: 'place', order: {
          wallet: alice.address, apiKey: alice.creds.apiKey, tokenId: yes, side: 'BUY', price: 100_000, size: 5_000_000, type: 'GTC',
        } });
        const during = orders((await account.openOrdersPage(alice.address, {}, 0)).toString());
        assert.equal(during.length, orders(before).length + 1, 'the page built before the write shows the new order');
        await assert.rejects(placing, /could not store/);
      } finally {
        sqlite.exec('DROP TRIGGER planted_failure');
      }
      for (let i = 0; exchange().core === core; i++) {
        assert.ok(i < 1000, 'the core is rebuilt');
        await sleep(5);
      }
      assert.equal((await account.openOrdersPage(alice.address, {}, 0)).toString(), before, 'the rebuilt core has no such order');
      assert.equal(await answer(alice), before);
    });
  });
}
