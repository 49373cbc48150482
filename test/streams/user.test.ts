/**
 * The user channel over real sockets, on both stores: an account sees exactly its own orders
 * (PLACEMENT, UPDATE, CANCELLATION with its reason — the user's and the dead-man's switch's)
 * and trades (the taker's view with every maker order, the maker's with its own), with exact
 * fields; `markets` filters; bad credentials close 4401.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { tokenIdsOf } from '../support/tokens.js';
import { l2 } from '../auth/helpers.js';
import { newMarket } from '../trading/kit.js';
import { cancel, Client, liveService, place, trader, type LiveService, type Trader } from './kit.js';

const ORDER_KEYS = ['asset_id', 'associate_trades', 'created_at', 'event_type', 'expiration', 'id', 'maker_address', 'market', 'order_type', 'original_size',
  'outcome', 'owner', 'price', 'side', 'size_matched', 'status', 'timestamp', 'type'];
const TRADE_KEYS = ['asset_id', 'bucket_index', 'event_type', 'fee_rate_bps', 'id', 'last_update', 'maker_address', 'maker_orders', 'market', 'match_time',
  'matchtime', 'outcome', 'owner', 'price', 'side', 'size', 'status', 'taker_order_id', 'timestamp', 'trade_owner', 'trader_side', 'transaction_hash', 'type'];

async function userSocket(svc: LiveService, t: Trader, extra: Record<string, unknown> = {}): Promise<Client> {
  const c = await Client.open(`${svc.url}/ws/user`);
  c.send({ type: 'user', auth: { apiKey: t.creds.apiKey, secret: t.creds.secret, passphrase: t.creds.passphrase }, ...extra });
  await new Promise((r) => setTimeout(r, 50)); // the credentials check is asynchronous
  return c;
}

for (const backend of backends()) {
  describe(`user channel (${backend.name})`, { skip: backend.skip }, () => {
    let svc: LiveService;
    before(async () => { svc = await liveService(backend, { SIBYL_HEARTBEAT_TIMEOUT_MS: '200' }); });
    after(async () => { await svc.dispose(); });

    it("sends exactly the account's orders and trades, as taker and as maker", async () => {
      const cid = await newMarket(svc);
      const cidTokens = await tokenIdsOf(svc, cid);
      const other = await newMarket(svc);
      const otherTokens = await tokenIdsOf(svc, other);
      const [alice, bob, carol] = [await trader(svc), await trader(svc), await trader(svc)];
      const [a, b, c] = [await userSocket(svc, alice), await userSocket(svc, bob), await userSocket(svc, carol)];
      const filtered = await userSocket(svc, alice, { markets: [other] });
      const rest = await place(svc, alice, cidTokens[0], 'BUY', '0.40', '10');
      const placed = await a.until(() => a.events()[0], 'PLACEMENT');
      assert.deepEqual(Object.keys(placed).sort(), ORDER_KEYS);
      assert.deepEqual({ ...placed, timestamp: 0, created_at: 0 }, {
        event_type: 'order', id: rest.orderID, owner: alice.creds.apiKey, market: cid, asset_id: cidTokens[0], side: 'BUY', original_size: '10',
        size_matched: '0', price: '0.4', associate_trades: [], outcome: 'Yes', type: 'PLACEMENT', status: 'LIVE', order_type: 'GTC', expiration: '0',
        created_at: 0, maker_address: alice.address, timestamp: 0,
      });
      const take = await place(svc, bob, cidTokens[1], 'BUY', '0.60', '6');
      const bobs = await b.until(() => (b.events().length >= 2 ? b.events() : undefined), "bob's order and trade");
      assert.deepEqual(bobs.map((e) => [e.event_type, e.type, e.status]), [['order', 'PLACEMENT', 'MATCHED'], ['trade', 'TRADE', 'CONFIRMED']]);
      const taker = bobs[1]!;
      assert.deepEqual(Object.keys(taker).sort(), TRADE_KEYS);
      assert.equal(bobs[0]!.id, take.orderID);
      assert.deepEqual(bobs[0]!.associate_trades, [taker.id]);
      assert.deepEqual([taker.trader_side, taker.taker_order_id, taker.side, taker.size, taker.price, taker.owner, taker.trade_owner, taker.maker_address, taker.outcome],
        ['TAKER', take.orderID, 'BUY', '6', '0.6', bob.creds.apiKey, bob.creds.apiKey, bob.address, 'No']);
      assert.equal(taker.match_time, taker.matchtime);
      assert.match(String(taker.match_time), /^\d{10}$/);
      assert.deepEqual(taker.maker_orders, [{ order_id: rest.orderID, owner: alice.creds.apiKey, maker_address: alice.address, matched_amount: '6',
        price: '0.4', fee_rate_bps: '0', asset_id: cidTokens[0], outcome: 'Yes', side: 'BUY' }]);
      const alices = await a.until(() => (a.events().length >= 3 ? a.events() : undefined), "alice's update and trade");
      assert.deepEqual(alices.slice(1).map((e) => [e.event_type, e.type, e.status, e.size_matched]), [['order', 'UPDATE', 'LIVE', '6'], ['trade', 'TRADE', 'CONFIRMED', undefined]]);
      const maker = alices[2]!;
      assert.deepEqual([maker.id, maker.trader_side, maker.owner, maker.maker_address], [taker.id, 'MAKER', alice.creds.apiKey, alice.address]);
      await cancel(svc, alice, rest.orderID);
      const gone = await a.until(() => a.events()[3], 'CANCELLATION');
      assert.deepEqual([gone.type, gone.status, gone.cancel_reason, gone.size_matched], ['CANCELLATION', 'CANCELED', 'canceled by user', '6']);
      await place(svc, alice, otherTokens[0], 'BUY', '0.10', '5');
      await filtered.until(() => filtered.events()[0], 'the other market only');
      await a.until(() => a.events()[4], 'the other market on the unfiltered socket');
      assert.deepEqual(filtered.events().map((e) => e.market), [other]);
      assert.deepEqual(c.events(), [], "carol's socket heard nothing of others' orders");
      assert.equal(b.events().length, 2);
      for (const s of [a, b, c, filtered]) s.close();
    });

    it("tells a dead-man's switch cancel with its reason", async () => {
      const cid = await newMarket(svc);
      const cidTokens = await tokenIdsOf(svc, cid);
      const dan = await trader(svc);
      const d = await userSocket(svc, dan);
      const beat = await l2(svc.app, dan.creds, dan.address, 'POST', '/v1/heartbeats', JSON.stringify({ heartbeat_id: null }));
      assert.equal(beat.statusCode, 200, beat.body);
      await place(svc, dan, cidTokens[0], 'BUY', '0.30', '5');
      const cancelled = await d.until(() => d.events().find((e) => e.type === 'CANCELLATION'), 'heartbeat cancel', 5000);
      assert.equal(cancelled.cancel_reason, "heartbeat expired (dead-man's switch)");
      d.close();
    });

    it('closes 4401 with a reason on bad credentials', async () => {
      const eve = await trader(svc, '0');
      for (const auth of [{ ...eve.creds, passphrase: 'wrong' }, { ...eve.creds, secret: Buffer.alloc(32).toString('base64url') },
        { apiKey: '00000000-0000-4000-8000-000000000000', secret: eve.creds.secret, passphrase: eve.creds.passphrase }, 'nope', undefined]) {
        const s = await Client.open(`${svc.url}/ws/user`);
        s.send({ type: 'user', auth });
        const closed = await s.waitClose();
        assert.equal(closed.code, 4401);
        assert.match(closed.reason, /invalid credentials/);
      }
    });
  });
}
