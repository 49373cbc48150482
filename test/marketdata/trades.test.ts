/**
 * `GET /trades`: public fills newest first in the cursor envelope, filters (market, asset_id on
 * either side, before/after), cursor walking to `LTE=`, no API key on public rows, and the
 * error paths — on SQLite and PostgreSQL.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { tokenIdsOf } from '../support/tokens.js';
import { A, B, kit, micro, type Kit } from './support.js';

const KEYS = ['id', 'taker_order_id', 'market', 'asset_id', 'side', 'size', 'fee_rate_bps', 'price', 'status', 'match_time',
  'last_update', 'outcome', 'maker_address', 'owner', 'transaction_hash', 'bucket_index', 'maker_orders', 'type'];
const MAKER_KEYS = ['order_id', 'maker_address', 'owner', 'matched_amount', 'fee_rate_bps', 'price', 'asset_id', 'outcome', 'side'];

for (const backend of backends()) {
  describe(`public trades (${backend.name})`, { skip: backend.skip }, () => {
    let k: Kit;
    let m: string;
    let other: string;
    let t0: number;
    let mYes: string, mNo: string, otherYes: string;
    before(async () => {
      k = await kit(backend);
      [m, other] = await k.markets([{ takerBaseFee: 100 }, {}]);
      [mYes, mNo] = await tokenIdsOf(k.svc, m!);
      [otherYes] = await tokenIdsOf(k.svc, other!);
      await k.fund(A, [m!, other!]);
      await k.fund(B, [m!, other!]);
      t0 = Math.floor(k.clock.now / 1000);
      // 1: a transfer of YES; 2: a mint (YES bid × NO bid); 3: a trade in the other market.
      await k.order({ wallet: B, tokenId: mYes, side: 'SELL', price: micro(0.4), size: micro(10), apiKey: 'secret-key-b' });
      await k.order({ wallet: A, tokenId: mYes, side: 'BUY', price: micro(0.4), size: micro(10), type: 'FOK', apiKey: 'secret-key-a' });
      k.clock.now += 10_000;
      await k.order({ wallet: A, tokenId: mYes, side: 'BUY', price: micro(0.3), size: micro(10) });
      await k.order({ wallet: B, tokenId: mNo, side: 'BUY', price: micro(0.7), size: micro(10), type: 'FOK' });
      k.clock.now += 10_000;
      await k.order({ wallet: B, tokenId: otherYes, side: 'SELL', price: micro(0.5), size: micro(5) });
      await k.order({ wallet: A, tokenId: otherYes, side: 'BUY', price: micro(0.5), size: micro(5), type: 'FOK' });
    });
    after(async () => { await k?.svc.dispose(); });

    it('lists every fill newest first in the trade shape, without API keys', async () => {
      const r = await k.get('/trades');
      assert.equal(r.status, 200);
      assert.deepEqual(Object.keys(r.body), ['data', 'next_cursor', 'limit', 'count']);
      assert.deepEqual([r.body.count, r.body.limit, r.body.next_cursor], [3, 100, 'LTE=']);
      assert.deepEqual(r.body.data.map((t: { market: string }) => t.market), [other, m, m]);
      const first = r.body.data[2];
      assert.deepEqual(Object.keys(first), KEYS);
      assert.deepEqual(Object.keys(first.maker_orders[0]), MAKER_KEYS);
      assert.deepEqual([first.side, first.size, first.price, first.outcome, first.type, first.status, first.fee_rate_bps],
        ['BUY', '10', '0.4', 'Yes', 'TAKER', 'CONFIRMED', '100']);
      assert.equal(first.maker_address, A);
      assert.equal(first.maker_orders[0].maker_address, B);
      assert.deepEqual([first.asset_id, first.maker_orders[0].asset_id], [mYes, mYes]);
      assert.doesNotMatch(r.text, /0x[0-9a-f]{64}:[01]/, 'no token id in its alias form');
      assert.equal(first.match_time, new Date(t0 * 1000).toISOString());
      assert.doesNotMatch(r.text, /secret-key/);
      for (const t of r.body.data) {
        assert.equal(t.owner, '');
        for (const mo of t.maker_orders) assert.equal(mo.owner, '');
      }
    });

    it('filters by market, by asset on either side, and by time', async () => {
      const byMarket = await k.get(`/trades?market=${m}`);
      assert.equal(byMarket.body.count, 2);
      const no = await k.get(`/trades?asset_id=${mNo}`);
      assert.equal(no.body.count, 1); // the mint: NO on the taker's side
      const yes = await k.get(`/trades?asset_id=${mYes}`);
      assert.equal(yes.body.count, 2); // the transfer, and the mint with YES on the maker's side
      assert.equal((await k.get(`/trades?asset_id=${m}:0`)).text, yes.text, 'the alias <condition_id>:0 names the same token');
      const before = await k.get(`/trades?before=${t0 + 10}`);
      assert.equal(before.body.count, 1);
      const after = await k.get(`/trades?after=${t0 + 10}`);
      assert.deepEqual(after.body.data.map((t: { market: string }) => t.market), [other]);
      const both = await k.get(`/trades?market=${m}&after=${t0}`);
      assert.equal(both.body.count, 1);
    });

    it('walks pages to LTE=', async () => {
      const md = k.svc.services.marketData;
      md.tradesPageSize = 2;
      try {
        const p1 = await k.get('/trades?next_cursor=MA==');
        assert.deepEqual([p1.body.count, p1.body.next_cursor], [2, 'Mg==']);
        const p2 = await k.get(`/trades?next_cursor=${p1.body.next_cursor}`);
        assert.deepEqual([p2.body.count, p2.body.next_cursor], [1, 'LTE=']);
        const end = await k.get('/trades?next_cursor=LTE=');
        assert.deepEqual(end.body, { data: [], next_cursor: 'LTE=', limit: 2, count: 0 });
        const ids = [...p1.body.data, ...p2.body.data].map((t: { id: string }) => t.id);
        assert.equal(new Set(ids).size, 3);
      } finally {
        md.tradesPageSize = 100;
      }
    });

    it('errors: market, asset, time and cursor', async () => {
      const cases: Array<[string, string]> = [
        ['/trades?market=xyz', 'Invalid market: expected a condition id'],
        ['/trades?asset_id=xyz', 'Invalid token id'],
        ['/trades?before=yesterday', 'before must be a Unix timestamp in seconds'],
        ['/trades?after=-1', 'after must be a Unix timestamp in seconds'],
        ['/trades?next_cursor=@@@@', 'Invalid next_cursor'],
      ];
      for (const [url, error] of cases) {
        const r = await k.get(url);
        assert.deepEqual([r.status, r.body], [400, { error }], url);
      }
    });
  });
}
