/** `GET /events`, `/events/slug/{slug}`, `/markets/slug/{slug}`, `/markets/{id}/tags`, `/events/creators`, `/tags`. */
import { after, before, describe, it } from 'node:test';
import { marketTokenIds } from '../../src/domain/ctf-ids.js';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { insertCreator, insertEvent } from '../../src/catalog/write.js';
import { startApi, market, assertBadRequest, assertNotFound, WALLETS, type Api } from './helpers.js';

const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 1);

for (const backend of backends()) {
  describe(`catalog events and markets (${backend.name})`, { skip: backend.skip }, () => {
    let api: Api;
    let created: any;
    const prepared: string[] = []; // SQL the SQLite store prepares (statements are kept, so recorded from the start)
    before(async () => {
      api = await startApi(backend);
      const sqlite = api.svc.store.sqlite;
      if (sqlite) {
        const prepare = sqlite.prepare;
        sqlite.prepare = ((text: string) => { prepared.push(text); return prepare.call(sqlite, text); }) as typeof prepare;
      }
      created = await api.create('/admin/events', {
        slug: 'us-election', title: 'US Election 2028', startDate: '2025-01-01T00:00:00Z', endDate: '2028-11-07T00:00:00Z',
        tags: [{ slug: 'politics', label: 'Politics' }, { slug: 'usa', label: 'USA' }],
        series: [{ slug: 'elections', title: 'Elections', recurrence: 'quadrennial' }],
        creator: { creatorName: 'Alice', creatorHandle: 'alice', wallet: WALLETS[0].toLowerCase() },
        metadata: { context: 'demo' },
        markets: [market('vance-wins', { tags: [{ slug: 'vance', label: 'Vance' }, 'politics'] }), market('newsom-wins')],
      });
      // Volumes and dates come from trading and imports: written through the catalog writer.
      const db = api.svc.store.db;
      for (let i = 0; i < 25; i++) {
        await insertEvent(db, {
          slug: `event-${String(i).padStart(2, '0')}`, title: `Event ${i}`, volume: (i % 5) * 1_000_000, startDate: T0 + i * DAY,
          active: i % 2 === 0, closed: i % 3 === 0, archived: i === 7, tags: i % 4 === 0 ? ['politics'] : [],
          series: i < 3 ? ['elections'] : [], createdAt: T0 + i * DAY, markets: [{ question: `Q${i}`, slug: `market-${i}` }],
        }, T0 + i * DAY);
      }
    });
    after(async () => { await api?.svc.dispose(); });

    it('lists events newest id first by default, 20 per page, with tags and without creationDate', async () => {
      const res = await api.get('/events');
      assert.equal(res.status, 200);
      assert.equal(res.body.length, 20);
      assert.deepEqual(res.body.map((e: any) => Number(e.id)), Array.from({ length: 20 }, (_, i) => 26 - i));
      const us = (await api.get('/events?slug=us-election')).body[0];
      assert.deepEqual(Object.keys(us), ['id', 'ticker', 'slug', 'title', 'description', 'resolutionSource', 'startDate', 'endDate', 'image', 'icon', 'active', 'closed', 'archived', 'createdAt', 'updatedAt', 'tags']);
      assert.deepEqual(us.tags.map((t: any) => t.slug), ['politics', 'usa']);
      assert.equal(us.startDate, '2025-01-01T00:00:00.000Z');
    });

    it('pages with limit and offset and enforces the bounds with a 400', async () => {
      const all = (await api.get('/events?limit=100&ascending=true')).body.map((e: any) => e.id);
      assert.equal(all.length, 26);
      const page = (await api.get('/events?limit=5&offset=5&ascending=true')).body.map((e: any) => e.id);
      assert.deepEqual(page, all.slice(5, 10));
      assertBadRequest(await api.get('/events?limit=101'), 'limit must be <= 100');
      assertBadRequest(await api.get('/events?limit=0'), 'limit must be >= 1');
      assertBadRequest(await api.get('/events?offset=-1'), 'offset must be >= 0');
      assertBadRequest(await api.get('/events?limit=abc'), /^limit must be an integer/);
      assertBadRequest(await api.get('/events?active=maybe'), /^active must be boolean/);
      assertBadRequest(await api.get('/events?tag_id=x'), /^tag_id must be an integer/);
    });

    it('filters by active, closed, archived', async () => {
      const ids = async (q: string) => (await api.get(`/events?limit=100&${q}`)).body.map((e: any) => e.slug).sort();
      const active = await ids('active=true');
      assert.ok(active.includes('us-election') && active.includes('event-00') && !active.includes('event-01'));
      assert.deepEqual(await ids('closed=true'), ['event-00', 'event-03', 'event-06', 'event-09', 'event-12', 'event-15', 'event-18', 'event-21', 'event-24']);
      assert.deepEqual(await ids('archived=true'), ['event-07']);
      assert.deepEqual(await ids('active=false&closed=true'), ['event-03', 'event-09', 'event-15', 'event-21']);
    });

    it('filters by tag (alias), tag_slug, tag_id, series_slug and slug', async () => {
      const slugs = async (q: string) => (await api.get(`/events?limit=100&ascending=true&${q}`)).body.map((e: any) => e.slug);
      const politics = ['us-election', 'event-00', 'event-04', 'event-08', 'event-12', 'event-16', 'event-20', 'event-24'];
      assert.deepEqual(await slugs('tag=politics'), politics);
      assert.deepEqual(await slugs('tag_slug=politics'), politics);
      const tagId = created.tags.find((t: any) => t.slug === 'politics').id;
      assert.deepEqual(await slugs(`tag_id=${tagId}`), politics);
      assert.deepEqual(await slugs('tag_slug=usa'), ['us-election']);
      assert.deepEqual(await slugs('tag=politics&tag_slug=usa'), ['us-election']);
      assert.deepEqual(await slugs('tag=nope'), []);
      assert.deepEqual(await slugs('series_slug=elections'), ['us-election', 'event-00', 'event-01', 'event-02']);
      assert.deepEqual(await slugs('series_slug=nope'), []);
      assert.deepEqual(await slugs('slug=event-05'), ['event-05']);
    });

    it('orders by documented columns, comma-separated, ascending or not; unknown columns are a 400', async () => {
      const vol = (await api.get('/events?order=volume,startDate&limit=100')).body.map((e: any) => e.slug);
      assert.deepEqual(vol.slice(0, 5), ['event-24', 'event-19', 'event-14', 'event-09', 'event-04']);
      const start = (await api.get('/events?order=startDate&ascending=true&limit=3&tag=politics')).body.map((e: any) => e.slug);
      assert.deepEqual(start, ['us-election', 'event-00', 'event-04']); // same start date: the id breaks the tie
      for (const col of ['id', 'slug', 'title', 'ticker', 'endDate', 'creationDate', 'createdAt', 'updatedAt', 'liquidity']) {
        assert.equal((await api.get(`/events?order=${col}`)).status, 200, col);
      }
      assertBadRequest(await api.get('/events?order=volume,bogus'), /^order: unknown field bogus; valid fields: id, /);
    });

    it('a page is the same slice of the full ordering for every order, direction, filter and offset', async () => {
      // Pages select their ids first, then the rows (README "Read performance"): ties, missing
      // dates and filters must come out exactly as one ordered query would give them.
      for (const order of ['', 'volume', 'startDate', 'endDate', 'createdAt', 'volume,startDate']) {
        for (const filter of ['', '&active=true&closed=false', '&archived=false&tag=politics']) {
          for (const asc of ['', '&ascending=true']) {
            const q = `${order ? `&order=${order}` : ''}${filter}${asc}`;
            const all = (await api.get(`/events?limit=100${q}`)).body.map((e: any) => e.slug);
            for (const offset of [0, 3, 7]) {
              const page = (await api.get(`/events?limit=4&offset=${offset}${q}`)).body.map((e: any) => e.slug);
              assert.deepEqual(page, all.slice(offset, offset + 4), `${q} offset ${offset}`);
            }
          }
        }
      }
    });

    it('flag filters walk the sort order\'s index instead of sorting every match (SQLite plan)', { skip: backend.name !== 'sqlite' }, async () => {
      for (const order of ['id', 'startDate', 'createdAt', 'volume']) {
        assert.equal((await api.get(`/events?active=true&closed=false&order=${order}&offset=1`)).status, 200);
      }
      const sqlite = api.svc.store.sqlite!;
      const pages = prepared.filter((text) => text.startsWith('select "p"."id"') && /\+"e"."active" = \? and \+"e"."closed" = \?/.test(text)
        && /order by "e"\."\w+" desc( nulls first)?(, "e"\."id" desc)? limit/.test(text)); // one sort column (and the id)
      assert.ok(pages.length >= 4, `${pages.length} page statements`);
      for (const text of pages) {
        const plan = sqlite.prepare(`explain query plan ${text}`).all(...Array((text.match(/\?/g) ?? []).length).fill(1)) as Array<{ id: number; parent: number; detail: string }>;
        // The outer query sorts its page (at most `limit` rows); the id subquery must not sort.
        const inner = plan.find((r) => r.detail.startsWith('LIST SUBQUERY'))!;
        const walk = plan.filter((r) => r.parent === inner.id);
        assert.ok(walk.some((r) => /USING (COVERING )?INDEX events_/.test(r.detail)), `${text}\n${JSON.stringify(plan)}`);
        assert.ok(!walk.some((r) => /TEMP B-TREE/.test(r.detail)), `${text}\n${JSON.stringify(plan)}`);
      }
    });

    it('event by slug carries creationDate, tags, markets, series and eventMetadata', async () => {
      const res = await api.get('/events/slug/us-election');
      assert.equal(res.status, 200);
      const e = res.body;
      assert.equal(e.creationDate, e.createdAt);
      assert.deepEqual(e.eventMetadata, { context: 'demo' });
      assert.deepEqual(e.series.map((s: any) => [s.slug, s.recurrence, s.active]), [['elections', 'quadrennial', true]]);
      assert.equal(e.markets.length, 2);
      const m = e.markets[0];
      assert.equal(m.events, undefined);
      assert.match(m.id, /^\d+$/);
      assert.match(m.conditionId, /^0x[0-9a-f]{64}$/);
      assert.deepEqual(JSON.parse(m.outcomes), ['Yes', 'No']);
      assert.deepEqual(JSON.parse(m.clobTokenIds), marketTokenIds(m.conditionId, e.negRisk === true), 'the position ids');
      assertNotFound(await api.get('/events/slug/nope'), 'slug not found');
    });

    it('market by slug carries its event summary', async () => {
      const res = await api.get('/markets/slug/vance-wins');
      assert.equal(res.status, 200);
      assert.deepEqual(Object.keys(res.body), ['id', 'question', 'conditionId', 'slug', 'resolutionSource', 'startDate', 'endDate', 'image', 'icon', 'description', 'outcomes', 'clobTokenIds', 'active', 'closed', 'archived', 'createdAt', 'updatedAt', 'questionID', 'events']);
      assert.equal(res.body.events.length, 1);
      assert.equal(res.body.events[0].slug, 'us-election');
      assert.equal(res.body.events[0].tags, undefined);
      assertNotFound(await api.get('/markets/slug/nope'), 'slug not found');
    });

    it('market tags: own tags first, then the event tags, by numeric id or condition id', async () => {
      const m = created.markets[0];
      const byId = await api.get(`/markets/${m.id}/tags`);
      assert.deepEqual(byId.body.map((t: any) => t.slug), ['politics', 'vance', 'usa']);
      const byCondition = await api.get(`/markets/${m.conditionId.toUpperCase().replace('0X', '0x')}/tags`);
      assert.deepEqual(byCondition.body, byId.body);
      const other = await api.get(`/markets/${created.markets[1].id}/tags`);
      assert.deepEqual(other.body.map((t: any) => t.slug), ['politics', 'usa']);
      assertNotFound(await api.get('/markets/999999/tags'), 'id not found');
      assertNotFound(await api.get(`/markets/0x${'ab'.repeat(32)}/tags`), 'id not found');
      assertBadRequest(await api.get('/markets/not-an-id/tags'), /^id must be/);
    });

    it('lists event creators with filters, order and bounds', async () => {
      const db = api.svc.store.db;
      await insertCreator(db, { creatorName: '', creatorHandle: 'bob', wallet: WALLETS[1] }, T0);
      const all = await api.get('/events/creators?ascending=true');
      assert.deepEqual(all.body.map((c: any) => c.creatorName), ['Alice', WALLETS[1]]);
      assert.deepEqual(Object.keys(all.body[0]), ['id', 'creatorName', 'creatorHandle', 'creatorUrl', 'creatorImage', 'createdAt', 'updatedAt']);
      assert.deepEqual((await api.get('/events/creators?creator_name=ALICE')).body.map((c: any) => c.creatorHandle), ['alice']);
      assert.deepEqual((await api.get(`/events/creators?creator_name=${WALLETS[1].toLowerCase()}`)).body.map((c: any) => c.creatorHandle), ['bob']);
      assert.deepEqual((await api.get('/events/creators?creator_handle=bob')).body.length, 1);
      assert.deepEqual((await api.get('/events/creators?order=creatorHandle')).body.map((c: any) => c.creatorHandle), ['bob', 'alice']);
      assert.equal((await api.get('/events/creators?limit=1&offset=1&ascending=true')).body[0].creatorHandle, 'bob');
      assertBadRequest(await api.get('/events/creators?limit=101'), 'limit must be <= 100');
      assertBadRequest(await api.get('/events/creators?order=wallet'), /^order: unknown field wallet/);
    });

    it('lists tags with limit and offset bounds', async () => {
      const all = (await api.get('/tags?limit=100')).body.map((t: any) => t.slug);
      assert.deepEqual(all, ['politics', 'usa', 'vance']);
      assert.deepEqual((await api.get('/tags?limit=1&offset=1')).body.map((t: any) => t.slug), ['usa']);
      assertBadRequest(await api.get('/tags?limit=0'), 'limit must be >= 1');
      assertBadRequest(await api.get('/tags?offset=-3'), 'offset must be >= 0');
    });

    it('a new event is visible at once; an unknown catalog path is a typed 404', async () => {
      await api.create('/admin/events', { slug: 'fresh', title: 'Fresh', markets: [market('fresh-m')] });
      assert.equal((await api.get('/events?limit=1')).body[0].slug, 'fresh');
      assert.equal((await api.get('/markets/slug/fresh-m')).status, 200);
      const res = await api.get('/events/slug');
      assert.equal(res.status, 404);
      assert.equal(res.body.type, 'not found error');
    });
  });
}
