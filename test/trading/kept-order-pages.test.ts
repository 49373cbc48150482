/**
 * Kept `GET /data/orders` answers (src/trading/account.ts, src/exchange/owner-stamps.ts): a page
 * is answered from memory while its owner's orders stamp is unchanged. Every change of the
 * owner's orders shows in the next answer; a kept answer has the bytes a freshly built one has;
 * another owner's orders leave the page kept; an order's trades show once their commit lands
 * (PostgreSQL, where a table lock holds the commit); and a page built from a core that a failed
 * write discarded is dropped with it (SQLite, where a temporary trigger fails the write).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { backends } from '../support/backends.js';
import type { TestService } from '../support/service.js';
import { AccountReads } from '../../src/trading/account.js';
import { sqliteOf } from '../../src/store/handles.js';
import { newMarket, orderBody, post, trader, tradingService, type Trader } from './kit.js';

interface PageOrder { id: string; sizeMatched: string; associateTrades: string[] }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

for (const backend of backends()) {
  describe(`kept open-order pages (${backend.name})`, { skip: backend.skip }, () => {
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

    const exchange = () => svc.services.exchange;
    const stamp = (t: Trader) => exchange().ordersStamp(t.address);
    const place = async (t: Trader, side: 'BUY' | 'SELL', price: string, size: string) => {
      const res = await post(svc, t, 'POST', '/order', orderBody(t, `${cid}:0`, side, price, size));
      assert.equal(res.statusCode, 200, res.body);
      return res.json() as { orderID: string; tradeIDs: string[] };
    };
    const answer = async (t: Trader) => {
      const res = await post(svc, t, 'GET', '/data/orders');
      assert.equal(res.statusCode, 200, res.body);
      return res.body;
    };
    const orders = (body: string) => (JSON.parse(body) as { data: PageOrder[] }).data;
    /** The page as a reader with nothing kept builds it. */
    const built = async (t: Trader) => (await new AccountReads(svc.store.db, exchange()).openOrdersPage(t.address, {}, 0)).toString();

    it("shows every change of the owner's orders in the next answer, with a built page's bytes", async () => {
      const a = await place(alice, 'BUY', '0.30', '10');
      const first = await answer(alice);
      const kept = stamp(alice);
      assert.equal(await answer(alice), first, 'answered again unchanged');
      assert.equal(stamp(alice), kept, 'and nothing moved the stamp: the second answer was the kept one');
      assert.equal(first, await built(alice));

      const b = await place(alice, 'BUY', '0.20', '10');
      let body = await answer(alice);
      assert.deepEqual(orders(body).map((o) => o.id), [a.orderID, b.orderID], 'a new order');
      assert.equal(body, await built(alice));

      const hit = await place(bob, 'SELL', '0.30', '4'); // alice's first bid is the maker
      body = await answer(alice);
      const filled = orders(body).find((o) => o.id === a.orderID)!;
      assert.equal(filled.sizeMatched, '4');
      assert.deepEqual(filled.associateTrades, hit.tradeIDs, 'a fill by another trader, with its trade');
      assert.equal(body, await built(alice));

      const cancel = await post(svc, alice, 'DELETE', '/order', { orderID: b.orderID });
      assert.equal(cancel.statusCode, 200, cancel.body);
      body = await answer(alice);
      assert.deepEqual(orders(body).map((o) => o.id), [a.orderID], 'a cancel');
      assert.equal(body, await built(alice));
    });

    it("keeps the page while only other owners' orders change", async () => {
      const before = await answer(alice);
      const kept = stamp(alice);
      await place(bob, 'SELL', '0.90', '3');
      await place(bob, 'SELL', '0.91', '3');
      assert.equal(stamp(alice), kept);
      assert.equal(await answer(alice), before);
    });

    it('shows the trades of a fill once its commit lands', { skip: backend.name !== 'postgres' && 'a table lock holds the commit on PostgreSQL' }, async () => {
      const bid = await place(alice, 'BUY', '0.40', '10');
      const locker = new pg.Client({ connectionString: svc.services.config.databaseUrl });
      await locker.connect();
      try {
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE orders IN EXCLUSIVE MODE'); // readers go on, the writer waits
        const selling = post(svc, bob, 'POST', '/order', orderBody(bob, `${cid}:0`, 'SELL', '0.40', '2'));
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
        const placing = exchange().run((ex) => ex.placeOrder({
          owner: alice.address, apiKey: alice.creds.apiKey, tokenId: `${cid}:0`, side: 'BUY', price: 100_000, size: 5_000_000, type: 'GTC',
        }));
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
