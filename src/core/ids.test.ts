/** The production id source: the documented shape, unique, in time order, and the same on a replay. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { commandIds, randomSeeds } from './ids.js';

test('commandIds: 0x + 64 lowercase hex, unique across commands and seed-pool refills', () => {
  const ids = commandIds();
  const seeds = randomSeeds();
  const all: string[] = [];
  for (let c = 0; c < 300; c++) {
    ids.begin!(1_700_000_000_000 + c, seeds());
    for (let k = 0; k < 5; k++) all.push(ids.next('order'));
  }
  for (const id of all) assert.match(id, /^0x[0-9a-f]{64}$/);
  assert.equal(new Set(all).size, all.length);
});

test('commandIds: the first 12 hex digits are the command time, so later commands sort after earlier ones', () => {
  const ids = commandIds();
  const seeds = randomSeeds();
  ids.begin!(1_700_000_000_000, seeds());
  const first = ids.next('order');
  assert.equal(Number.parseInt(first.slice(2, 14), 16), 1_700_000_000_000);
  ids.begin!(1_700_000_000_003, seeds());
  const later = ids.next('trade');
  assert.ok(later > first, `${later} sorts after ${first}`);
});

test('commandIds: the same command time and seed make the same ids (a follower replays them)', () => {
  const seed = randomSeeds()();
  const a = commandIds();
  const b = commandIds();
  a.begin!(5, seed);
  b.begin!(5, seed);
  const one = [a.next('order'), a.next('trade'), a.next('tx')];
  assert.deepEqual([b.next('order'), b.next('trade'), b.next('tx')], one);
  assert.equal(new Set(one).size, 3);
});

test('commandIds: an id outside a command, or a malformed seed, is a programming error', () => {
  assert.throws(() => commandIds().next('order'), /outside a command/);
  assert.throws(() => commandIds().begin!(1, 'abc'), /52 hex/);
});
