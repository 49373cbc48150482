/** Settlement through the ExchangeCore facade: transfer, mint, merge, mirror book, fees, STP, positions. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkInvariants } from './invariants.js';
import { STP_REASON } from './place.js';
import { A, B, C, CID, T0, T1, bal, ok, order, setup, u } from './test-kit.js';

test('BUY 0 × SELL 0 transfers tokens at the maker price; taker keeps the improvement', () => {
  const { ex } = setup();
  ex.split(A, CID, u('10'));
  const maker = ok(ex, order(A, T0, 'SELL', '0.6', '10'));
  assert.equal(maker.status, 'live');
  assert.deepEqual(bal(ex, A, T0), [0, u('10')]);
  const r = ok(ex, order(B, T0, 'BUY', '0.65', '10'));
  assert.equal(r.status, 'matched');
  assert.equal(r.makingAmount, u('6'));
  assert.equal(r.takingAmount, u('10'));
  assert.deepEqual(bal(ex, B, 'USDC'), [u('994'), 0]);
  assert.deepEqual(bal(ex, B, T0), [u('10'), 0]);
  assert.deepEqual(bal(ex, A, 'USDC'), [u('996'), 0]);
  const t = r.effects.trades[0]!;
  assert.deepEqual([t.price, t.size, t.usdcSize, t.minted, t.merged, t.side, t.asset], [u('0.6'), u('10'), u('6'), 0, 0, 'BUY', T0]);
  assert.deepEqual(t.makers.map((m) => [m.orderId, m.matchedAmount, m.price]), [[maker.order.id, u('10'), u('0.6')]]);
  const statuses = Object.fromEntries(r.effects.orders.map((o) => [o.id, o.status]));
  assert.equal(statuses[maker.order.id], 'MATCHED');
  assert.equal(r.effects.activity.filter((a) => a.type === 'TRADE').length, 2);
  const posB = ex.positions(B).find((p) => p.asset === T0)!;
  assert.deepEqual([posB.size, posB.avgPrice, posB.totalBought], [u('10'), u('0.6'), u('10')]);
  const posA = ex.positions(A).find((p) => p.asset === T0)!;
  assert.equal(posA.realizedPnl, u('1'), 'split at 0.5, sold at 0.6');
});

test('BUY 0 × BUY 1 mints pairs; the pair costs exactly 1', () => {
  const { ex } = setup();
  ok(ex, order(A, T0, 'BUY', '0.4', '10'));
  const r = ok(ex, order(B, T1, 'BUY', '0.65', '10'));
  const t = r.effects.trades[0]!;
  assert.equal(t.minted, u('10'));
  assert.equal(t.price, u('0.6'), 'outcome-1 buyer pays the complement of the maker price');
  assert.deepEqual(bal(ex, A, T0), [u('10'), 0]);
  assert.deepEqual(bal(ex, B, T1), [u('10'), 0]);
  assert.deepEqual(bal(ex, A, 'USDC'), [u('996'), 0]);
  assert.deepEqual(bal(ex, B, 'USDC'), [u('994'), 0]);
  assert.deepEqual(bal(ex, `market:${CID}`, 'USDC'), [u('10'), 0]);
});

test('SELL 0 × SELL 1 merges pairs and pays out 1 per pair', () => {
  const { ex } = setup();
  ex.split(A, CID, u('10'));
  ex.split(B, CID, u('10'));
  ok(ex, order(A, T0, 'SELL', '0.3', '10'));
  const r = ok(ex, order(B, T1, 'SELL', '0.6', '10'));
  assert.equal(r.effects.trades[0]!.merged, u('10'));
  assert.equal(r.takingAmount, u('7'));
  assert.deepEqual(bal(ex, A, 'USDC'), [u('993'), 0]);
  assert.deepEqual(bal(ex, B, 'USDC'), [u('997'), 0]);
  assert.deepEqual(bal(ex, `market:${CID}`, 'USDC'), [u('10'), 0]);
});

test('the outcome-1 book is the mirror of outcome 0', () => {
  const { ex } = setup();
  ok(ex, order(A, T0, 'BUY', '0.4', '10'));
  ex.split(B, CID, u('20'));
  ok(ex, order(B, T1, 'SELL', '0.7', '5'));
  const b0 = ex.book(T0)!;
  const b1 = ex.book(T1)!;
  // SELL 1 @0.7 is an outcome-0 bid at 0.3
  assert.deepEqual(b0.bids, [{ price: u('0.4'), size: u('10') }, { price: u('0.3'), size: u('5') }]);
  assert.deepEqual(b0.asks, []);
  assert.deepEqual(b1.asks, [{ price: u('0.6'), size: u('10') }, { price: u('0.7'), size: u('5') }]);
  assert.deepEqual(b1.bids, []);
});

test('self-trade prevention cancels the resting order, records why, and keeps matching', () => {
  const { ex } = setup();
  ex.split(A, CID, u('10'));
  ex.split(C, CID, u('10'));
  const own = ok(ex, order(A, T0, 'SELL', '0.5', '10'));
  const other = ok(ex, order(C, T0, 'SELL', '0.55', '10'));
  const r = ok(ex, order(A, T0, 'BUY', '0.6', '10'));
  const rows = Object.fromEntries(r.effects.orders.map((o) => [o.id, o]));
  assert.equal(rows[own.order.id]!.status, 'CANCELED');
  assert.equal(rows[own.order.id]!.cancelReason, STP_REASON);
  assert.equal(rows[other.order.id]!.status, 'MATCHED');
  assert.deepEqual(bal(ex, A, T0), [u('20'), 0]);
});

test('fees: rate × min(p, 1 − p) × size, rounded up, paid in collateral to the fee account', () => {
  const { ex } = setup({ takerBaseFeeBps: 100, makerBaseFeeBps: 0, minOrderSize: u('1') });
  ex.split(A, CID, u('10'));
  ok(ex, order(A, T0, 'SELL', '0.7', '10'));
  const placed = ex.placeOrder(order(B, T0, 'BUY', '0.7', '3.33'));
  assert.ok(placed.ok);
  checkInvariants(ex);
  // 1% × 0.3 × 3.33 = 0.00999 USDC
  assert.equal(placed.effects.trades[0]!.fee, 9990);
  assert.deepEqual(bal(ex, 'exchange:fees', 'USDC'), [9990, 0]);
  assert.deepEqual(bal(ex, B, 'USDC'), [u('1000') - u('2.331') - 9990, 0]);
  // seller-side taker fee comes out of the proceeds
  ex.split(A, CID, u('10'));
  ok(ex, order(C, T0, 'BUY', '0.2', '5'));
  const s = ok(ex, order(A, T0, 'SELL', '0.2', '5'));
  assert.equal(s.effects.trades[0]!.fee, u('0.01'));
  assert.equal(s.takingAmount, u('0.99'));
});

test('fees are exact however an order is split into fills (cumulative rounding)', () => {
  const { ex } = setup({ takerBaseFeeBps: 7, makerBaseFeeBps: 3 });
  ex.split(A, CID, u('100'));
  for (let i = 0; i < 7; i++) ok(ex, order(A, T0, 'SELL', '0.61', '5.01'));
  const r = ok(ex, order(B, T0, 'BUY', '0.61', '35.07'));
  // ceil(7 bps × 0.39 × 35.07 USDC) = ceil(9574.11 micro)
  assert.equal(r.effects.trades[0]!.fee, 9575);
});
