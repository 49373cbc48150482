/** The offset cursor of docs/venue.md §5: base64 of the decimal offset, `MA==` first, `LTE=` the end, anything else 400. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeCursor, encodeCursor, pageOf } from '../../src/domain/cursor.js';
import { ApiError } from '../../src/errors/catalogue.js';

describe('offset cursor', () => {
  it('encodes and decodes offsets', () => {
    assert.equal(encodeCursor(0), 'MA==');
    assert.equal(encodeCursor(100), 'MTAw');
    assert.equal(encodeCursor(1000), 'MTAwMA==');
    for (const n of [0, 1, 2, 99, 1000, 123456]) assert.equal(decodeCursor(encodeCursor(n)), n);
    assert.equal(decodeCursor(undefined), 0);
    assert.equal(decodeCursor(''), 0);
    assert.equal(decodeCursor('LTE='), null);
  });

  it('rejects malformed cursors with Invalid next_cursor', () => {
    for (const bad of ['!', 'MA=', 'MA', Buffer.from('-2').toString('base64'), Buffer.from('01').toString('base64'),
      Buffer.from('1.5').toString('base64'), Buffer.from('99999999999').toString('base64'), Buffer.from(' 1').toString('base64')]) {
      assert.throws(() => decodeCursor(bad), (e: unknown) => e instanceof ApiError && e.status === 400 && e.message === 'Invalid next_cursor', bad);
    }
  });

  it('builds the envelope from limit + 1 rows', () => {
    assert.deepEqual(pageOf([1, 2, 3], 0, 2), { data: [1, 2], next_cursor: 'Mg==', limit: 2, count: 2 });
    assert.deepEqual(pageOf([3], 2, 2), { data: [3], next_cursor: 'LTE=', limit: 2, count: 1 });
  });
});
