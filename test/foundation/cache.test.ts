/**
 * The process's one cache of kept answers (src/store/cache.ts): hits only at the version an
 * answer was kept at, per area, least recently used out first across all areas, within one budget.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Cache } from '../../src/store/cache.js';

const page = (n: number) => Buffer.alloc(n, 'x');

describe('cache', () => {
  it('answers a page only at the version it was kept at, per area', () => {
    const cache = new Cache(1 << 20);
    const a = cache.area('a');
    const b = cache.area('b');
    a.set('k', 'v1', page(10));
    assert.equal(a.get('k', 'v1')?.length, 10);
    assert.equal(a.get('k', 'v2'), undefined);
    assert.equal(b.get('k', 'v1'), undefined, 'another area');
    a.set('n', [1, 2], page(5));
    assert.ok(a.get('n', [1, 2]));
    assert.equal(a.get('n', [1, 3]), undefined);
    assert.equal(a.get('n', [1]), undefined);
    a.set('k', 'v2', page(20)); // replaces the older version
    assert.equal(a.get('k', 'v2')?.length, 20);
    assert.equal(a.size(), 2);
    assert.equal(b.size(), 0);
    assert.throws(() => cache.area('a'), /taken/);
  });

  it('keeps at most its one budget across areas, the least recently used going first', () => {
    const cache = new Cache(8000); // a 300-byte page costs about 410 with its key and version
    const a = cache.area('a');
    const b = cache.area('b');
    a.set('1', '1', page(300));
    b.set('2', '1', page(300));
    assert.ok(a.get('1', '1')); // now the most recently used
    for (let i = 0; i < 18; i++) b.set(`x${i}`, '1', page(300)); // over the budget: the oldest go, whichever area
    assert.ok(cache.stats().bytes <= 8000);
    assert.ok(a.get('1', '1'), 'used after b\'s first page: still kept');
    assert.equal(b.get('2', '1'), undefined);
    assert.ok(b.get('x17', '1'));
    assert.equal(a.set('big', '1', page(1000)).length, 1000, 'a page over an eighth of the budget is answered, not kept');
    assert.equal(a.get('big', '1'), undefined);
  });

  it('measures other pages with the size it is given, and counts hits and misses', async () => {
    const cache = new Cache(1 << 20);
    const t = cache.area<{ text: string }>('t', (p) => p.text.length * 2);
    let builds = 0;
    const build = async () => { builds++; return { text: 'x'.repeat(30) }; };
    await t.through('k', '1', build);
    await t.through('k', '1', build);
    await t.through('k', '2', build);
    assert.equal(builds, 2);
    const s = cache.stats();
    assert.equal(s.hits, 1);
    assert.equal(s.misses, 2);
    assert.ok(s.bytes > 60 && s.entries === 1);
  });

  it('keeps nothing with a budget of 0', () => {
    const a = new Cache(0).area('a');
    a.set('k', '1', page(1));
    assert.equal(a.get('k', '1'), undefined);
  });
});
