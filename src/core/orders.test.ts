/** Order admission and order-type rules: ticks, sizes, balances, FOK, FAK, post-only, GTD, resolution. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkInvariants } from './invariants.js';
import { EXPIRED_REASON, RESOLVED_REASON } from './markets.js';
import { A, B, C, CID, T0, T1, bal, ok, order, setup, u } from './test-kit.js';

function rejectOf(r: ReturnType<ReturnType<typeof setup>['ex']['placeOrder']>) {
  assert.equal(r.ok, false);
  if (r.ok) throw new Error('unreachable');
  assert.equal(r.effects.orders.length, 0, 'a rejection changes no order');
  assert.equal(r.effects.ledger.length, 0, 'a rejection moves no money');
  return r.reject;
}

test('tick, range, lot and minimum-size rejections carry the real texts and limits', () => {
  const { ex } = setup();
  let r = rejectOf(ex.placeOrder(order(A, T0, 'BUY', '0.555', '10')));
  assert.deepEqual([r.code, r.message, r.tick], ['invalid_price', 'invalid price (0.555), min: 0.01 - max: 0.99', 10_000]);
  r = rejectOf(ex.placeOrder(order(A, T0, 'BUY', '0.995', '10')));
  assert.equal(r.code, 'invalid_price');
  r = rejectOf(ex.placeOrder(order(A, T0, 'BUY', '0.5', '4.99')));
  assert.deepEqual([r.code, r.message, r.min], ['size_below_minimum', 'Size (4.99) lower than the minimum: 5', u('5')]);
  r = rejectOf(ex.placeOrder(order(A, T0, 'BUY', '0.5', '10.005')));
  assert.equal(r.code, 'invalid_size');
  r = rejectOf(ex.placeOrder(order(A, 'nope:0', 'BUY', '0.5', '10')));
  assert.equal(r.code, 'invalid_token');
});

test('balance check uses free balance (minus what open orders reserve)', () => {
  const { ex } = setup({}, '10');
  ok(ex, order(A, T0, 'BUY', '0.5', '12'));
  assert.deepEqual(bal(ex, A, 'USDC'), [u('4'), u('6')]);
  const r = rejectOf(ex.placeOrder(order(A, T0, 'BUY', '0.5', '10')));
  assert.deepEqual([r.code, r.message, r.asset, r.required, r.free], ['insufficient_balance', 'not enough balance / allowance', 'USDC', u('5'), u('4')]);
  const s = rejectOf(ex.placeOrder(order(A, T0, 'SELL', '0.5', '10')));
  assert.deepEqual([s.code, s.asset], ['insufficient_balance', T0]);
});

test('FOK fills completely or is rejected without touching the book', () => {
  const { ex } = setup();
  ex.split(A, CID, u('20'));
  ok(ex, order(A, T0, 'SELL', '0.5', '6'));
  ok(ex, order(A, T0, 'SELL', '0.6', '6'));
  const v = ex.book(T0)!.version;
  const r = rejectOf(ex.placeOrder(order(B, T0, 'BUY', '0.6', '13', { type: 'FOK' })));
  assert.deepEqual([r.code, r.message, r.fillable], ['fok_not_filled', "order couldn't be fully filled. FOK orders are fully filled or killed.", u('12')]);
  assert.equal(ex.book(T0)!.version, v);
  const f = ok(ex, order(B, T0, 'BUY', '0.6', '12', { type: 'FOK' }));
  assert.equal(f.status, 'matched');
  assert.equal(f.makingAmount, u('6.6'));
});

test('FAK fills what it can and cancels the rest; no match is a rejection', () => {
  const { ex } = setup({ minOrderSize: u('1') });
  const r = rejectOf(ex.placeOrder(order(B, T0, 'BUY', '0.6', '10', { type: 'FAK' })));
  assert.equal(r.message, 'no orders found to match with FAK order. FAK orders are partially filled or killed if no match is found.');
  ex.split(A, CID, u('4'));
  ok(ex, order(A, T0, 'SELL', '0.5', '4'));
  const f = ok(ex, order(B, T0, 'BUY', '0.6', '10', { type: 'FAK' }));
  assert.equal(f.order.sizeMatched, u('4'));
  assert.equal(f.order.status, 'CANCELED');
  assert.deepEqual(bal(ex, B, 'USDC'), [u('998'), 0], 'the unfilled part is released');
});

test('market BUY by amount spends the collateral at the best prices; $1 minimum', () => {
  const { ex } = setup();
  ex.split(A, CID, u('20'));
  ok(ex, order(A, T0, 'SELL', '0.4', '5'));
  ok(ex, order(A, T0, 'SELL', '0.5', '10'));
  const small = rejectOf(ex.placeOrder({ wallet: B, tokenId: T0, side: 'BUY', price: u('0.9'), amount: u('0.99'), type: 'FAK' }));
  assert.equal(small.code, 'amount_below_minimum');
  const r = ok(ex, { wallet: B, tokenId: T0, side: 'BUY', price: u('0.9'), amount: u('4.5'), type: 'FOK' });
  // 5 @0.4 = 2, then 2.5 buys 5 @0.5
  assert.deepEqual([r.takingAmount, r.makingAmount], [u('10'), u('4.5')]);
  const tooMuch = rejectOf(ex.placeOrder({ wallet: B, tokenId: T0, side: 'BUY', price: u('0.9'), amount: u('3'), type: 'FOK' }));
  assert.equal(tooMuch.code, 'fok_not_filled');
  const dust = ok(ex, { wallet: B, tokenId: T0, side: 'BUY', price: u('0.9'), amount: u('1.001'), type: 'FAK' });
  assert.equal(dust.takingAmount, u('2'), 'whole lots only; the dust is released');
  assert.deepEqual(bal(ex, B, 'USDC')[1], 0);
});

test('post-only is rejected if it would cross and only allowed on GTC/GTD', () => {
  const { ex } = setup();
  ex.split(A, CID, u('10'));
  ok(ex, order(A, T0, 'SELL', '0.5', '10'));
  const r = rejectOf(ex.placeOrder(order(B, T0, 'BUY', '0.5', '10', { postOnly: true })));
  assert.deepEqual([r.code, r.message], ['post_only_crosses', 'invalid post-only order: order crosses book']);
  assert.equal(rejectOf(ex.placeOrder(order(B, T0, 'BUY', '0.5', '10', { postOnly: true, type: 'FOK' }))).code, 'invalid_order_type');
  // BUY of outcome 1 at 0.5 is an outcome-0 ask at 0.5: no bid to cross, so it rests
  const p = ok(ex, order(B, T1, 'BUY', '0.5', '10', { postOnly: true }));
  assert.equal(p.status, 'live');
});

test('GTD orders expire on time; expiration must be in the future and only on GTD', () => {
  const { ex, clock } = setup();
  const now = clock.now() / 1000;
  assert.equal(rejectOf(ex.placeOrder(order(A, T0, 'BUY', '0.5', '10', { type: 'GTD', expiration: now }))).message, 'invalid expiration');
  assert.equal(rejectOf(ex.placeOrder(order(A, T0, 'BUY', '0.5', '10', { expiration: now + 100 }))).code, 'invalid_expiration');
  const g = ok(ex, order(A, T0, 'BUY', '0.5', '10', { type: 'GTD', expiration: now + 60 }));
  assert.equal(ex.nextExpiry(), (now + 60) * 1000);
  assert.equal(ex.expireDue(clock.now() + 59_999).expired.length, 0);
  const e = ex.expireDue((now + 60) * 1000);
  assert.deepEqual(e.expired, [g.order.id]);
  assert.equal(e.effects.orders[0]!.cancelReason, EXPIRED_REASON);
  assert.deepEqual(bal(ex, A, 'USDC'), [u('1000'), 0]);
  checkInvariants(ex);
});

test('cancels release reservations; only its own wallet can cancel an order', () => {
  const { ex } = setup();
  const o = ok(ex, order(A, T0, 'BUY', '0.5', '10'));
  ok(ex, order(A, T1, 'BUY', '0.3', '10'));
  const bad = ex.cancelOrder(B, o.order.id);
  assert.deepEqual(bad.canceled, []);
  assert.ok(bad.notCanceled[o.order.id]);
  assert.deepEqual(ex.cancelMarket(A, CID, T0).canceled, [o.order.id]);
  assert.equal(ex.cancelAll(A).canceled.length, 1);
  assert.deepEqual(bal(ex, A, 'USDC'), [u('1000'), 0]);
  checkInvariants(ex);
});

test('resolve cancels open orders, stops trading; redeem pays the winners', () => {
  const { ex } = setup();
  ok(ex, order(A, T0, 'BUY', '0.4', '10'));
  ok(ex, order(B, T1, 'BUY', '0.6', '10'));
  ok(ex, order(C, T0, 'BUY', '0.3', '10'));
  const r = ex.resolve(CID, [u('1'), 0]);
  assert.ok(r.ok);
  assert.equal(r.effects.orders[0]!.cancelReason, RESOLVED_REASON);
  assert.equal(rejectOf(ex.placeOrder(order(C, T0, 'BUY', '0.3', '10'))).message, 'the market is not yet ready to process new orders');
  const red = ex.redeem(A, CID);
  assert.ok(red.ok);
  assert.deepEqual(bal(ex, A, 'USDC'), [u('1006'), 0]);
  assert.equal(red.effects.activity[0]!.type, 'REDEEM');
  assert.equal(ex.positions(A)[0]!.realizedPnl, u('6'));
  assert.ok(ex.redeem(B, CID).ok);
  assert.deepEqual(bal(ex, B, 'USDC'), [u('994'), 0]);
  assert.equal(ex.redeem(B, CID).ok, false);
  checkInvariants(ex);
});

test('a finer tick keeps resting orders and priority; split/merge round-trip', () => {
  const { ex } = setup();
  ok(ex, order(A, T0, 'BUY', '0.5', '10'));
  assert.ok(ex.updateMarket({ conditionId: CID, tickSize: 1_000 }).ok);
  ok(ex, order(B, T0, 'BUY', '0.505', '10'));
  assert.deepEqual(ex.book(T0)!.bids.map((l) => l.price), [u('0.505'), u('0.5')]);
  assert.ok(ex.split(C, CID, u('5')).ok);
  assert.ok(ex.merge(C, CID, u('5')).ok);
  assert.equal(ex.merge(C, CID, u('5')).ok, false);
  assert.deepEqual(bal(ex, C, 'USDC'), [u('1000'), 0]);
  checkInvariants(ex);
});
