/**
 * `GET /data/orders` pages: an account's open orders in the order they were placed, pages of
 * 100 followed by `next_cursor`, the `market`, `asset_id` and `id` filters applied before the
 * page is cut, cancelled orders gone from every page.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { tokenIdsOf } from '../support/tokens.js';
import type { TestService } from '../support/service.js';
import { newMarket, orderBody, post, trader, tradingService, type Trader } from './kit.js';

for (const backend of backends()) {
  describe(`open order pages (${backend.name})`, { skip: backend.skip }, () => {
    let svc: TestService;
    let alice: Trader;
    let bob: Trader;
    let a: string;
    let b: string;
    const tokens = new Map<string, [string, string]>();
    /** Alice's order ids in placement order, with their market. */
    const placed: Array<{ id: string; market: string }> = [];

    /** Every order id of a walk through the pages of `query`, and the page sizes. */
    async function walk(t: Trader, query: string): Promise<{ ids: string[]; sizes: number[] }> {
      const ids: string[] = [];
      const sizes: number[] = [];
      let cursor: string | undefined;
      for (let pages = 0; pages < 10; pages++) {
        const sep = query ? '&' : '';
        const url = `/data/orders?${query}${cursor === undefined ? '' : `${sep}next_cursor=${encodeURIComponent(cursor)}`}`;
        const res = await post(svc, t, 'GET', url);
        assert.equal(res.statusCode, 200, res.body);
        const page = res.json();
        assert.equal(page.count, page.data.length);
        sizes.push(page.count);
        ids.push(...page.data.map((o: { id: string }) => o.id));
        if (page.next_cursor === '') return { ids, sizes };
        cursor = page.next_cursor;
      }
      throw new Error('the pages never ended');
    }

    before(async () => {
      svc = await tradingService(backend);
      a = await newMarket(svc);
      b = await newMarket(svc);
      tokens.set(a, await tokenIdsOf(svc, a));
      tokens.set(b, await tokenIdsOf(svc, b));
      alice = await trader(svc, '5000');
      bob = await trader(svc, '100');
      // 210 bids, alternating markets: 105 in each, more than a page either way.
      for (let i = 0; i < 210; i++) {
        const market = i % 2 === 0 ? a : b;
        const res = await post(svc, alice, 'POST', '/order', orderBody(alice, tokens.get(market)![0], 'BUY', (0.01 + (i % 30) / 100).toFixed(2), '5'));
        assert.equal(res.statusCode, 200, res.body);
        placed.push({ id: res.json().orderID, market });
      }
      await post(svc, bob, 'POST', '/order', orderBody(bob, `${a}:0`, 'BUY', '0.05', '5'));
    });
    after(async () => { await svc?.dispose(); });

    it('pages every open order once, oldest first', async () => {
      const all = await walk(alice, '');
      assert.deepEqual(all.sizes, [100, 100, 10]);
      assert.deepEqual(all.ids, placed.map((p) => p.id));
    });

    it('filters by market and by token before cutting the pages', async () => {
      const [bYes, bNo] = tokens.get(b)!;
      for (const [query, market] of [[`market=${a}`, a], [`asset_id=${bYes}`, b], [`asset_id=${b}:0`, b]] as const) {
        const got = await walk(alice, query);
        assert.deepEqual(got.sizes, [100, 5], query);
        assert.deepEqual(got.ids, placed.filter((p) => p.market === market).map((p) => p.id), query);
      }
      assert.deepEqual((await walk(alice, `asset_id=${bNo}`)).ids, [], 'no orders on the other outcome');
      assert.deepEqual((await walk(alice, `market=${a}&asset_id=${bYes}`)).ids, [], 'filters combine');
    });

    it("finds one order by id, only its wallet's, and only when the other filters match", async () => {
      const { id, market } = placed[7]!;
      assert.deepEqual((await walk(alice, `id=${id}`)).ids, [id]);
      assert.deepEqual((await walk(alice, `id=${id}&market=${market}`)).ids, [id]);
      assert.deepEqual((await walk(alice, `id=${id}&market=${market === a ? b : a}`)).ids, []);
      assert.deepEqual((await walk(bob, `id=${id}`)).ids, [], 'another account sees nothing');
    });

    it('leaves cancelled orders out of every page', async () => {
      const gone = [placed[0]!, placed[99]!, placed[150]!];
      for (const g of gone) {
        const res = await post(svc, alice, 'DELETE', '/order', { orderID: g.id });
        assert.deepEqual(res.json().canceled, [g.id], res.body);
      }
      const left = placed.filter((p) => !gone.includes(p));
      const all = await walk(alice, '');
      assert.deepEqual(all.sizes, [100, 100, 7]);
      assert.deepEqual(all.ids, left.map((p) => p.id));
      assert.deepEqual((await walk(alice, `market=${a}`)).ids, left.filter((p) => p.market === a).map((p) => p.id));
    });
  });
}
