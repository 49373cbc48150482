/**
 * Kept catalog answers (src/catalog/service.ts, page-versions.ts, comment-pages.ts; migrations
 * 0018 and 0026): the answers are the bytes the route schema's serializer writes, kept or built,
 * whatever the comments say; every change to what an answer shows or selects by shows in the
 * next answer, whoever writes it (the operator API, SQL, another connection); each kind of write
 * bumps exactly the versions it should (trades move only `events:volume`, and positions of
 * comment authors `comments:positions`); an unchanged state is answered from the cache.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import SqliteDatabase from 'better-sqlite3';
import fastJson from 'fast-json-stringify';
import { Type } from 'typebox';
import { backends } from '../support/backends.js';
import { runPlan } from '../../src/store/read-plan.js';
import { keptPage, pageTextBytes, type PageText } from '../../src/catalog/comment-pages.js';
import type { Entity } from '../../src/catalog/holders.js';
import { Cache } from '../../src/store/cache.js';
import { versionsOf } from '../../src/store/page-versions.js';
import { Comment, EventListItem, type WireComment } from '../../src/catalog/schemas.js';
import { startApi, market, WALLETS, type Api } from './helpers.js';

const [A, B, C] = WALLETS;
const serialize = fastJson(Type.Array(Comment) as never);
const serializeEvents = fastJson(Type.Array(EventListItem) as never);
/** A body that a careless page text would trip on: quotes, backslashes, control characters, a forged hole, non-BMP text. */
const HOSTILE = 'say "hi" \\ then \u0001 "positions":"\\u00000" 😀\nend';

for (const backend of backends()) {
  describe(`kept comment pages (${backend.name})`, { skip: backend.skip }, () => {
    let api: Api;
    let e1: any;
    let e2: any;
    const db = () => api.svc.store.db;
    const body = async (url: string) => {
      const res = await api.svc.app.inject({ url });
      assert.equal(res.statusCode, 200, res.body);
      return res.body;
    };
    const comment = (event: any, payload: Record<string, unknown>) => api.create('/admin/comments', {
      parentEntityType: 'Event', parentEntityID: Number(event.id), userAddress: A, ...payload,
    });
    const holding = async (wallet: string, event: any, size: number) => {
      const m = event.markets[0];
      await sql`delete from positions where wallet = ${wallet} and asset = ${`${m.conditionId}:0`}`.execute(db());
      // The positions table belongs to the exchange core; a row stands in for a trade here.
      await sql`insert into positions (wallet, asset, condition_id, outcome_index, size, avg_price, total_bought, realized_pnl, updated_at)
        values (${wallet}, ${`${m.conditionId}:0`}, ${m.conditionId}, 0, ${size}, 500000, ${size}, 0, 0)`.execute(db());
    };

    before(async () => {
      api = await startApi(backend);
      e1 = await api.create('/admin/events', { slug: 'kept-1', title: 'Kept 1', markets: [market('kept-1-m')] });
      e2 = await api.create('/admin/events', { slug: 'kept-2', title: 'Kept 2', markets: [market('kept-2-m')] });
      await api.create('/admin/profiles', { address: A, name: 'Alice "A"', bio: 'back\\slash' });
      const root = await comment(e1, { body: HOSTILE, createdAt: '2025-01-01T00:00:00Z', reactions: [{ reactionType: 'HEART', userAddress: B }] });
      await comment(e1, { body: 'reply', parentCommentID: root.id, userAddress: B, createdAt: '2025-01-02T00:00:00Z' });
      await comment(e1, { body: 'second root', userAddress: C, createdAt: '2025-01-03T00:00:00Z' });
      await comment(e2, { body: 'elsewhere', userAddress: C, createdAt: '2025-01-04T00:00:00Z' });
      await holding(B, e1, 2_500_000);
    });
    after(async () => { await api?.svc.dispose(); });

    it('answers the bytes of the route schema serializer, kept or built, hostile text included', async () => {
      const urls = [
        `/comments?parent_entity_type=Event&parent_entity_id=${e1.id}`, '/comments?event_slug=kept-1&order=reactionCount&ascending=true',
        '/comments?event_slug=kept-1&limit=1&offset=1', '/comments', '/comments?parent_entity_type=Event&limit=2',
        '/comments?event_slug=kept-1&holders_only=true',
      ];
      for (const url of urls) {
        const built = await body(url);
        const kept = await body(url);
        assert.equal(kept, built, url);
        assert.equal(built, serialize(JSON.parse(built)), url);
      }
      const [, root] = JSON.parse(await body('/comments?event_slug=kept-1'));
      assert.equal(root.body, HOSTILE);
      assert.equal(root.profile.name, 'Alice "A"');
      assert.deepEqual(root.profile.positions, []);
      assert.deepEqual(root.replies[0].profile.positions, [{ tokenId: `${e1.markets[0].conditionId}:0`, positionSize: '2.5' }]);
    });

    it('shows every change to what a kept page shows', async () => {
      const url = '/comments?event_slug=kept-1';
      const page = async () => JSON.parse(await body(url));
      await page();
      const root = (await page())[1];
      await comment(e1, { body: 'late reply', parentCommentID: root.id, userAddress: C, createdAt: '2025-01-05T00:00:00Z' });
      assert.deepEqual((await page())[1].replies.map((c: any) => c.body), ['reply', 'late reply']);
      assert.equal((await page())[1].replyCount, 2);

      await sql`insert into comment_reactions (comment_id, reaction_type, icon, user_address, created_at) values (${Number(root.id)}, 'LIKE', '', ${C}, 0)`.execute(db());
      assert.deepEqual((await page())[1].reactions.map((r: any) => r.reactionType), ['HEART', 'LIKE']);
      await sql`delete from comment_reactions where reaction_type = 'LIKE'`.execute(db());
      assert.deepEqual((await page())[1].reactions.map((r: any) => r.reactionType), ['HEART']);

      await api.create('/admin/profiles', { address: B, name: 'Bob' }); // B had no profile
      assert.equal((await page())[1].replies[0].profile.name, 'Bob');
      await api.create('/admin/profiles', { address: A, name: 'Alice again' });
      assert.equal((await page())[1].profile.name, 'Alice again');
      await sql`delete from profiles where address = ${A}`.execute(db());
      assert.equal((await page())[1].profile.name, '');

      await sql`update comments set body = 'edited' where body = 'second root'`.execute(db());
      assert.equal((await page())[0].body, 'edited');
      await sql`delete from comments where body = 'edited'`.execute(db());
      assert.deepEqual((await page()).map((c: any) => c.body), [HOSTILE]);

      // Positions are read with every request: a trade changes them without touching the page.
      await holding(B, e1, 7_000_000);
      assert.equal((await page())[0].replies[0].profile.positions[0].positionSize, '7');
      await holding(A, e1, 1_000_000);
      assert.equal((await page())[0].profile.positions[0].positionSize, '1');
    });

    it('rebuilds a kept page after a write to its entity, and only then', async () => {
      const owner = new Cache(2 ** 24).area<PageText>('test:comment-pages', pageTextBytes);
      let builds = 0;
      const build = function* (): Generator<never, WireComment[], unknown> {
        builds++;
        return [];
      };
      const E1: Entity = { type: 'Event', id: Number(e1.id) };
      const E2: Entity = { type: 'Event', id: Number(e2.id) };
      const pages: Array<[Entity | undefined, string]> = [[E1, 'one'], [E2, 'two'], [undefined, 'all']];
      /** Which of the three pages had to be built. */
      const rebuilt = async () => {
        const out: string[] = [];
        for (const [entity, key] of pages) {
          const before = builds;
          assert.equal((await runPlan(db(), keptPage(owner, entity, key, build))).parts.join(''), '[]');
          if (builds > before) out.push(key);
        }
        return out;
      };
      assert.deepEqual(await rebuilt(), ['one', 'two', 'all']);
      assert.deepEqual(await rebuilt(), []);
      await comment(e2, { body: 'new on two', userAddress: B });
      assert.deepEqual(await rebuilt(), ['two', 'all']);
      await sql`update comments set report_count = 1 where body = 'late reply'`.execute(db());
      assert.deepEqual(await rebuilt(), ['one', 'all']);
      await api.create('/admin/profiles', { address: C, name: 'Cee' }); // C commented on both
      assert.deepEqual(await rebuilt(), ['one', 'two', 'all']);
      await holding(C, e2, 3_000_000);
      assert.deepEqual(await rebuilt(), []);
      await api.create('/admin/events', { slug: 'kept-3', title: 'Kept 3', markets: [market('kept-3-m')] });
      assert.deepEqual(await rebuilt(), []);
    });
  });

  describe(`kept event pages (${backend.name})`, { skip: backend.skip }, () => {
    let api: Api;
    const db = () => api.svc.store.db;
    const page = async (url: string) => {
      const first = await api.svc.app.inject({ url });
      assert.equal(first.statusCode, 200, first.body);
      const again = await api.svc.app.inject({ url });
      assert.equal(again.body, first.body, `${url}: kept and built differ`);
      assert.equal(first.body, serializeEvents(JSON.parse(first.body)), url);
      return JSON.parse(first.body) as any[];
    };
    const slugs = async (url: string) => (await page(url)).map((e) => e.slug);
    const versions = () => runPlan(db(), versionsOf(['events', 'events:volume', 'comments'], 0));

    before(async () => {
      api = await startApi(backend);
      for (let i = 0; i < 4; i++) {
        await api.create('/admin/events', { slug: `ev-${i}`, title: `Event ${i}`, tags: [i % 2 ? { slug: 'odd', label: 'Odd' } : { slug: 'even', label: 'Even' }], markets: [market(`ev-${i}-m`)],
          sites: i === 0 ? [{ id: 'site-a', name: 'Site A' }] : [] });
      }
    });
    after(async () => { await api?.svc.dispose(); });

    it('shows every change to what a kept page shows or selects by', async () => {
      assert.deepEqual(await slugs('/events'), ['ev-3', 'ev-2', 'ev-1', 'ev-0']);
      assert.deepEqual(await slugs('/events?tag_slug=odd'), ['ev-3', 'ev-1']);
      assert.deepEqual(await slugs('/events?creator=site-a'), ['ev-0']);
      assert.deepEqual(await slugs('/events?order=volume&limit=2'), ['ev-3', 'ev-2']);

      await api.create('/admin/events', { slug: 'ev-4', title: 'Event 4', tags: ['odd'], sites: ['site-a'] });
      assert.deepEqual(await slugs('/events?limit=2'), ['ev-4', 'ev-3']);
      assert.deepEqual(await slugs('/events?tag_slug=odd'), ['ev-4', 'ev-3', 'ev-1']);
      assert.deepEqual(await slugs('/events?creator=site-a'), ['ev-4', 'ev-0']);

      // Each page is kept at the current versions just before the write that must change it.
      const changes: Array<[string, string, () => Promise<unknown>, (p: any[]) => unknown, unknown]> = [
        ['an event field', '/events?limit=2', () => sql`update events set title = 'Renamed' where slug = 'ev-3'`.execute(db()), (p) => p[1].title, 'Renamed'],
        ['a tag label', '/events?tag_slug=odd', () => sql`update tags set label = 'Odd ones' where slug = 'odd'`.execute(db()), (p) => p[0].tags[0].label, 'Odd ones'],
        ['a flag', '/events?closed=false&limit=2', () => sql`update events set closed = 1 where slug = 'ev-4'`.execute(db()), (p) => p.map((e) => e.slug), ['ev-3', 'ev-2']],
        ['a site', '/events?creator=site-a', () => sql`delete from event_sites where site_id = 'site-a' and event_id = (select id from events where slug = 'ev-0')`.execute(db()),
          (p) => p.map((e) => e.slug), ['ev-4']],
        ['a tag link', '/events?tag_slug=even', () => sql`delete from event_tags where event_id = (select id from events where slug = 'ev-2')`.execute(db()),
          (p) => p.map((e) => e.slug), ['ev-0']],
      ];
      for (const [what, url, write, shown, expected] of changes) {
        await page(url);
        await write();
        assert.deepEqual(shown(await page(url)), expected, what);
      }
      // The exchange adds each trade's notional to its event's volume.
      await page('/events?order=volume&limit=2');
      await sql`update events set volume = volume + 5000000 where slug = 'ev-1'`.execute(db());
      assert.deepEqual(await slugs('/events?order=volume&limit=2'), ['ev-1', 'ev-4']);
    });

    it('bumps exactly the versions each kind of write should', async () => {
      const ev = (await page('/events?limit=1'))[0];
      const cases: Array<[string, () => Promise<unknown>, boolean[]]> = [
        ['a trade moves an event volume', () => sql`update events set volume = volume + 1 where id = ${Number(ev.id)}`.execute(db()), [false, true, false]],
        ['an event field', () => sql`update events set description = 'new' where id = ${Number(ev.id)}`.execute(db()), [true, false, false]],
        ['a stored answer written back', () => sql`update events set list_json = list_json where id = ${Number(ev.id)}`.execute(db()), [false, false, false]],
        ['a position', () => sql`update positions set size = size where 1 = 0`.execute(db()), [false, false, false]],
        ['a comment', () => api.create('/admin/comments', { body: 'x', parentEntityType: 'Event', parentEntityID: Number(ev.id), userAddress: A }), [false, false, true]],
        ['a site of an event', () => sql`delete from event_sites where event_id = ${Number(ev.id)}`.execute(db()), [true, false, false]],
        ['a tag on an event', () => sql`insert into event_tags (event_id, tag_id) select ${Number(ev.id)}, id from tags where slug = 'even'`.execute(db()), [true, false, false]],
        ['a series', () => api.create('/admin/events', { slug: 'ev-5', title: 'Event 5', series: [{ slug: 's', title: 'S' }] }), [true, false, false]],
        ['a market of an event', () => sql`update markets set question = 'Q?' where slug = 'ev-0-m'`.execute(db()), [false, false, false]],
      ];
      for (const [what, write, expected] of cases) {
        const before = (await versions()).split('.');
        await write();
        const after = (await versions()).split('.');
        assert.deepEqual(after.map((v, i) => v !== before[i]), expected, what);
      }
    });
  });
}

for (const backend of backends()) {
  describe(`slug and comment answers kept by version (${backend.name})`, { skip: backend.skip }, () => {
    let api: Api;
    let ev: any;
    const db = () => api.svc.store.db;
    const urls = { event: '/events/slug/uc-1', market: '/markets/slug/uc-1-m', list: '/events?slug=uc-1', comments: '/comments?event_slug=uc-1' };
    const body = async (url: string) => {
      const res = await api.svc.app.inject({ url });
      assert.equal(res.statusCode, 200, res.body);
      return res.body;
    };
    const hits = () => api.svc.services.cache.stats().hits;
    /** The answer, which must come from the cache (the versions unchanged: no row read for it). */
    const fromCache = async (url: string) => {
      const before = hits();
      const text = await body(url);
      assert.equal(hits(), before + 1, `${url} is answered from the cache`);
      return text;
    };
    /** Answers every url once, so each is kept at the current versions. */
    const keepAll = async () => { for (const url of Object.values(urls)) await body(url); };
    /** A write by another connection (SQLite: its own handle on the file), as another process would make it. */
    const writeElsewhere = async (text: string) => {
      if (backend.name === 'postgres') return void (await sql.raw(text).execute(db()));
      const other = new SqliteDatabase(api.svc.store.location);
      try { other.pragma('busy_timeout = 5000'); other.exec(text); } finally { other.close(); }
    };
    const versions = () => runPlan(db(), versionsOf(['events', 'markets:shown', 'comments', 'comments:positions'], 0));
    const position = (wallet: string, size: number) => {
      const m = ev.markets[0];
      return sql`insert into positions (wallet, asset, condition_id, outcome_index, size, avg_price, total_bought, realized_pnl, updated_at)
        values (${wallet}, ${`${m.conditionId}:0`}, ${m.conditionId}, 0, ${size}, 500000, ${size}, 0, 0)
        on conflict (wallet, asset) do update set size = excluded.size`.execute(db());
    };

    before(async () => {
      api = await startApi(backend);
      ev = await api.create('/admin/events', { slug: 'uc-1', title: 'Until changed', tags: [{ slug: 'uc-tag', label: 'UC tag' }], markets: [market('uc-1-m')] });
      await api.create('/admin/comments', { parentEntityType: 'Event', parentEntityID: Number(ev.id), userAddress: A, body: 'first words' });
    });
    after(async () => { await api?.svc.dispose(); });

    it('answers an unchanged state from the cache, trades and positions of others included', async () => {
      await keepAll();
      const kept: Record<string, string> = {};
      for (const [k, url] of Object.entries(urls)) kept[k] = await fromCache(url);
      // Trading moves volumes (shown by none of these) and positions (of wallets that never commented).
      await sql`update events set volume = volume + 5000000 where slug = 'uc-1'`.execute(db());
      await sql`update markets set volume = volume + 5000000 where slug = 'uc-1-m'`.execute(db());
      await position(C, 4_000_000);
      for (const k of ['event', 'market', 'list', 'comments'] as const) assert.equal(await fromCache(urls[k]), kept[k], k);
      // The stored answers written back (as the start's fill does) change nothing either.
      await sql`update events set detail_json = detail_json, list_json = list_json where slug = 'uc-1'`.execute(db());
      await sql`update markets set detail_json = detail_json where slug = 'uc-1-m'`.execute(db());
      for (const k of ['event', 'market', 'list', 'comments'] as const) assert.equal(await fromCache(urls[k]), kept[k], k);
    });

    it('shows a change through the operator API in the next answer', async () => {
      await keepAll();
      await api.create('/admin/markets', { eventSlug: 'uc-1', ...market('uc-1-n') });
      assert.deepEqual(JSON.parse(await body(urls.event)).markets.map((m: any) => m.slug), ['uc-1-m', 'uc-1-n']);
      await keepAll();
      const res = await api.admin('PATCH', `/admin/markets/${ev.markets[0].conditionId}`, { closed: true });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(JSON.parse(await body(urls.market)).closed, true);
      assert.equal(JSON.parse(await body(urls.event)).markets[0].closed, true);
      await keepAll();
      await api.create('/admin/comments', { parentEntityType: 'Event', parentEntityID: Number(ev.id), userAddress: B, body: 'second words' });
      assert.deepEqual(JSON.parse(await body(urls.comments)).map((c: any) => c.body), ['second words', 'first words']);
    });

    it('shows a direct SQL write of a shown column in the next answer', async () => {
      const changes: Array<[string, string, string, (b: any) => unknown, unknown]> = [
        ['a market question', urls.market, "update markets set question = 'Asked in SQL?' where slug = 'uc-1-m'", (b) => b.question, 'Asked in SQL?'],
        ['a market question, in its event', urls.event, "update markets set question = 'Asked again?' where slug = 'uc-1-m'", (b) => b.markets[0].question, 'Asked again?'],
        ['an event title', urls.event, "update events set title = 'Titled in SQL' where slug = 'uc-1'", (b) => b.title, 'Titled in SQL'],
        ['an event title, in its market', urls.market, "update events set title = 'Titled again' where slug = 'uc-1'", (b) => b.events[0].title, 'Titled again'],
        ['a tag label', urls.event, "update tags set label = 'Labelled in SQL' where slug = 'uc-tag'", (b) => b.tags[0].label, 'Labelled in SQL'],
        ['a tag removed', urls.event, "delete from event_tags where tag_id = (select id from tags where slug = 'uc-tag')", (b) => b.tags.length, 0],
        ['a comment', urls.comments, "update comments set body = 'edited in SQL' where body = 'first words'", (b) => b[1].body, 'edited in SQL'],
      ];
      for (const [what, url, write, shown, expected] of changes) {
        await body(url); // kept at the current versions
        await sql.raw(write).execute(db());
        assert.deepEqual(shown(JSON.parse(await body(url))), expected, what);
      }
      // A comment author's position: the whole answer is built again, its page text is not.
      await body(urls.comments);
      await position(A, 2_500_000);
      const thread = JSON.parse(await body(urls.comments));
      assert.deepEqual(thread[1].profile.positions, [{ tokenId: `${ev.markets[0].conditionId}:0`, positionSize: '2.5' }]);
    });

    it('shows what another connection committed', async () => {
      await keepAll();
      await writeElsewhere("update events set title = 'Changed elsewhere' where slug = 'uc-1'");
      assert.equal(JSON.parse(await body(urls.event)).title, 'Changed elsewhere');
      assert.equal(JSON.parse(await body(urls.list))[0].title, 'Changed elsewhere');
      assert.equal(JSON.parse(await body(urls.market)).events[0].title, 'Changed elsewhere');
      await keepAll();
      await writeElsewhere("update markets set question = 'Asked elsewhere?' where slug = 'uc-1-m'");
      assert.equal(JSON.parse(await body(urls.market)).question, 'Asked elsewhere?');
      assert.equal(JSON.parse(await body(urls.event)).markets[0].question, 'Asked elsewhere?');
      await keepAll();
      await writeElsewhere("update comments set body = 'other words' where user_address = '" + A + "'");
      assert.equal(JSON.parse(await body(urls.comments))[1].body, 'other words');
    });

    it('bumps exactly the versions each kind of write should', async () => {
      const m = ev.markets[0];
      const cases: Array<[string, () => Promise<unknown>, boolean[]]> = [
        ['a trade moves volumes', () => sql`update markets set volume = volume + 1 where slug = 'uc-1-m'`.execute(db()), [false, false, false, false]],
        ['a position of a wallet that never commented', () => position(C, 9_000_000), [false, false, false, false]],
        ['a position of a comment author', () => position(A, 3_000_000), [false, false, false, true]],
        ['a position of a comment author removed', () => sql`delete from positions where wallet = ${A}`.execute(db()), [false, false, false, true]],
        ['a market column shown', () => sql`update markets set description = 'd' where id = ${Number(m.id)}`.execute(db()), [false, true, false, false]],
        ['a market column not shown', () => sql`update markets set accepting_orders = accepting_orders where id = ${Number(m.id)}`.execute(db()), [false, false, false, false]],
        ['a stored answer written back', () => sql`update markets set detail_json = detail_json where id = ${Number(m.id)}`.execute(db()), [false, false, false, false]],
        ['an event field', () => sql`update events set description = 'e' where id = ${Number(ev.id)}`.execute(db()), [true, false, false, false]],
        ['a resolution', async () => {
          const n = JSON.parse(await body('/markets/slug/uc-1-n'));
          await api.create(`/admin/markets/${n.conditionId}/resolve`, { winner: 0 });
        }, [false, true, false, false]],
      ];
      for (const [what, write, expected] of cases) {
        const before = (await versions()).split('.');
        await write();
        const after = (await versions()).split('.');
        assert.deepEqual(after.map((v, i) => v !== before[i]), expected, what);
      }
      assert.equal(JSON.parse(await body('/markets/slug/uc-1-n')).closed, true);
    });
  });
}
