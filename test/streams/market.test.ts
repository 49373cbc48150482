/**
 * The market channel over real sockets (`ws`), on both stores: the initial dump equals REST
 * /book (levels, order, hash), every event kind with its exact fields, `seq` per asset, resync,
 * and the custom features (best_bid_ask, new_market, market_resolved, tick_size_change).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { tokenIdsOf } from '../support/tokens.js';
import { ADMIN, newMarket } from '../trading/kit.js';
import { cancel, Client, liveService, place, restBook, trader, type LiveService, type Trader } from './kit.js';

const BOOK_KEYS = ['event_type', 'market', 'asset_id', 'timestamp', 'hash', 'bids', 'asks', 'min_order_size', 'tick_size', 'neg_risk', 'last_trade_price', 'seq'];
const sorted = (o: object) => Object.keys(o).sort();

for (const backend of backends()) {
  describe(`market channel (${backend.name})`, { skip: backend.skip }, () => {
    let svc: LiveService;
    let alice: Trader;
    let bob: Trader;
    before(async () => {
      svc = await liveService(backend);
      alice = await trader(svc);
      bob = await trader(svc);
    });
    after(async () => { await svc.dispose(); });

    it('dumps one array of books equal to REST /book; unknown assets get []', async () => {
      const cid = await newMarket(svc);
      const cidTokens = await tokenIdsOf(svc, cid);
      await place(svc, alice, cidTokens[0], 'BUY', '0.40', '10');
      await place(svc, alice, cidTokens[0], 'BUY', '0.38', '7');
      await place(svc, bob, cidTokens[1], 'BUY', '0.50', '6'); // = a SELL of token 0 at 0.50
      const c = await Client.open(`${svc.url}/ws/market`);
      c.send({ type: 'MARKET', assets_ids: [cidTokens[0], cidTokens[1], `0x${'ab'.repeat(32)}:0`, 'not-a-token'] });
      const dump = await c.frame(0) as Array<Record<string, unknown>>;
      assert.ok(Array.isArray(dump));
      assert.equal(dump.length, 2);
      for (const [i, token] of [cidTokens[0], cidTokens[1]].entries()) {
        const rest = await restBook(svc, token);
        const { event_type, seq, ...snap } = dump[i]!;
        assert.equal(event_type, 'book');
        assert.deepEqual(snap, rest);
        assert.deepEqual(sorted(dump[i]!), [...BOOK_KEYS].sort());
        assert.equal(seq, 4, 'creation + three orders');
      }
      assert.deepEqual((dump[0]!.bids as unknown[]), [{ price: '0.38', size: '7' }, { price: '0.4', size: '10' }]);
      assert.deepEqual((dump[1]!.asks as unknown[]), [{ price: '0.62', size: '7' }, { price: '0.6', size: '10' }]);
      const d = await Client.open(`${svc.url}/ws/market`);
      d.send({ type: 'market', assets_ids: [`0x${'cd'.repeat(32)}:1`] });
      assert.deepEqual(await d.frame(0), []);
      c.close(); d.close();
    });

    it('sends price_change with new totals, "0" for a gone level, best prices and hashes after', async () => {
      const cid = await newMarket(svc);
      const cidTokens = await tokenIdsOf(svc, cid);
      const c = await Client.open(`${svc.url}/ws/market`);
      c.send({ type: 'market', assets_ids: [cidTokens[0], cidTokens[1]] });
      await c.frame(0);
      const { orderID } = await place(svc, alice, cidTokens[0], 'BUY', '0.40', '10');
      const pc = await c.frame(1) as Record<string, unknown>;
      const [r0, r1] = [await restBook(svc, cidTokens[0]), await restBook(svc, cidTokens[1])];
      assert.deepEqual(pc, {
        event_type: 'price_change', market: cid, timestamp: pc.timestamp, seq: 2,
        price_changes: [
          { asset_id: cidTokens[0], price: '0.4', size: '10', side: 'BUY', hash: r0.hash, best_bid: '0.4', best_ask: '' },
          { asset_id: cidTokens[1], price: '0.6', size: '10', side: 'SELL', hash: r1.hash, best_bid: '', best_ask: '0.6' },
        ],
      });
      assert.match(String(pc.timestamp), /^\d{13}$/);
      await cancel(svc, alice, orderID);
      const gone = await c.frame(2) as Record<string, unknown>;
      assert.equal(gone.seq, 3);
      assert.deepEqual((gone.price_changes as Array<Record<string, unknown>>).map((e) => [e.asset_id, e.price, e.size, e.best_bid, e.best_ask]),
        [[cidTokens[0], '0.4', '0', '', ''], [cidTokens[1], '0.6', '0', '', '']]);
      // Only token 1 subscribed: only its entries.
      const one = await Client.open(`${svc.url}/ws/market`);
      one.send({ type: 'market', assets_ids: [cidTokens[1]] });
      await one.frame(0);
      await place(svc, alice, cidTokens[0], 'BUY', '0.30', '5');
      const only = await one.frame(1) as Record<string, unknown>;
      assert.deepEqual((only.price_changes as Array<Record<string, unknown>>).map((e) => e.asset_id), [cidTokens[1]]);
      c.close(); one.close();
    });

    it('sends last_trade_price and a book after a trade, best_bid_ask with custom features', async () => {
      const cid = await newMarket(svc);
      const cidTokens = await tokenIdsOf(svc, cid);
      await place(svc, alice, cidTokens[0], 'BUY', '0.40', '12');
      const c = await Client.open(`${svc.url}/ws/market`);
      c.send({ type: 'market', assets_ids: [cidTokens[0]], custom_feature_enabled: true });
      await c.frame(0);
      await place(svc, bob, cidTokens[1], 'BUY', '0.60', '5'); // crosses alice's bid: a mint of 5 pairs
      const frame = await c.frame(1) as Array<Record<string, unknown>>;
      assert.deepEqual(frame.map((e) => e.event_type), ['last_trade_price', 'book'], 'the best bid did not move: no best_bid_ask');
      const ltp = frame[0]!;
      assert.deepEqual(sorted(ltp), ['asset_id', 'event_type', 'fee_rate_bps', 'market', 'price', 'seq', 'side', 'size', 'timestamp', 'transaction_hash']);
      assert.deepEqual([ltp.asset_id, ltp.price, ltp.size, ltp.side, ltp.seq], [cidTokens[0], '0.4', '5', 'SELL', 3]);
      assert.match(String(ltp.transaction_hash), /^0x[0-9a-f]{64}$/);
      const { event_type: _e, seq, ...snap } = frame[1]!;
      assert.deepEqual(snap, await restBook(svc, cidTokens[0]));
      assert.equal(seq, 3);
      assert.equal(snap.last_trade_price, '0.4');
      // Taking the 7 left empties the bid side.
      await place(svc, bob, cidTokens[1], 'BUY', '0.60', '7');
      const next = await c.frame(2) as Array<Record<string, unknown>>;
      const bba = next.find((e) => e.event_type === 'best_bid_ask')!;
      assert.deepEqual(bba, { event_type: 'best_bid_ask', market: cid, asset_id: cidTokens[0], best_bid: '', best_ask: '', spread: '', timestamp: bba.timestamp, seq: 4 });
      c.close();
    });

    it('tells tick size changes, new markets and resolutions (custom features), with books', async () => {
      const cid = await newMarket(svc);
      const cidTokens = await tokenIdsOf(svc, cid);
      const c = await Client.open(`${svc.url}/ws/market`);
      c.send({ type: 'market', assets_ids: [cidTokens[0]], custom_feature_enabled: true });
      const plain = await Client.open(`${svc.url}/ws/market`);
      plain.send({ type: 'market', assets_ids: [cidTokens[0]] });
      await c.frame(0); await plain.frame(0);
      const admin = { authorization: `Bearer ${ADMIN}` };
      const patch = await svc.app.inject({ method: 'PATCH', url: `/admin/markets/${cid}`, headers: admin, payload: { minimum_tick_size: '0.001' } });
      assert.equal(patch.statusCode, 200, patch.body);
      const tick = await c.until(() => c.events().find((e) => e.event_type === 'tick_size_change'), 'tick_size_change');
      assert.deepEqual(tick, { event_type: 'tick_size_change', asset_id: cidTokens[0], market: cid, old_tick_size: '0.01', new_tick_size: '0.001', timestamp: tick.timestamp, seq: 2 });
      const book = await c.until(() => c.events().find((e) => e.event_type === 'book' && e.seq === 2), 'book after tick change');
      assert.equal(book.tick_size, '0.001');
      const other = await newMarket(svc);
      const otherTokens = await tokenIdsOf(svc, other);
      const nm = await c.until(() => c.events().find((e) => e.event_type === 'new_market' && e.market === other), 'new_market');
      assert.deepEqual(sorted(nm), ['active', 'assets_ids', 'clob_token_ids', 'condition_id', 'description', 'event_message', 'event_type', 'id', 'market',
        'order_price_min_tick_size', 'outcomes', 'question', 'seq', 'slug', 'tags', 'timestamp']);
      assert.deepEqual([nm.assets_ids, nm.outcomes, nm.tags, nm.question, nm.active], [[otherTokens[0], otherTokens[1]], ['Yes', 'No'], ['Test'], 'Will it?', true]);
      const res = await svc.app.inject({ method: 'POST', url: `/admin/markets/${cid}/resolve`, headers: admin, payload: { winner: 1 } });
      assert.equal(res.statusCode, 200, res.body);
      const mr = await c.until(() => c.events().find((e) => e.event_type === 'market_resolved'), 'market_resolved');
      assert.deepEqual(mr, { event_type: 'market_resolved', id: mr.id, market: cid, assets_ids: [cidTokens[0], cidTokens[1]], winning_asset_id: cidTokens[1],
        winning_outcome: 'No', timestamp: mr.timestamp, tags: ['Test'], seq: 3 });
      await plain.until(() => plain.events().some((e) => e.event_type === 'book' && e.seq === 3), 'book after resolution');
      assert.ok(!plain.events().some((e) => ['new_market', 'market_resolved', 'best_bid_ask'].includes(String(e.event_type))), 'custom events only with custom features');
      c.close(); plain.close();
    });

    it('answers resync with fresh books, after everything already sent', async () => {
      const cid = await newMarket(svc);
      const cidTokens = await tokenIdsOf(svc, cid);
      const c = await Client.open(`${svc.url}/ws/market`);
      c.send({ type: 'market', assets_ids: [cidTokens[0], cidTokens[1]], initial_dump: false });
      await new Promise((r) => setTimeout(r, 100));
      await place(svc, alice, cidTokens[0], 'BUY', '0.20', '5');
      await c.frame(0);
      c.send({ operation: 'resync', assets_ids: [cidTokens[1]] });
      const books = await c.frame(1) as Array<Record<string, unknown>>;
      assert.equal(books.length, 1);
      const { event_type: _e, seq, ...snap } = books[0]!;
      assert.deepEqual(snap, await restBook(svc, cidTokens[1]));
      assert.equal(seq, 2);
      c.send({ operation: 'resync', assets_ids: [`${cid.slice(0, -4)}beef:0`] });
      const err = await c.frame(2) as Record<string, unknown>;
      assert.equal(err.event_type, 'error');
      c.close();
    });
  });
}
