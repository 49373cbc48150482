/** Operator routes of the catalog: events, markets, market settings, comments, profiles. */
import { after, before, describe, it } from 'node:test';
import { marketTokenIds } from '../../src/domain/ctf-ids.js';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { startApi, market, WALLETS, type Api } from './helpers.js';

for (const backend of backends()) {
  describe(`catalog operator API (${backend.name})`, { skip: backend.skip }, () => {
    let api: Api;
    let ev: any;
    before(async () => {
      api = await startApi(backend);
      ev = await api.create('/admin/events', {
        slug: 'op-event', title: 'Operator event', negRisk: true, tags: [{ slug: 'ops', label: 'Ops' }],
        markets: [market('op-a', { outcomes: ['Up', 'Down'], minimum_tick_size: 0.001, minimum_order_size: '10' }), market('op-b', { conditionId: `0x${'12'.repeat(32)}` })],
      });
    });
    after(async () => { await api?.svc.dispose(); });

    it('POST /admin/events answers the catalog shape with generated ids and token ids', () => {
      assert.equal(ev.slug, 'op-event');
      assert.equal(ev.markets.length, 2);
      const [a, b] = ev.markets;
      assert.match(a.conditionId, /^0x[0-9a-f]{64}$/);
      assert.match(a.questionID, /^0x[0-9a-f]{64}$/);
      assert.deepEqual(a.tokenIds, marketTokenIds(a.conditionId, true), 'the position ids (a neg-risk event: the wrapped collateral)');
      assert.equal(a.clobTokenIds, JSON.stringify(a.tokenIds));
      assert.deepEqual(JSON.parse(a.outcomes), ['Up', 'Down']);
      assert.equal(b.conditionId, `0x${'12'.repeat(32)}`);
    });

    it('validates input, refuses duplicates and unknown references, and requires the token', async () => {
      const post = (body: unknown) => api.admin('POST', '/admin/events', body);
      let res = await post({ title: 'no slug' });
      assert.equal(res.status, 400);
      assert.deepEqual(res.body, { error: 'slug is required' });
      res = await post({ slug: 'op-event', title: 'dup' });
      assert.equal(res.status, 409);
      res = await post({ slug: 'x1', title: 'x', markets: [market('op-a')] });
      assert.equal(res.status, 409);
      assert.match(res.body.error, /market slug already exists: op-a/);
      res = await post({ slug: 'x2', title: 'x', tags: ['no-such-tag'] });
      assert.deepEqual([res.status, res.body.error], [400, 'unknown tag: no-such-tag']);
      res = await post({ slug: 'x3', title: 'x', markets: [market('x3m', { minimum_tick_size: '0.02' })] });
      assert.deepEqual([res.status, res.body.error], [400, 'minimum_tick_size must be one of 0.1, 0.01, 0.001, 0.0001']);
      res = await post({ slug: 'x4', title: 'x', creator: { creatorName: 'c', creatorHandle: 'c', wallet: '0xnope' } });
      assert.equal(res.status, 400);
      res = await post({ slug: 'x5', title: 'x', extra: 1 });
      assert.deepEqual([res.status, res.body.error], [400, 'unknown_field: extra']);
      res = await post({ slug: 'x6', title: 'x', endDate: 'tomorrow' });
      assert.equal(res.status, 400);
      // nothing of the refused requests was written
      for (const slug of ['x1', 'x2', 'x3', 'x4', 'x5', 'x6']) assert.equal((await api.get(`/events/slug/${slug}`)).status, 404);
      const anon = await api.svc.app.inject({ method: 'POST', url: '/admin/events', payload: { slug: 'y', title: 'y' } });
      assert.equal(anon.statusCode, 401);
    });

    it('POST /admin/markets adds a market to an existing event', async () => {
      const m = await api.create('/admin/markets', { eventSlug: 'op-event', ...market('op-c', { tags: ['ops'] }) });
      assert.equal(m.events[0].slug, 'op-event');
      assert.equal(m.tokenIds.length, 2);
      assert.equal((await api.get('/events/slug/op-event')).body.markets.length, 3);
      assert.deepEqual((await api.get(`/markets/${m.conditionId}/tags`)).body.map((t: any) => t.slug), ['ops']);
      const missing = await api.admin('POST', '/admin/markets', { eventSlug: 'nope', ...market('op-d') });
      assert.equal(missing.status, 404);
    });

    it('PATCH /admin/markets/{condition_id} changes flags and settings, visible at once', async () => {
      const cid = ev.markets[0].conditionId;
      let res = await api.admin('PATCH', `/admin/markets/${cid}`, { closed: true, minimum_order_size: '2.5', taker_base_fee: 100, rewards_max_spread: 3.5 });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.closed, true);
      assert.equal(res.body.accepting_orders, false); // closing stops order acceptance
      assert.equal(res.body.minimum_tick_size, 0.001);
      assert.equal(res.body.minimum_order_size, 2.5);
      assert.equal(res.body.taker_base_fee, 100);
      assert.equal(res.body.rewards_max_spread, 3.5);
      assert.equal((await api.get('/markets/slug/op-a')).body.closed, true);
      res = await api.admin('PATCH', `/admin/markets/${cid}`, { archived: true, active: false });
      assert.equal((await api.get('/markets/slug/op-a')).body.archived, true);
      res = await api.admin('PATCH', `/admin/markets/${cid}`, { minimum_tick_size: '0.0000001' });
      assert.equal(res.status, 400);
      res = await api.admin('PATCH', `/admin/markets/${cid}`, {});
      assert.equal(res.status, 400);
      res = await api.admin('PATCH', `/admin/markets/0x${'ff'.repeat(32)}`, { closed: true });
      assert.equal(res.status, 404);
      res = await api.admin('PATCH', '/admin/markets/abc', { closed: true });
      assert.equal(res.status, 400);
    });

    it('POST /admin/comments and /admin/profiles validate wallets and entities and checksum addresses', async () => {
      const p = await api.create('/admin/profiles', { address: WALLETS[0].toLowerCase(), name: 'Ops', isCreator: true });
      assert.equal(p.address, WALLETS[0]);
      let res = await api.admin('POST', '/admin/profiles', { address: '0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAEd' });
      assert.equal(res.status, 400); // mixed case with a wrong checksum
      const c = await api.create('/admin/comments', { body: 'hello', parentEntityType: 'Event', parentEntityID: Number(ev.id), userAddress: WALLETS[0].toLowerCase() });
      assert.equal(c.userAddress, WALLETS[0]);
      assert.equal(c.profile.isCreator, true);
      res = await api.admin('POST', '/admin/comments', { body: 'x', parentEntityType: 'Event', parentEntityID: 9999, userAddress: WALLETS[0] });
      assert.deepEqual([res.status, res.body.error], [400, 'Event 9999 does not exist']);
      res = await api.admin('POST', '/admin/comments', { body: 'x', parentEntityType: 'market', parentEntityID: Number(ev.markets[0].id), parentCommentID: c.id, userAddress: WALLETS[1] });
      assert.deepEqual([res.status, res.body.error], [400, 'a reply must be on the same entity as its parent comment']);
      res = await api.admin('POST', '/admin/comments', { body: 'x', parentEntityType: 'Event', parentEntityID: Number(ev.id), userAddress: 'bob' });
      assert.equal(res.status, 400);
      const reply = await api.create('/admin/comments', { body: 'reply', parentEntityType: 'Event', parentEntityID: Number(ev.id), parentCommentID: Number(c.id), userAddress: WALLETS[1] });
      assert.equal(reply.parentCommentID, c.id);
      const thread = (await api.get('/comments?event_slug=op-event')).body;
      assert.equal(thread[0].replyCount, 1);
      assert.equal(thread[0].replies[0].body, 'reply');
    });

    it('records every change in admin_audit', async () => {
      const rows = await api.svc.store.db.selectFrom('admin_audit').select(['action', 'target']).orderBy('id').execute();
      const actions = rows.map((r) => r.action);
      for (const a of ['event.create', 'market.create', 'market.update', 'profile.upsert', 'comment.create']) assert.ok(actions.includes(a), a);
      assert.ok(!rows.some((r) => r.target === 'x1'), 'refused changes are not recorded');
    });
  });
}
