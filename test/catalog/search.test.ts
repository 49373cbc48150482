/** `GET /public-search`: ranking, pagination, tags with event counts, parameters and errors. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { insertEvent, upsertTag } from '../../src/catalog/write.js';
import { startApi, assertBadRequest, type Api } from './helpers.js';

for (const backend of backends()) {
  describe(`catalog public search (${backend.name})`, { skip: backend.skip }, () => {
    let api: Api;
    before(async () => {
      api = await startApi(backend);
      const db = api.svc.store.db;
      const now = Date.UTC(2025, 0, 1);
      await upsertTag(db, { slug: 'bitcoin', label: 'Bitcoin' }, now);
      await upsertTag(db, { slug: 'bitcoin-etf', label: 'Bitcoin ETF' }, now);
      await upsertTag(db, { slug: 'crypto', label: 'Crypto' }, now);
      const ev = (slug: string, title: string, volume = 0, extra: object = {}) =>
        insertEvent(db, { slug, title, volume, ...extra }, now);
      await ev('will-bitcoin-hit-100k', 'Will bitcoin hit 100k in 2025?', 9_000_000, { tags: ['crypto'] });
      await ev('bitcoin', 'Bitcoin', 1, { tags: ['bitcoin', 'crypto'] });
      await ev('bitcoin-price-today', 'Bitcoin price today', 5, { tags: ['bitcoin'] });
      await ev('crypto-winter', 'Is this a crypto winter for Bitcoiners?', 100, { tags: ['bitcoin'] });
      await ev('eth-flips', 'ETH flips bitcoin', 50, { closed: true });
      await ev('fed-rates', 'Fed decision in March', 1_000);
      for (let i = 0; i < 30; i++) await ev(`election-${i}`, `Election number ${i}`, i);
    });
    after(async () => { await api?.svc.dispose(); });

    it('ranks exact, then prefix, then word matches (open before closed, then volume)', async () => {
      const res = await api.get('/public-search?q=bitcoin');
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.events.map((e: any) => e.slug), ['bitcoin', 'bitcoin-price-today', 'will-bitcoin-hit-100k', 'crypto-winter', 'eth-flips']);
      assert.deepEqual(Object.keys(res.body.events[0]), ['id', 'ticker', 'slug', 'title']);
      assert.deepEqual(res.body.tags.map((t: any) => [t.slug, t.event_count]), [['bitcoin', 3], ['bitcoin-etf', 0]]);
      assert.deepEqual(Object.keys(res.body.tags[0]), ['id', 'label', 'slug', 'event_count']);
      assert.deepEqual(res.body.pagination, { hasMore: false, totalResults: 7 });
    });

    it('a tag\'s event_count follows the events that carry it', async () => {
      const db = api.svc.store.db;
      const count = async () => (await api.get('/public-search?q=bitcoin-etf')).body.tags.find((t: any) => t.slug === 'bitcoin-etf').event_count;
      assert.equal(await count(), 0);
      const { id } = await insertEvent(db, { slug: 'etf-approval', title: 'ETF approval', tags: ['bitcoin-etf'] }, Date.UTC(2025, 0, 2));
      assert.equal(await count(), 1);
      const crypto = (await db.selectFrom('tags').select('id').where('slug', '=', 'crypto').executeTakeFirstOrThrow()).id;
      const etf = (await db.selectFrom('tags').select('id').where('slug', '=', 'bitcoin-etf').executeTakeFirstOrThrow()).id;
      await db.updateTable('event_tags').set({ tag_id: crypto }).where('event_id', '=', id).where('tag_id', '=', etf).execute();
      assert.equal(await count(), 0);
      await db.updateTable('event_tags').set({ tag_id: etf }).where('event_id', '=', id).where('tag_id', '=', crypto).execute();
      assert.equal(await count(), 1);
      await db.deleteFrom('event_tags').where('event_id', '=', id).execute();
      assert.equal(await count(), 0);
      await db.deleteFrom('markets').where('event_id', '=', id).execute();
      await db.deleteFrom('events').where('id', '=', id).execute();
    });

    it('matches every word, the last one as a prefix, case-insensitively; slugs count as words', async () => {
      assert.deepEqual((await api.get('/public-search?q=BITCOIN%20pri')).body.events.map((e: any) => e.slug), ['bitcoin-price-today']);
      assert.deepEqual((await api.get('/public-search?q=bitcoiners')).body.events.map((e: any) => e.slug), ['crypto-winter']);
      assert.deepEqual((await api.get('/public-search?q=100k')).body.events.map((e: any) => e.slug), ['will-bitcoin-hit-100k']);
      assert.deepEqual((await api.get('/public-search?q=fed-rat')).body.events.map((e: any) => e.slug), ['fed-rates']);
      const none = await api.get('/public-search?q=zzzz');
      assert.deepEqual(none.body, { events: [], tags: [], pagination: { hasMore: false, totalResults: 0 } });
      assert.deepEqual((await api.get('/public-search?q=%22%3A*')).body.pagination.totalResults, 0);
    });

    it('pages with limit_per_type and page; hasMore and totalResults are true to the data', async () => {
      const p1 = (await api.get('/public-search?q=election&limit_per_type=12')).body;
      assert.equal(p1.events.length, 12);
      assert.deepEqual(p1.pagination, { hasMore: true, totalResults: 30 });
      assert.equal(p1.events[0].slug, 'election-29'); // same tier: by volume
      const p3 = (await api.get('/public-search?q=election&limit_per_type=12&page=3')).body;
      assert.equal(p3.events.length, 6);
      assert.deepEqual(p3.pagination, { hasMore: false, totalResults: 30 });
      const seen = new Set<string>();
      for (let page = 1; page <= 3; page++) {
        for (const e of (await api.get(`/public-search?q=election&limit_per_type=12&page=${page}`)).body.events) seen.add(e.slug);
      }
      assert.equal(seen.size, 30);
      const tagsOnly = (await api.get('/public-search?q=bitcoin&limit_per_type=5&page=2')).body;
      assert.deepEqual(tagsOnly.events, []);
      assert.equal(tagsOnly.pagination.hasMore, false);
    });

    it('search_tags=false leaves tags out; search_profiles is accepted and never returns profiles', async () => {
      const res = (await api.get('/public-search?q=bitcoin&search_tags=false&search_profiles=true')).body;
      assert.deepEqual(res.tags, []);
      assert.equal(res.profiles, undefined);
      assert.equal(res.pagination.totalResults, 5);
    });

    it('rejects a missing q and out-of-range or mistyped parameters', async () => {
      assertBadRequest(await api.get('/public-search'), 'q is required');
      assertBadRequest(await api.get('/public-search?q='), 'q is required');
      assertBadRequest(await api.get('/public-search?q=%20%20'), 'q is required');
      assertBadRequest(await api.get('/public-search?q=a&limit_per_type=501'), 'limit_per_type must be <= 500');
      assertBadRequest(await api.get('/public-search?q=a&limit_per_type=0'), 'limit_per_type must be >= 1');
      assertBadRequest(await api.get('/public-search?q=a&page=0'), 'page must be >= 1');
      assertBadRequest(await api.get('/public-search?q=a&search_tags=perhaps'), /^search_tags must be boolean/);
      assert.equal((await api.get('/public-search?q=a&limit_per_type=500')).status, 200);
    });

    it('uses the full-text index, not a scan', async () => {
      const db = api.svc.store.db;
      if (backend.name === 'sqlite') {
        const plan = await import('kysely').then(({ sql }) => sql<{ detail: string }>`explain query plan select id from events e where e.id in (select rowid from events_fts where events_fts match ${'"bitcoin"*'})`.execute(db));
        assert.ok(plan.rows.some((r) => /VIRTUAL TABLE INDEX/.test(r.detail)), JSON.stringify(plan.rows));
      } else {
        const { sql } = await import('kysely');
        const plan = await db.transaction().execute(async (trx) => {
          await sql`set local enable_seqscan = off`.execute(trx); // a tiny table would be scanned anyway
          return sql<{ 'QUERY PLAN': string }>`explain select id from events e where to_tsvector('simple', e.title || ' ' || e.slug) @@ to_tsquery('simple', ${"'bitcoin':*"})`.execute(trx);
        });
        assert.ok(plan.rows.some((r) => /events_search/.test(r['QUERY PLAN'])), JSON.stringify(plan.rows));
      }
    });
  });
}
