/**
 * OrderJson (src/trading/order-json.ts) writes exactly `JSON.stringify(wireOrder(…))` — and, for
 * the /clob mount, `JSON.stringify(venueOrder(…))` — whatever changed since the last call.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { OrderRow } from '../../src/core/index.js';
import { OrderJson, pageJson, SPEC_ORDER, VENUE_ORDER } from '../../src/trading/order-json.js';

const base: OrderRow = {
  id: `0x${'ab'.repeat(32)}`, seq: 7, wallet: '0x00000000000000000000000000000000000000A1', apiKey: '3f2a1b4c-1234-4abc-8def-0123456789ab',
  builder: null, conditionId: `0x${'cd'.repeat(32)}`, tokenId: `0x${'cd'.repeat(32)}:0`, outcomeIndex: 0, side: 'BUY', type: 'GTC', postOnly: false,
  price: 450_000, originalSize: 10_000_000, sizeMatched: 0, amount: null, expiration: 0, status: 'LIVE', cancelReason: null,
  createdAt: 1_700_000_000_123, updatedAt: 1_700_000_000_123, reserved: 4_500_000, maxFee: 0, feeBase: 0, feeCharged: 0, notional: 0,
} as OrderRow;

/** A different value of the same type, for any field. */
function other(v: unknown): unknown {
  if (typeof v === 'number') return v + 1_000;
  if (typeof v === 'string') return `${v}x`;
  if (typeof v === 'boolean') return !v;
  return v === null ? 123 : null;
}

describe('OrderJson', () => {
  for (const [name, format] of [['wireOrder', SPEC_ORDER], ['venueOrder', VENUE_ORDER]] as const) it(`matches JSON.stringify(${name}) after any field of the order changes`, () => {
    const memo = new OrderJson(format);
    const fresh = (o: OrderRow, outcome: string, trades: string[]) => JSON.stringify(format.write(o, outcome, trades));
    assert.equal(memo.text(base, 'Yes', []), fresh(base, 'Yes', []));
    for (const key of Object.keys(base) as Array<keyof OrderRow>) {
      if (key === 'id') continue; // the memo key itself
      const changed = { ...base, [key]: other(base[key]) } as OrderRow;
      assert.equal(memo.text(changed, 'Yes', []), fresh(changed, 'Yes', []), `after ${key} changed`);
      assert.equal(memo.text(base, 'Yes', []), fresh(base, 'Yes', []), `after ${key} changed back`);
    }
    assert.equal(memo.text(base, 'No', []), fresh(base, 'No', []), 'another outcome label');
    const trades = ['0x01', '0x02'];
    assert.equal(memo.text({ ...base, sizeMatched: 5_000_000 }, 'Yes', trades), fresh({ ...base, sizeMatched: 5_000_000 }, 'Yes', trades));
  });

  it('wraps items in the page envelope exactly as JSON.stringify would', () => {
    const memo = new OrderJson();
    const items = [base, { ...base, id: '0x02', seq: 8 }].map((o) => memo.text(o, 'Yes', []));
    const page = { data: items.map((t) => JSON.parse(t)), next_cursor: 'MTAw', limit: 100, count: 2 };
    assert.equal(pageJson(items, 'MTAw', 100), JSON.stringify(page));
    assert.equal(pageJson([], '', 100), JSON.stringify({ data: [], next_cursor: '', limit: 100, count: 0 }));
  });
});
