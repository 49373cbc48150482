/**
 * The catalog's read model for events (src/catalog/event-json.ts, migration 0015): stored list
 * items and details are the bytes the route schemas' serializer writes, triggers clear them when
 * what they show changes (and only then), readers build cleared ones from the rows, and the fill
 * every start runs builds missing ones.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import fastJson from 'fast-json-stringify';
import { Type } from 'typebox';
import { backends } from '../support/backends.js';
import { insertEvent, updateMarket } from '../../src/catalog/write.js';
import { buildEventItems, fillEventItems } from '../../src/catalog/event-json.js';
import { CatalogMarket, EventDetail, EventListItem } from '../../src/routes/catalog/schemas.js';
import { ADMIN, startApi, type Api } from './helpers.js';

const T0 = Date.UTC(2025, 0, 1);
const serializePage = fastJson(Type.Array(EventListItem) as never);
const serializeDetail = fastJson(EventDetail as never);
const serializeMarket = fastJson(CatalogMarket as never);

for (const backend of backends()) {
  describe(`event list read model (${backend.name})`, { skip: backend.skip }, () => {
    let api: Api;
    const db = () => api.svc.store.db;
    const stored = async () => new Map((await db().selectFrom('events').select(['id', 'list_json']).execute()).map((r) => [r.id, r.list_json]));
    const details = async () => new Map((await db().selectFrom('events').select(['slug', 'detail_json']).execute()).map((r) => [r.slug, r.detail_json]));
    const detail = async (slug: string) => {
      const res = await api.svc.app.inject({ url: `/events/slug/${slug}` });
      assert.equal(res.statusCode, 200, res.body);
      return res.body;
    };
    const marketAnswers = async () => new Map((await db().selectFrom('markets').select(['slug', 'detail_json']).execute()).map((r) => [r.slug, r.detail_json]));
    const market = async (slug: string) => {
      const res = await api.svc.app.inject({ url: `/markets/slug/${slug}` });
      assert.equal(res.statusCode, 200, res.body);
      return res.body;
    };
    const page = async (query = '') => {
      const res = await api.svc.app.inject({ url: `/events?limit=100${query}` });
      assert.equal(res.statusCode, 200, res.body);
      return res.body;
    };

    before(async () => {
      api = await startApi(backend);
      await api.create('/admin/events', {
        slug: 'quotes', title: 'He said "yes" \\ then left', description: 'Line one\nline two\t€ 😀', startDate: '2025-01-01T00:00:00Z',
        tags: [{ slug: 'politics', label: 'Politics "quoted"' }, { slug: 'usa', label: 'USA' }], markets: [{ question: 'Q?', slug: 'q' }],
        series: [{ slug: 'weekly', title: 'Weekly' }], metadata: { note: 'a "quoted" note', n: 1 },
      });
      for (let i = 0; i < 12; i++) {
        await insertEvent(db(), {
          slug: `e-${i}`, title: `Event ${i}`, volume: i * 1_000_000, startDate: i % 3 ? T0 + i : null, closed: i % 4 === 0,
          tags: i % 2 ? ['politics'] : ['usa', 'politics'], markets: [{ question: `Q${i}`, slug: `m-${i}` }],
        }, T0 + i);
      }
    });
    after(async () => { await api.svc.close(); });
    const ADMIN_HEADERS = { authorization: `Bearer ${ADMIN}` };

    it('stores every written event, byte for byte what the route schema serializes', async () => {
      const items = await stored();
      assert.equal(items.size, 13);
      for (const [id, json] of items) assert.ok(json, `event ${id} has no stored item`);
      for (const q of ['', '&order=volume', '&order=startDate&ascending=true', '&closed=false', '&tag_slug=usa', '&offset=5']) {
        const body = await page(q);
        assert.equal(body, serializePage(JSON.parse(body)), q);
      }
      const built = await buildEventItems(db(), [...items.keys()]);
      for (const [id, json] of items) assert.equal(json, built.get(id)!.list);
      for (const [slug, json] of await details()) {
        const body = await detail(slug);
        assert.equal(body, json, slug);
        assert.equal(body, serializeDetail(JSON.parse(body)), slug);
      }
    });

    it('a market change clears its event\'s detail (not its list item); the operator path stores it again', async () => {
      const m = await db().selectFrom('markets').select(['condition_id', 'event_id']).where('slug', '=', 'q').executeTakeFirstOrThrow();
      const slug = 'quotes';
      await db().updateTable('markets').set((eb) => ({ volume: eb('volume', '+', 7) })).where('condition_id', '=', m.condition_id).execute();
      assert.notEqual((await details()).get(slug), null, 'a volume update keeps it');
      await db().updateTable('markets').set({ closed: 1 }).where('condition_id', '=', m.condition_id).execute();
      assert.equal((await details()).get(slug), null);
      assert.notEqual((await stored()).get(m.event_id), null);
      assert.equal(JSON.parse(await detail(slug)).markets[0].closed, true);
      assert.ok(await updateMarket(db(), m.condition_id, { archived: 1 }, T0));
      const body = await detail(slug);
      assert.equal((await details()).get(slug), body);
      assert.equal(JSON.parse(body).markets[0].archived, true);
      await db().updateTable('series').set({ title: 'Every week' }).where('slug', '=', 'weekly').execute();
      assert.equal((await details()).get(slug), null);
      assert.equal(JSON.parse(await detail(slug)).series[0].title, 'Every week');
    });

    it('a tag rename clears its events, the page shows it at once, a fill stores it again', async () => {
      const tag = (await db().selectFrom('tags').select('id').where('slug', '=', 'usa').executeTakeFirstOrThrow()).id;
      await db().updateTable('tags').set({ label: 'United States' }).where('id', '=', tag).execute();
      const tagged = new Set((await db().selectFrom('event_tags').select('event_id').where('tag_id', '=', tag).execute()).map((r) => r.event_id));
      for (const [id, json] of await stored()) assert.equal(json === null, tagged.has(id), `event ${id}`);
      const body = JSON.parse(await page('&tag_slug=usa'));
      assert.equal(body.length, tagged.size);
      for (const e of body) assert.ok(e.tags.some((t: any) => t.label === 'United States'));
      assert.equal(await fillEventItems(db()), tagged.size);
      const built = await buildEventItems(db(), [...tagged]);
      for (const id of tagged) assert.equal((await stored()).get(id), built.get(id)!.list);
    });

    it('an event edit or a tag change on the event clears it; a volume update does not', async () => {
      const id = (await db().selectFrom('events').select('id').where('slug', '=', 'e-3').executeTakeFirstOrThrow()).id;
      await db().updateTable('events').set((eb) => ({ volume: eb('volume', '+', 5) })).where('id', '=', id).execute();
      assert.notEqual((await stored()).get(id), null);
      await db().updateTable('events').set({ title: 'Renamed' }).where('id', '=', id).execute();
      assert.equal((await stored()).get(id), null);
      // One item built from its rows amid stored ones (bytes on SQLite): still exactly the schema's output.
      const mixed = await page();
      assert.ok(mixed.includes('"title":"Renamed"'));
      assert.equal(mixed, serializePage(JSON.parse(mixed)));
      await fillEventItems(db());
      assert.ok((await stored()).get(id)?.includes('"title":"Renamed"'));
      await db().deleteFrom('event_tags').where('event_id', '=', id).execute();
      assert.equal((await stored()).get(id), null);
      const item = JSON.parse(await page()).find((e: any) => e.id === String(id));
      assert.deepEqual(item.tags, []);
    });

    it('the fill every start runs builds what is missing, and the answers do not change', async () => {
      await fillEventItems(db());
      const before = [await page('&order=volume'), await detail('quotes')];
      await sql`update events set list_json = null, detail_json = null`.execute(db());
      assert.deepEqual([await page('&order=volume'), await detail('quotes')], before);
      assert.equal(await fillEventItems(db()), 13);
      for (const [, json] of await stored()) assert.ok(json);
      for (const [, json] of await details()) assert.ok(json);
      assert.deepEqual([await page('&order=volume'), await detail('quotes')], before);
    });

    it('a resolution through the operator API stores the event\'s detail again, with the market closed', async () => {
      const created = await api.create('/admin/events', { slug: 'to-resolve', title: 'To resolve', markets: [{ question: 'R?', slug: 'r' }] });
      const cid = created.markets[0].conditionId;
      assert.equal(JSON.parse((await details()).get('to-resolve')!).markets[0].closed, false);
      const res = await api.svc.app.inject({ method: 'POST', url: `/admin/markets/${cid}/resolve`, payload: { winner: 0 }, headers: ADMIN_HEADERS });
      assert.equal(res.statusCode, 200, res.body);
      const stored = (await details()).get('to-resolve');
      assert.ok(stored, 'rebuilt after the resolution');
      assert.equal(JSON.parse(stored).markets[0].closed, true);
      assert.equal(await detail('to-resolve'), stored);
      const marketAnswer = (await marketAnswers()).get('r');
      assert.ok(marketAnswer, 'the market\'s answer too');
      assert.equal(JSON.parse(marketAnswer).closed, true);
      assert.equal(await market('r'), marketAnswer);
    });

    it('stores every market\'s answer, byte for byte what the route schema serializes, with its event\'s summary', async () => {
      const answers = await marketAnswers();
      assert.ok(answers.size >= 13);
      for (const [slug, json] of answers) {
        assert.ok(json, `market ${slug} has no stored answer`);
        const body = await market(slug);
        assert.equal(body, json, slug);
        assert.equal(body, serializeMarket(JSON.parse(body)), slug);
      }
      const q = JSON.parse(answers.get('q')!);
      assert.equal(q.events.length, 1);
      assert.equal(q.events[0].slug, 'quotes');
      assert.equal(q.events[0].title, 'He said "yes" \\ then left');
    });

    it('a market edit clears its answer only, an event edit its markets\'; readers build them, a fill stores them again', async () => {
      await fillEventItems(db());
      const m = await db().selectFrom('markets').select(['condition_id', 'event_id']).where('slug', '=', 'm-5').executeTakeFirstOrThrow();
      await db().updateTable('markets').set((eb) => ({ volume: eb('volume', '+', 9) })).where('condition_id', '=', m.condition_id).execute();
      assert.notEqual((await marketAnswers()).get('m-5'), null, 'a volume update keeps it');
      await db().updateTable('markets').set({ question: 'Renamed?' }).where('condition_id', '=', m.condition_id).execute();
      let answers = await marketAnswers();
      assert.equal(answers.get('m-5'), null);
      assert.equal([...answers.values()].filter((j) => j === null).length, 1);
      assert.equal(JSON.parse(await market('m-5')).question, 'Renamed?');
      await db().updateTable('events').set({ title: 'Event five' }).where('id', '=', m.event_id).execute();
      answers = await marketAnswers();
      assert.equal(answers.get('m-5'), null);
      assert.equal([...answers.values()].filter((j) => j === null).length, 1, 'only the markets of that event');
      const body = await market('m-5');
      assert.equal(JSON.parse(body).events[0].title, 'Event five');
      assert.equal(await fillEventItems(db()), 1);
      assert.equal((await marketAnswers()).get('m-5'), body);
      assert.equal(await market('m-5'), body);
    });

    it('a market answer cleared by hand is built by the reader and by the fill, the same bytes', async () => {
      await fillEventItems(db());
      const before = await market('q');
      await sql`update markets set detail_json = null`.execute(db());
      assert.equal(await market('q'), before);
      assert.equal(await fillEventItems(db()), (await db().selectFrom('events').select('id').execute()).length);
      assert.equal((await marketAnswers()).get('q'), before);
      const res = await api.svc.app.inject({ url: '/markets/slug/no-such-market' });
      assert.equal(res.statusCode, 404);
      assert.deepEqual(JSON.parse(res.body), { type: 'not found error', error: 'slug not found' });
    });

    it('an event created through the operator API with market settings stores answers that show them', async () => {
      const created = await api.create('/admin/events', {
        slug: 'with-settings', title: 'With settings',
        markets: [{ question: 'S1?', slug: 's1', closed: true, minimum_tick_size: '0.001' }, { question: 'S2?', slug: 's2', archived: true }],
      });
      const id = Number(created.id);
      const built = (await buildEventItems(db(), [id])).get(id)!;
      assert.equal((await details()).get('with-settings'), built.detail);
      const answers = await marketAnswers();
      for (const [slug, flag] of [['s1', 'closed'], ['s2', 'archived']] as const) {
        const stored = answers.get(slug)!;
        assert.equal(JSON.parse(stored)[flag], true, slug);
        assert.equal(stored, built.markets.get(Number(JSON.parse(stored).id)), slug);
        assert.equal(await market(slug), stored);
      }
    });
  });
}
