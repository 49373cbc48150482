/** isoTime (src/domain/iso-time.ts) answers exactly what Date#toISOString does. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isoTime } from '../../src/domain/iso-time.js';

const same = (ms: number) => assert.equal(isoTime(ms), new Date(ms).toISOString(), String(ms));

describe('isoTime', () => {
  it('matches toISOString at the edges of days, months, leap years and its range', () => {
    const edges = [0, 1, 999, 1000, 59_999, 3_599_999, 86_399_999, 86_400_000, Date.UTC(2024, 1, 29, 23, 59, 59, 999),
      Date.UTC(2024, 2, 1), Date.UTC(2100, 1, 28, 12), Date.UTC(2000, 1, 29), Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      253_402_300_800_000, 1_700_000_000_123, Date.now()];
    for (const ms of edges) same(ms);
  });

  it('matches toISOString on random instants, before 1970 and on fractions', () => {
    for (let i = 0; i < 20_000; i++) same(Math.floor(Math.random() * 253_402_300_800_000));
    for (let i = 0; i < 2_000; i++) same(1_700_000_000_000 + Math.floor(Math.random() * 86_400_000 * 3));
    for (const ms of [-1, -86_400_001, -62_198_755_200_000, 1.5, 1_700_000_000_000.7]) same(ms);
  });

  it('throws like toISOString on an invalid time', () => {
    assert.throws(() => isoTime(Number.NaN), RangeError);
    assert.throws(() => isoTime(8.64e15 + 1), RangeError);
  });
});
