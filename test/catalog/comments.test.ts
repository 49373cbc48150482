/** `GET /comments` (nesting, filters, order, holders_only) and `GET /comments/user_address/{a}`. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { backends } from '../support/backends.js';
import { REPLY_DEPTH } from '../../src/catalog/schemas.js';
import { startApi, market, assertBadRequest, assertNotFound, WALLETS, type Api } from './helpers.js';

const [A, B, C, D] = WALLETS;

for (const backend of backends()) {
  describe(`catalog comments (${backend.name})`, { skip: backend.skip }, () => {
    let api: Api;
    let event: any;
    let other: any;
    const comment = (payload: Record<string, unknown>) => api.create('/admin/comments', {
      parentEntityType: 'Event', parentEntityID: Number(event.id), userAddress: A, ...payload,
    });
    let roots: any[] = [];
    before(async () => {
      api = await startApi(backend);
      event = await api.create('/admin/events', { slug: 'thread-event', title: 'Thread', markets: [market('thread-m')] });
      other = await api.create('/admin/events', { slug: 'other-event', title: 'Other', markets: [market('other-m')] });
      await api.create('/admin/profiles', { address: A.toLowerCase(), name: 'Alice', pseudonym: 'Quiet-Fox', bio: 'hi', isMod: true });
      await api.create('/admin/profiles', { address: D, name: 'Dee (proxy)', baseAddress: C });
      for (let i = 0; i < 5; i++) {
        roots.push(await comment({ body: `root ${i}`, userAddress: i % 2 ? B : A, createdAt: `2025-01-0${i + 1}T00:00:00Z`,
          reactions: i === 2 ? [{ reactionType: 'HEART', userAddress: B }, { reactionType: 'HEART', userAddress: C }] : [] }));
      }
      // A chain deeper than the shown depth under root 0, and two replies under root 1.
      let parent = roots[0];
      for (let d = 1; d <= REPLY_DEPTH + 1; d++) {
        parent = await comment({ body: `depth ${d}`, parentCommentID: parent.id, userAddress: d % 2 ? B : A, replyAddress: A, createdAt: `2025-02-0${d}T00:00:00Z` });
      }
      await comment({ body: 'r1 late', parentCommentID: roots[1].id, createdAt: '2025-03-02T00:00:00Z' });
      await comment({ body: 'r1 early', parentCommentID: roots[1].id, userAddress: D, createdAt: '2025-03-01T00:00:00Z' });
      await api.create('/admin/comments', { body: 'on the market', parentEntityType: 'market', parentEntityID: Number(event.markets[0].id), userAddress: C });
      await api.create('/admin/comments', { body: 'elsewhere', parentEntityType: 'Event', parentEntityID: Number(other.id), userAddress: C });
    });
    after(async () => { await api?.svc.dispose(); });

    it('limit counts top-level comments, newest first, and replies nest oldest first', async () => {
      const res = await api.get(`/comments?parent_entity_type=Event&parent_entity_id=${event.id}&limit=2`);
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.map((c: any) => c.body), ['root 4', 'root 3']);
      const all = (await api.get(`/comments?parent_entity_type=Event&parent_entity_id=${event.id}`)).body;
      assert.deepEqual(all.map((c: any) => c.body), ['root 4', 'root 3', 'root 2', 'root 1', 'root 0']);
      const r1 = all[3];
      assert.equal(r1.replyCount, 2);
      assert.deepEqual(r1.replies.map((c: any) => c.body), ['r1 early', 'r1 late']);
      assert.equal(r1.replies[0].parentCommentID, r1.id);
      assert.deepEqual(r1.replies[0].replies, []);
      assert.equal(r1.parentCommentID, '');
    });

    it('gives a top-level comment parentCommentID "" (a string, never null) and a reply its parent\'s id, on every comment route', async () => {
      assert.ok(roots.every((c) => c.parentCommentID === '')); // the operator route's answer
      /** Every comment of a thread page, each with the id its parent shows (root: ""). */
      const walk = (list: any[], parent: string, out: Array<[any, string]> = []) => {
        for (const c of list) {
          out.push([c, parent]);
          walk(c.replies, c.id, out);
        }
        return out;
      };
      // Built, then answered again (kept page), and without the kept pages (holders_only builds afresh).
      for (const url of ['/comments?limit=100', '/comments?limit=100', `/comments?event_slug=thread-event&ascending=true`, '/comments?event_slug=thread-event&holders_only=true']) {
        const res = await api.get(url);
        assert.equal(res.status, 200);
        for (const [c, parent] of walk(res.body, '')) assert.equal(c.parentCommentID, parent, `${url}: ${c.body}`);
      }
      const threaded = walk((await api.get(`/comments?event_slug=thread-event`)).body, '');
      assert.ok(threaded.some(([c]) => c.parentCommentID === '') && threaded.some(([c]) => c.parentCommentID !== ''));
      for (const wallet of [A, B, C]) {
        const flat = (await api.get(`/comments/user_address/${wallet}`)).body;
        assert.ok(flat.length > 0);
        for (const c of flat) {
          const isReply = /^(depth|r1) /.test(c.body);
          assert.equal(typeof c.parentCommentID, 'string', c.body);
          assert.equal(c.parentCommentID === '', !isReply, c.body);
        }
      }
      const reply = (await api.get(`/comments/user_address/${C}`)).body.find((c: any) => c.body === 'r1 early');
      assert.equal(reply.parentCommentID, roots[1].id);
    });

    it('shows REPLY_DEPTH levels of replies; the innermost shown level has an empty replies array', async () => {
      const all = (await api.get(`/comments?event_slug=thread-event&ascending=true`)).body;
      let node = all[0];
      assert.equal(node.body, 'root 0');
      for (let d = 1; d <= REPLY_DEPTH; d++) {
        assert.equal(node.replies.length, 1);
        node = node.replies[0];
        assert.equal(node.body, `depth ${d}`);
      }
      assert.equal(node.replyCount, 1);
      assert.deepEqual(node.replies, []);
    });

    it('carries the documented comment and profile fields', async () => {
      const [c] = (await api.get(`/comments?event_slug=thread-event&ascending=true&limit=1`)).body;
      assert.deepEqual(Object.keys(c), ['id', 'body', 'parentEntityType', 'parentEntityID', 'parentCommentID', 'userAddress', 'replyAddress', 'createdAt', 'updatedAt', 'profile', 'reactions', 'reportCount', 'reactionCount', 'replyCount', 'replies']);
      assert.equal(c.parentEntityType, 'Event');
      assert.equal(c.parentEntityID, Number(event.id));
      assert.equal(c.userAddress, A);
      assert.deepEqual(c.profile, { name: 'Alice', pseudonym: 'Quiet-Fox', displayUsernamePublic: true, bio: 'hi', isMod: true, isCreator: false, proxyWallet: A, baseAddress: '', profileImage: '', profileImageOptimized: {}, positions: [] });
      const r2 = (await api.get(`/comments?event_slug=thread-event&ascending=true`)).body[2];
      assert.equal(r2.reactionCount, 2);
      assert.deepEqual(r2.reactions.map((r: any) => [r.reactionType, r.userAddress]), [['HEART', B], ['HEART', C]]);
    });

    it('filters by entity type and id, by event slug, and orders by documented columns', async () => {
      const market = await api.get(`/comments?parent_entity_type=market&parent_entity_id=${event.markets[0].id}`);
      assert.deepEqual(market.body.map((c: any) => c.body), ['on the market']);
      assert.deepEqual((await api.get('/comments?parent_entity_type=market')).body.map((c: any) => c.body), ['on the market']);
      assert.deepEqual((await api.get('/comments?event_slug=other-event')).body.map((c: any) => c.body), ['elsewhere']);
      assert.equal((await api.get('/comments?limit=100')).body.length, 7);
      const byReplies = (await api.get(`/comments?event_slug=thread-event&order=replyCount,createdAt&limit=2`)).body;
      assert.deepEqual(byReplies.map((c: any) => c.body), ['root 1', 'root 0']);
      const byReactions = (await api.get(`/comments?event_slug=thread-event&order=reactionCount&limit=1`)).body;
      assert.equal(byReactions[0].body, 'root 2');
    });

    it('rejects bad parameters with typed errors', async () => {
      assertBadRequest(await api.get('/comments?limit=101'), 'limit must be <= 100');
      assertBadRequest(await api.get('/comments?limit=0'), 'limit must be >= 1');
      assertBadRequest(await api.get('/comments?offset=-1'), 'offset must be >= 0');
      assertBadRequest(await api.get('/comments?parent_entity_type=Market'), /^parent_entity_type must be/);
      assertBadRequest(await api.get('/comments?parent_entity_id=5'), 'parent_entity_type is required');
      assertBadRequest(await api.get('/comments?parent_entity_type=Event&parent_entity_id=abc'), /^parent_entity_id must be/);
      assertBadRequest(await api.get('/comments?order=body'), /^order: unknown field body/);
      assertBadRequest(await api.get('/comments?holders_only=yes'), /^holders_only must be boolean/);
      assertBadRequest(await api.get('/comments?holders_only=true'), /^holders_only needs/);
      assertNotFound(await api.get('/comments?event_slug=nope'), 'slug not found');
    });

    it('holders_only keeps comments by wallets holding a position in the entity markets', async () => {
      const db = api.svc.store.db;
      const exists = await sql`select 1 from positions where 1 = 0`.execute(db).then(() => true, () => false);
      const url = `/comments?event_slug=thread-event&holders_only=true`;
      if (!exists) {
        assert.deepEqual((await api.get(url)).body, []); // no positions source yet: nobody holds anything
        return;
      }
      const m = event.markets[0];
      // The positions table belongs to the exchange core; a row stands in for a trade here.
      await sql`insert into positions (wallet, asset, condition_id, outcome_index, size, avg_price, total_bought, realized_pnl, updated_at)
        values (${B}, ${`${m.conditionId}:0`}, ${m.conditionId}, 0, 12500000, 500000, 12500000, 0, 0)`.execute(db);
      const res = (await api.get(url)).body;
      assert.deepEqual(res.map((c: any) => c.body), ['root 3', 'root 1']);
      assert.deepEqual(res[0].profile.positions, [{ tokenId: `${m.conditionId}:0`, positionSize: '12.5' }]);
      assert.deepEqual(res[1].replies, []); // the replies are by non-holders
      const everyone = (await api.get('/comments?event_slug=thread-event')).body;
      assert.deepEqual(everyone.find((c: any) => c.body === 'root 0').profile.positions, []);
      assert.deepEqual((await api.get(`/comments?event_slug=other-event&holders_only=true`)).body, []);
    });

    it('lists a wallet\'s comments by user or proxy wallet, any case, flat and newest first', async () => {
      const res = await api.get(`/comments/user_address/${B.toLowerCase()}`);
      assert.equal(res.status, 200);
      assert.ok(res.body.length >= 3);
      assert.ok(res.body.every((c: any) => c.userAddress === B && Array.isArray(c.replies) && c.replies.length === 0));
      const dates = res.body.map((c: any) => c.createdAt);
      assert.deepEqual(dates, [...dates].sort().reverse());
      const upper = await api.get(`/comments/user_address/0x${B.slice(2).toUpperCase()}`);
      assert.deepEqual(upper.body.map((c: any) => c.id), res.body.map((c: any) => c.id));
      // C's own comments plus those of D, whose profile names C as its base address.
      const viaBase = (await api.get(`/comments/user_address/${C}`)).body.map((c: any) => c.body).sort();
      assert.deepEqual(viaBase, ['elsewhere', 'on the market', 'r1 early']);
      assert.deepEqual((await api.get(`/comments/user_address/${B}?limit=1&offset=1`)).body.map((c: any) => c.id), [res.body[1].id]);
      assertBadRequest(await api.get(`/comments/user_address/${B}?limit=101`), 'limit must be <= 100');
      assertBadRequest(await api.get('/comments/user_address/0x123'), /^user_address must be/);
    });
  });
}
