/**
 * `/public-search` on many matches: both walked rankings (src/catalog/queries/search-walk.ts,
 * SQLite: through the match list, or in chunks matched here) answer exactly what ranking every
 * match answers — tiers, open/closed, volume ties, pages, titles with punctuation, and titles
 * only FTS5 can judge (the chunk walk then gives up) — and each is chosen where it costs least.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { insertEvent } from '../../src/catalog/write.js';
import { plan, searchWalk } from '../../src/catalog/queries/search-walk.js';
import { startTestService, type TestService } from '../support/service.js';

const WORDS = ['will', 'bitcoin', 'win', 'the', 'election', 'price', 'above', 'willow', 'wild', 'golden'];

for (const backend of backends()) {
  describe(`catalog search on many matches (${backend.name})`, { skip: backend.skip }, () => {
    let svc: TestService;
    const api = { get: async (url: string) => { const r = await svc.app.inject({ url }); return { status: r.statusCode, body: r.json() }; } };
    const saved = { ...searchWalk, cost: { ...searchWalk.cost } };
    before(async () => {
      svc = await startTestService(backend, { SIBYL_RATE_LIMITS: 'off' });
      const db = svc.store.db;
      const now = Date.UTC(2025, 0, 1);
      let seed = 7;
      const rnd = (n: number) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
      const titles: string[] = ['Will', 'will bitcoin', 'Will bitcoin win?', 'Willow', 'the election', 'Élection will win', 'Will “Golden” win…?', 'price – above'];
      for (let i = 0; i < 160; i++) {
        const n = 2 + rnd(5);
        const words = Array.from({ length: n }, () => WORDS[rnd(WORDS.length)]!);
        if (i % 9 === 0) words.push('Éclair'); // only FTS5 can say whether "ecl" matches it
        titles.push(`${i % 3 === 0 ? 'Will ' : ''}${words.join(i % 4 === 0 ? ' ' : ', ')}${i % 5 === 0 ? ' by…?' : '?'}`);
      }
      for (const [i, title] of titles.entries()) {
        const slug = i === 0 ? 'will' : i === 1 ? 'will-bitcoin' : `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${i}`;
        await insertEvent(db, { slug, title, volume: rnd(4) * 1000, closed: rnd(4) === 0 }, now + i);
      }
    });
    after(async () => { Object.assign(searchWalk, saved); await svc?.dispose(); });

    it('answers what the full ranking answers, on every page', async () => {
      const queries = ['will', 'wil', 'w', 'will bitcoin', 'will b', 'bitcoin win', 'the', 'the el', 'golden', 'golden win', 'price above', 'ecl', 'élection', 'wild', 'willow', 'pri', 'win'];
      let walked = 0;
      for (const q of queries) {
        for (const [limit, page] of [[5, 1], [10, 1], [10, 2], [7, 3], [25, 1], [25, 4]] as const) {
          const url = `/public-search?q=${encodeURIComponent(q)}&limit_per_type=${limit}&page=${page}`;
          searchWalk.force = 'full';
          const full = await api.get(url);
          for (const force of ['list', 'chunks'] as const) {
            for (const maxPrefixCandidates of [0, 1000]) {
              Object.assign(searchWalk, { force, maxPrefixCandidates, chunk: 3 });
              const fast = await api.get(url);
              assert.deepEqual(fast, full, `${url} (${force}, prefix candidates ≤ ${maxPrefixCandidates})`);
              walked++;
            }
          }
          Object.assign(searchWalk, saved);
          assert.deepEqual(await api.get(url), full, url);
        }
      }
      assert.ok(walked > 0);
      const will = (await api.get('/public-search?q=will&limit_per_type=3')).body;
      assert.equal(will.events[0].slug, 'will'); // the exact match first
    });

    it('ranks a few matches whole, a word in some of the catalog through the list, a common word in chunks', () => {
      assert.equal(plan(100, 10, 100_000), 'full');
      assert.equal(plan(1_700, 10, 100_000), 'list');
      assert.equal(plan(56_000, 10, 100_000), 'chunks');
      assert.equal(plan(5_000, 500, 100_000), 'list'); // a deep page: chunks would walk ~10,000 rows
    });
  });
}
