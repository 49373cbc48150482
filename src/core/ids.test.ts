/** The production id source: the documented shape, unique, and in time order across milliseconds. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomIds } from './ids.js';

test('randomIds: 0x + 64 lowercase hex, unique across refills of the entropy pool', () => {
  const ids = randomIds();
  const all = Array.from({ length: 1000 }, () => ids.next('order'));
  for (const id of all) assert.match(id, /^0x[0-9a-f]{64}$/);
  assert.equal(new Set(all).size, all.length);
});

test('randomIds: the first 12 hex digits are the wall clock, so later ids sort after earlier ones', async () => {
  const ids = randomIds();
  const before = Date.now();
  const first = ids.next('order');
  const after = Date.now();
  const stamp = Number.parseInt(first.slice(2, 14), 16);
  assert.ok(stamp >= before && stamp <= after, `prefix ${stamp} within [${before}, ${after}]`);
  await sleep(3);
  const later = ids.next('trade');
  assert.ok(later > first, `${later} sorts after ${first}`);
  assert.notEqual(first.slice(14), later.slice(14));
});
