/** The `creator` parameter: a site identifier or a creator wallet scopes every catalog route. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { startApi, market, assertBadRequest, assertNotFound, WALLETS, type Api } from './helpers.js';

for (const backend of backends()) {
  describe(`catalog creator scoping (${backend.name})`, { skip: backend.skip }, () => {
    let api: Api;
    let onA: any;
    let onB: any;
    before(async () => {
      api = await startApi(backend);
      onA = await api.create('/admin/events', {
        slug: 'site-a-event', title: 'Weather on site A', sites: [{ id: 'site-a', name: 'Site A', domain: 'a.example' }],
        tags: [{ slug: 'weather', label: 'Weather' }], creator: { creatorName: 'Ann', creatorHandle: 'ann', wallet: WALLETS[0] },
        markets: [market('rain-a')],
      });
      onB = await api.create('/admin/events', {
        slug: 'site-b-event', title: 'Weather on site B', sites: [{ id: 'site-b', name: 'Site B' }], tags: ['weather'],
        creator: { creatorName: 'Ben', creatorHandle: 'ben', wallet: WALLETS[1] }, markets: [market('rain-b')],
      });
      await api.create('/admin/events', { slug: 'both-sites', title: 'Weather everywhere', sites: ['site-a', 'site-b'], tags: ['weather'], markets: [market('rain-both')] });
    });
    after(async () => { await api?.svc.dispose(); });

    it('scopes GET /events by site id and by creator wallet (any case)', async () => {
      const slugs = async (creator: string) => (await api.get(`/events?ascending=true&creator=${creator}`)).body.map((e: any) => e.slug);
      assert.deepEqual(await slugs('site-a'), ['site-a-event', 'both-sites']);
      assert.deepEqual(await slugs('site-b'), ['site-b-event', 'both-sites']);
      assert.deepEqual(await slugs(WALLETS[0].toLowerCase()), ['site-a-event']);
      assert.deepEqual(await slugs(WALLETS[1]), ['site-b-event']);
    });

    it('by-slug routes answer 404 outside the scope', async () => {
      assert.equal((await api.get('/events/slug/site-a-event?creator=site-a')).status, 200);
      assertNotFound(await api.get('/events/slug/site-a-event?creator=site-b'), 'slug not found');
      assert.equal((await api.get('/markets/slug/rain-b?creator=site-b')).status, 200);
      assertNotFound(await api.get('/markets/slug/rain-b?creator=site-a'), 'slug not found');
      assert.equal((await api.get(`/markets/${onA.markets[0].id}/tags?creator=site-a`)).status, 200);
      assertNotFound(await api.get(`/markets/${onB.markets[0].id}/tags?creator=site-a`), 'id not found');
    });

    it('scopes search results and tag event counts', async () => {
      const a = (await api.get('/public-search?q=weather&creator=site-a')).body;
      assert.deepEqual(a.events.map((e: any) => e.slug).sort(), ['both-sites', 'site-a-event']);
      assert.deepEqual(a.tags.map((t: any) => [t.slug, t.event_count]), [['weather', 2]]);
      const all = (await api.get('/public-search?q=weather')).body;
      assert.deepEqual(all.tags.map((t: any) => [t.slug, t.event_count]), [['weather', 3]]);
      assert.equal(all.pagination.totalResults, 4);
    });

    it('an unknown site or creator wallet, or a malformed wallet, is a 400', async () => {
      assertBadRequest(await api.get('/events?creator=nowhere'), 'creator nowhere is not a known site');
      assertBadRequest(await api.get(`/events?creator=${WALLETS[2]}`), /is not a known creator wallet$/);
      assertBadRequest(await api.get('/events?creator=0x1234'), 'creator must be a wallet address or a site identifier');
      assertBadRequest(await api.get('/events/slug/site-a-event?creator=nowhere'), /not a known site/);
      assertBadRequest(await api.get('/public-search?q=weather&creator=nowhere'), /not a known site/);
    });
  });
}
