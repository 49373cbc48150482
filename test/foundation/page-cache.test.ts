/** The page cache (src/store/page-cache.ts): hits only at the same version, per database, least recently used out first, within its budget. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PageCache } from '../../src/store/page-cache.js';

describe('page cache', () => {
  const page = (n: number) => Buffer.alloc(n, 'x');

  it('answers a page only at the version it was kept at, per database', () => {
    const cache = new PageCache(1000);
    const db = {};
    cache.set(db, 'k', 'v1', page(10));
    assert.equal(cache.get(db, 'k', 'v1')?.length, 10);
    assert.equal(cache.get(db, 'k', 'v2'), undefined);
    assert.equal(cache.get({}, 'k', 'v1'), undefined, 'another database');
    cache.set(db, 'n', [1, 2], page(5));
    assert.ok(cache.get(db, 'n', [1, 2]));
    assert.equal(cache.get(db, 'n', [1, 3]), undefined);
    assert.equal(cache.get(db, 'n', [1]), undefined);
    cache.set(db, 'k', 'v2', page(20)); // replaces the older version
    assert.equal(cache.get(db, 'k', 'v2')?.length, 20);
    assert.equal(cache.size(db), 2);
  });

  it('keeps at most its budget, the least recently used going first', () => {
    const cache = new PageCache(100); // a page of 40 bytes under version "1" costs 42
    const db = {};
    cache.set(db, 'a', '1', page(40));
    cache.set(db, 'b', '1', page(40));
    assert.ok(cache.get(db, 'a', '1')); // a is now the most recently used
    cache.set(db, 'c', '1', page(40)); // over the budget: b goes
    assert.equal(cache.get(db, 'b', '1'), undefined);
    assert.ok(cache.get(db, 'a', '1') && cache.get(db, 'c', '1'));
    assert.equal(cache.set(db, 'd', '1', page(101)).length, 101, 'a page over the whole budget is answered, not kept');
    assert.equal(cache.get(db, 'd', '1'), undefined);
    assert.equal(cache.size(db), 2);
  });

  it('measures other pages with the size it is given', () => {
    const cache = new PageCache<{ text: string }>(100, (p) => p.text.length * 2);
    const db = {};
    cache.set(db, 'a', '1', { text: 'x'.repeat(30) }); // 62
    cache.set(db, 'b', '1', { text: 'x'.repeat(30) }); // 124 in all: a goes
    assert.equal(cache.get(db, 'a', '1'), undefined);
    assert.equal(cache.get(db, 'b', '1')?.text.length, 30);
  });
});
