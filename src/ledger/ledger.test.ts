/** Ledger and position maths: entries, free/reserved moves, split/merge/redeem, avg price and PnL. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Ledger } from './ledger.js';
import { COLLATERAL } from './types.js';

const TOKENS = ['1001', '1002'] as const; // market c's token ids

test('deposit, split, merge and redeem keep collateral two-sided', () => {
  const l = new Ledger();
  assert.equal(l.deposit('w', 10_000_000, 'tx1', 0), null);
  assert.equal(l.split('w', 'c', TOKENS, 4_000_000, 'tx2', 0), null);
  assert.deepEqual(l.balance('w', '1001'), { free: 4_000_000, reserved: 0 });
  assert.deepEqual(l.balance('market:c', COLLATERAL), { free: 4_000_000, reserved: 0 });
  assert.equal(l.merge('w', 'c', TOKENS, 5_000_000, 'tx3', 0)?.code, 'insufficient_balance');
  assert.equal(l.merge('w', 'c', TOKENS, 1_000_000, 'tx3', 0), null);
  assert.equal(l.redeem('w', 'c', TOKENS, [500_000, 500_000], 'tx4', 0), null);
  assert.deepEqual(l.balance('w', COLLATERAL), { free: 10_000_000, reserved: 0 });
  const d = l.drain();
  assert.equal(d.ledger.filter((e) => e.asset === COLLATERAL).reduce((a, e) => a + e.free + e.reserved, 0), 10_000_000);
  assert.deepEqual(d.activity.map((a) => a.type), ['DEPOSIT', 'SPLIT', 'MERGE', 'REDEEM']);
  assert.throws(() => l.move('w', COLLATERAL, -20_000_000, 0, 'trade', 'x'), /invariant/);
});

test('avgPrice is the weighted cost (rounded down); realized PnL accrues on exits', () => {
  const l = new Ledger();
  const p = l.positions;
  p.buy('w', 'c:0', 'c', 0, 400_000, 10_000_000);
  p.buy('w', 'c:0', 'c', 0, 700_000, 20_000_000);
  assert.equal(p.get('w', 'c:0')!.avgPrice, 600_000);
  p.buy('w', 'c:0', 'c', 0, 10_000, 10_000);
  assert.equal(p.get('w', 'c:0')!.avgPrice, 599_803, '(600000·3000 + 10000·1) / 3001 rounded down');
  p.sell('w', 'c:0', 'c', 0, 900_000, 10_000_000);
  const row = p.get('w', 'c:0')!;
  assert.equal(row.realizedPnl, 3_001_970);
  assert.equal(row.totalBought, 30_010_000);
  assert.equal(row.size, 20_010_000);
  assert.throws(() => p.sell('w', 'c:0', 'c', 0, 1, 30_000_000), /invariant/);
});
