/** Decimal parsing/formatting and exact notional/fee maths (fast-check properties). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { LOT, MAX_SIZE, ceilDiv, feeBase, feeOf, floorDiv, formatMicro, notional, parseMicro, validPrice } from './money.js';

test('parse and format decimal strings', () => {
  assert.equal(parseMicro('0.55'), 550_000);
  assert.equal(parseMicro('12.5'), 12_500_000);
  assert.equal(parseMicro('7'), 7_000_000);
  for (const bad of ['', '.5', '1.', '-1', '1e6', '0.1234567', ' 1', '0x10', '1,5']) assert.equal(parseMicro(bad), null, bad);
  assert.equal(formatMicro(550_000), '0.55');
  assert.equal(formatMicro(12_000_000), '12');
  assert.equal(formatMicro(-1), '-0.000001');
  fc.assert(fc.property(fc.nat({ max: Number.MAX_SAFE_INTEGER }), (v) => parseMicro(formatMicro(v)) === v));
});

test('notional is exact on the grid and matches BigInt arithmetic', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 9_999 }), fc.integer({ min: 1, max: MAX_SIZE / LOT }), (t, lots) => {
      const price = t * 100;
      const size = lots * LOT;
      const n = notional(price, size);
      return Number.isSafeInteger(n) && BigInt(n) * 1_000_000n === BigInt(price) * BigInt(size);
    }),
  );
});

test('floor/ceil division are exact near 2^53', () => {
  fc.assert(
    fc.property(fc.nat({ max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 1, max: 2 ** 40 }), (a, b) => {
      const q = BigInt(a) / BigInt(b);
      return BigInt(floorDiv(a, b)) === q && BigInt(ceilDiv(a, b)) === (BigInt(a) % BigInt(b) === 0n ? q : q + 1n);
    }),
  );
});

test('fee = ceil(rate × min(p, 1 − p) × size), exact', () => {
  // 1% of min(0.3, 0.7) × 3.33 shares = 0.00999
  assert.equal(feeOf(feeBase(100, 700_000, 3_330_000)), 9_990);
  assert.equal(feeOf(feeBase(1, 10_000, LOT)), 1, 'rounded up');
  assert.equal(feeOf(feeBase(0, 500_000, MAX_SIZE)), 0);
  assert.ok(validPrice(10_000, 10_000) && !validPrice(995_000, 10_000) && !validPrice(0, 100));
});
