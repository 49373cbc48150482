/**
 * Order-book market reads: the field sets of the list, by-id, sampling, simplified and CLOB
 * forms; the sampling rule; cursor walking to `LTE=` over several pages; token prices from the
 * live book, the last trade and the resolution; catalog changes seen through the page cache;
 * and the error paths — on SQLite and PostgreSQL.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { tokenIdsOf } from '../support/tokens.js';
import { updateMarket } from '../../src/catalog/write.js';
import { A, B, kit, micro, type Kit } from './support.js';

const LIST_KEYS = [
  'enable_order_book', 'active', 'closed', 'archived', 'accepting_orders', 'accepting_order_timestamp', 'minimum_order_size',
  'minimum_tick_size', 'condition_id', 'question_id', 'question', 'description', 'market_slug', 'end_date_iso', 'game_start_time',
  'seconds_delay', 'fpmm', 'maker_base_fee', 'taker_base_fee', 'notifications_enabled', 'neg_risk', 'neg_risk_market_id',
  'neg_risk_request_id', 'icon', 'image', 'rewards', 'is_50_50_outcome', 'tokens', 'tags', 'itode', 'taker_order_delay_ms',
  'order_age_seconds', 'vendor_check_enabled',
];
const FULL_KEYS = [...LIST_KEYS, 'status', 'market_id', 'slug', 'assets_ids', 'outcomes', 'event', 'raw_metadata'];
const SIMPLE_KEYS = ['condition_id', 'status', 'neg_risk', 'market_id', 'question', 'slug', 'active', 'closed', 'archived',
  'accepting_orders', 'tokens', 'rewards', 'assets_ids', 'outcomes'];
const CLOB_KEYS = ['gst', 'r', 'c', 'nr', 't', 'mts', 'mos', 'fd', 'mbf', 'tbf', 'rfqe', 'itode', 'ibce', 'oas'];
const sorted = (o: object) => Object.keys(o).sort();

for (const backend of backends()) {
  describe(`order-book markets (${backend.name})`, { skip: backend.skip }, () => {
    let k: Kit;
    let ids: string[];
    let t0yes: string;
    let t0no: string;
    before(async () => {
      k = await kit(backend);
      ids = await k.markets([
        { rewardsDailyRate: micro(25), rewardsMinSize: micro(50), rewardsMaxSpread: micro(3.5), makerBaseFee: 0, takerBaseFee: 200,
          secondsDelay: 3, takerOrderDelayMs: 250, orderAgeSeconds: 10, itode: true, checkEnabled: true, rfqEnabled: true,
          minimumTickSize: 1_000, minimumOrderSize: micro(15), endDate: Date.UTC(2026, 5, 1), gameStartTime: Date.UTC(2026, 4, 1),
          metadata: { source: 'test' }, outcomes: ['Up', 'Down'] },
        {}, { rewardsDailyRate: micro(5), closed: true }, { rewardsDailyRate: micro(10) }, {},
      ], { tags: ['politics', 'elections'] });
      [t0yes, t0no] = await tokenIdsOf(k.svc, ids[0]!);
    });
    after(async () => { await k?.svc.dispose(); });

    it('GET /markets items have exactly the list fields, with real values from the row', async () => {
      const r = await k.get('/markets');
      assert.equal(r.status, 200);
      assert.deepEqual(Object.keys(r.body), ['data', 'next_cursor', 'limit', 'count']);
      assert.equal(r.body.next_cursor, 'LTE=');
      assert.equal(r.body.limit, 1000);
      assert.equal(r.body.count, 5);
      const m = r.body.data[0];
      assert.deepEqual(sorted(m), [...LIST_KEYS].sort());
      assert.equal(m.condition_id, ids[0]);
      assert.deepEqual(m.rewards, { rates: [{ asset_address: 'USDC', rewards_daily_rate: 25 }], min_size: 50, max_spread: 3.5 });
      assert.deepEqual([m.maker_base_fee, m.taker_base_fee, m.seconds_delay, m.taker_order_delay_ms, m.order_age_seconds], [0, 200, 3, 250, 10]);
      assert.deepEqual([m.minimum_tick_size, m.minimum_order_size, m.itode, m.vendor_check_enabled], [0.001, 15, true, true]);
      assert.equal(m.end_date_iso, '2026-06-01T00:00:00.000Z');
      assert.equal(m.game_start_time, '2026-05-01T00:00:00.000Z');
      assert.deepEqual(m.tags, ['Politics', 'Elections']);
      assert.deepEqual(m.tokens, [
        { token_id: t0yes, outcome: 'Up', price: 0.5, winner: false },
        { token_id: t0no, outcome: 'Down', price: 0.5, winner: false },
      ]);
      assert.deepEqual(r.body.data[1].rewards, { rates: [], min_size: 0, max_spread: 0 });
    });

    it('GET /markets/{condition_id} is the by-id form; GET /clob-markets/{id} the abbreviated one', async () => {
      const r = await k.get(`/markets/${ids[0]}`);
      assert.equal(r.status, 200);
      assert.deepEqual(sorted(r.body), [...FULL_KEYS].sort());
      assert.equal(r.body.status, 'active');
      assert.equal(typeof r.body.market_id, 'number');
      assert.deepEqual(r.body.assets_ids, [t0yes, t0no]);
      assert.deepEqual(r.body.outcomes, ['Up', 'Down']);
      assert.deepEqual(Object.keys(r.body.event), ['id', 'slug', 'title', 'ticker', 'description']);
      assert.deepEqual(r.body.raw_metadata, { source: 'test' });
      const upper = await k.get(`/markets/${ids[0]!.toUpperCase().replace('0X', '0x')}`);
      assert.equal(upper.body.condition_id, ids[0]);
      const c = await k.get(`/clob-markets/${ids[0]}`);
      assert.deepEqual(Object.keys(c.body), CLOB_KEYS);
      assert.deepEqual(c.body.t, [{ t: t0yes, o: 'Up' }, { t: t0no, o: 'Down' }]);
      assert.deepEqual([c.body.mts, c.body.mos, c.body.mbf, c.body.tbf, c.body.oas], [0.001, 15, 0, 200, 10]);
      assert.deepEqual(c.body.fd, { r: 0.02, e: 1, to: true });
      assert.deepEqual([c.body.rfqe, c.body.itode, c.body.ibce, c.body.nr], [true, true, true, false]);
      assert.equal(c.body.gst, '2026-05-01T00:00:00.000Z');
    });

    it('sampling lists: rewards configured, active, accepting orders; by-id form and simplified form', async () => {
      const s = await k.get('/sampling-markets');
      assert.deepEqual(s.body.data.map((m: { condition_id: string }) => m.condition_id), [ids[0], ids[3]]);
      for (const m of s.body.data) assert.deepEqual(sorted(m), [...FULL_KEYS].sort());
      const ss = await k.get('/sampling-simplified-markets');
      assert.deepEqual(ss.body.data.map((m: { condition_id: string }) => m.condition_id), [ids[0], ids[3]]);
      const simple = await k.get('/simplified-markets');
      assert.equal(simple.body.count, 5);
      for (const m of simple.body.data) assert.deepEqual(Object.keys(m), SIMPLE_KEYS);
      assert.equal(simple.body.data[2].status, 'closed');
    });

    it('walks every list page by page to LTE=', async () => {
      const md = k.svc.services.marketData;
      md.listings.pageSize = 2;
      try {
        for (const [list, total] of [['markets', 5], ['simplified-markets', 5], ['sampling-markets', 2]] as const) {
          const seen: string[] = [];
          const cursors: string[] = [];
          let cursor = 'MA==';
          for (let guard = 0; guard < 10 && cursor !== 'LTE='; guard++) {
            const r = await k.get(`/${list}?next_cursor=${encodeURIComponent(cursor)}`);
            assert.equal(r.status, 200);
            assert.equal(r.body.limit, 2);
            assert.equal(r.body.count, r.body.data.length);
            seen.push(...r.body.data.map((m: { condition_id: string }) => m.condition_id));
            cursor = r.body.next_cursor;
            cursors.push(cursor);
          }
          assert.equal(seen.length, total, list);
          assert.equal(new Set(seen).size, total);
          if (list === 'markets') assert.deepEqual(cursors, ['Mg==', 'NA==', 'LTE=']);
        }
        const end = await k.get('/markets?next_cursor=LTE=');
        assert.deepEqual(end.body, { data: [], next_cursor: 'LTE=', limit: 2, count: 0 });
      } finally {
        md.listings.pageSize = 1000;
      }
    });

    it('token prices follow the live book, the last trade and the resolution', async () => {
      const m = ids[4]!;
      const [yes, no] = await tokenIdsOf(k.svc, m);
      await k.fund(A, [m]);
      await k.fund(B, [m]);
      await k.order({ wallet: A, tokenId: yes, side: 'BUY', price: micro(0.3), size: micro(10) });
      await k.order({ wallet: B, tokenId: yes, side: 'SELL', price: micro(0.5), size: micro(10) });
      const tokens = async () => (await k.get('/markets')).body.data[4].tokens.map((t: { price: number; winner: boolean }) => [t.price, t.winner]);
      assert.deepEqual(await tokens(), [[0.4, false], [0.6, false]]);
      await k.order({ wallet: A, tokenId: yes, side: 'BUY', price: micro(0.5), size: micro(10), type: 'FOK' });
      await k.order({ wallet: A, tokenId: no, side: 'SELL', price: micro(0.8), size: micro(10) });
      // The ask side is now empty (a NO SELL at 0.8 is a YES bid at 0.2): the price is the last trade.
      assert.deepEqual(await tokens(), [[0.5, false], [0.5, false]]);
      const r = await k.svc.services.exchange.submit({ type: 'resolve', conditionId: m, payouts: [1_000_000, 0] });
      assert.equal(r.ok, true);
      assert.deepEqual(await tokens(), [[1, true], [0, false]]);
      const byId = await k.get(`/markets/${m}`);
      assert.equal(byId.body.status, 'resolved');
      assert.equal(byId.body.closed, true);
      assert.equal(byId.body.accepting_orders, false);
    });

    it('catalog changes are seen at once (the page cache follows the catalog version)', async () => {
      const before = await k.get('/markets');
      await updateMarket(k.svc.store.db, ids[1]!, { taker_base_fee: 150, rewards_daily_rate: micro(7) }, k.clock.now);
      const after = await k.get('/markets');
      assert.notEqual(before.text, after.text);
      assert.equal(after.body.data[1].taker_base_fee, 150);
      const s = await k.get('/sampling-markets');
      assert.ok(s.body.data.some((m: { condition_id: string }) => m.condition_id === ids[1]));
    });

    it('every market-data route is in the OpenAPI document', async () => {
      const doc = (await k.get('/openapi.json')).body;
      for (const path of ['/markets', '/markets/{condition_id}', '/sampling-markets', '/simplified-markets', '/sampling-simplified-markets',
        '/clob-markets/{condition_id}', '/book', '/books', '/prices', '/price', '/midpoint', '/midpoints', '/spread', '/spreads',
        '/last-trade-price', '/last-trades-prices', '/tick-size', '/neg-risk', '/prices-history', '/batch-prices-history', '/trades']) {
        assert.ok(doc.paths[path], path);
      }
    });

    it('errors: bad cursor, unknown and malformed condition ids', async () => {
      for (const list of ['markets', 'sampling-markets', 'simplified-markets', 'sampling-simplified-markets']) {
        for (const bad of ['%%%', 'abc', 'LTE', Buffer.from('-5').toString('base64'), Buffer.from('x1').toString('base64')]) {
          const r = await k.get(`/${list}?next_cursor=${encodeURIComponent(bad)}`);
          assert.deepEqual([r.status, r.body], [400, { error: 'Invalid next_cursor' }], `${list} ${bad}`);
        }
      }
      const unknown = await k.get(`/markets/0x${'12'.repeat(32)}`);
      assert.deepEqual([unknown.status, Object.keys(unknown.body)], [404, ['error']]);
      const clobUnknown = await k.get(`/clob-markets/0x${'12'.repeat(32)}`);
      assert.equal(clobUnknown.status, 404);
      const bad = await k.get('/markets/not-a-condition-id');
      assert.deepEqual([bad.status, bad.body], [400, { error: 'Invalid condition id' }]);
    });
  });
}
