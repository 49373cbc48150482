/**
 * The venue's current SDK (`@polymarket/client` 0.2, unmodified, under Node 24) reads Sibyl's
 * Gamma (`/gamma`) and Data API (`/data-api`) beyond what public-client.test.ts covers: events,
 * markets and tags by id and slug, the cursor-paged market list, and the Data API's trades,
 * value, traded count, closed and per-market positions, open interest, live volume and
 * leaderboards. Each answer is validated by the SDK's own zod schemas and checked here against
 * the fills the test made. The venue's neg-risk fields on Gamma events and markets (which the
 * SDK's normalisation partly drops) are checked on the raw answers against the CLOB's.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { crc32 } from 'node:zlib';
import { ClobClient, OrderType, Side } from '@polymarket/clob-client-v2';
import { backends } from '../support/backends.js';
import type { TestService } from '../support/service.js';
import { deposit, orderBody, post, trader, tradingService } from '../trading/kit.js';
import { l2Headers } from '../auth/helpers.js';
import { admin, market, newWallet } from '../bots/kit.js';
import { insertEvent, upsertSeries, upsertTag } from '../../src/catalog/write.js';
import { positionId } from '../../src/domain/ctf-ids.js';
import { byMethod, runSdk, SDK_SERVER_ENV, sdkSkip, type SdkAnswer, sdkValue } from './kit.js';

const USDC_E = '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174';
type Obj = Record<string, unknown>;


for (const backend of backends()) {
  describe(`@polymarket/client Gamma and Data API reads against Sibyl (${backend.name})`, { skip: backend.skip || sdkSkip() }, () => {
    let svc: TestService;
    let host: string;
    let cid: string;
    let yes: string;
    let no: string;
    let negCid: string;
    let clob: Obj;
    let negClob: Obj;
    let builderId: { address: string; creds: { apiKey: string } };
    const alice = newWallet();
    const bob = newWallet();
    const carol = newWallet();
    let a: Record<string, SdkAnswer>;
    let g: Record<string, SdkAnswer>;
    let rich: { eventId: string; tagId: string; seriesId: string; commentId: string; replyId: string };
    const tagSlug = `gd-${process.pid}-${Date.now()}`;
    const get = async (path: string): Promise<Obj> => {
      const res = await fetch(`${host}${path}`);
      assert.equal(res.status, 200, `${path}: ${res.status}`);
      return (await res.json()) as Obj;
    };

    before(async () => {
      svc = await tradingService(backend, SDK_SERVER_ENV);
      host = await svc.app.listen({ port: 0, host: '127.0.0.1' });
      cid = await market(svc);
      negCid = await market(svc, { negRisk: true });
      yes = positionId(USDC_E, cid as `0x${string}`, 0);
      no = positionId(USDC_E, cid as `0x${string}`, 1);
      for (const w of [alice, bob, carol]) await deposit(svc, w.address, '1000');
      const client = async (w: typeof alice) => new ClobClient({ host: `${host}/clob`, chain: 137, signer: w.signer,
        creds: await new ClobClient({ host: `${host}/clob`, chain: 137, signer: w.signer }).createOrDeriveApiKey() });
      await svc.services.ledger.split(alice.address, cid, '50000000'); // 50 complete sets
      const [ca, cb, cc] = [await client(alice), await client(bob), await client(carol)];
      const order = (c: ClobClient, price: number, size: number, side: Side) =>
        c.createAndPostOrder({ tokenID: yes, price, size, side }, { tickSize: '0.01' }, OrderType.GTC);
      // alice: bid 0.40 x 10, ask 0.60 x 10. bob buys 5 at 0.60; carol buys 5 at 0.60 and sells them at 0.40.
      await order(ca, 0.4, 10, Side.BUY);
      await order(ca, 0.6, 10, Side.SELL);
      await order(cb, 0.6, 5, Side.BUY);
      await order(cc, 0.6, 5, Side.BUY);
      await order(cc, 0.4, 5, Side.SELL);
      // A fill attributed to a builder (its L2 headers on the taker's order), on a market of its own: 10 at 0.50.
      const cid2 = await market(svc);
      const yes2 = positionId(USDC_E, cid2 as `0x${string}`, 0);
      const [seller, buyer, builder] = [await trader(svc, '1000'), await trader(svc, '1000'), await trader(svc, '0')];
      builderId = builder;
      await svc.services.ledger.split(seller.address, cid2, '10000000');
      assert.equal((await post(svc, seller, 'POST', '/order', orderBody(seller, yes2, 'SELL', '0.50', '10'))).statusCode, 200);
      const body = JSON.stringify(orderBody(buyer, yes2, 'BUY', '0.50', '10'));
      const bh = Object.fromEntries(Object.entries(l2Headers(builder.creds, builder.address, 'POST', '/order', body))
        .filter(([k]) => k !== 'SVC_ADDRESS').map(([k, v]) => [k.replace('SVC_', 'SVC_BUILDER_'), v]));
      assert.equal((await post(svc, buyer, 'POST', '/order', JSON.parse(body), bh)).json().status, 'matched');
      clob = await get(`/clob/markets/${cid}`);
      negClob = await get(`/clob/markets/${negCid}`);
      const eventId = String((clob.event as Obj).id);
      // The Data API reads the stored rows: wait until the three fills are written.
      for (let i = 0; i < 100; i++) {
        const vol = (await get(`/data-api/live-volume?id=${eventId}`)) as unknown as Array<{ total: number }>;
        if (vol[0]?.total === 8) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      a = byMethod(await runSdk(host, [
        { method: 'fetchEvent', args: { id: eventId } },
        { method: 'fetchEventTags', args: { id: eventId } },
        { method: 'listMarkets', args: { conditionIds: [cid] } },
        { method: 'fetchMarket', args: { id: String(clob.market_id) } },
        { method: 'fetchMarketTags', args: { id: String(clob.market_id) } },
        { method: 'fetchTag', args: { slug: 'bots' } },
        { method: 'listTrades', args: { user: bob.address } },
        { method: 'listOpenInterest', args: { market: [cid] } },
        { method: 'fetchEventLiveVolume', args: { id: eventId } },
        { method: 'listMarketPositions', args: { market: cid } },
        { method: 'listClosedPositions', args: { user: carol.address } },
        { method: 'fetchPortfolioValue', args: { user: bob.address } },
        { method: 'fetchTradedMarketCount', args: { user: carol.address } },
        { method: 'listTraderLeaderboard', args: { orderBy: 'VOL', timePeriod: 'ALL' } },
        { method: 'listBuilderLeaderboard', args: {} },
        { method: 'fetchBuilderVolume', args: {} },
        { method: 'downloadAccountingSnapshot', args: { user: bob.address } },
      ]));
    });
    before(async () => {
      // An event with two tags and a series, bob's profile, his comment on the event and alice's reply.
      const now = Date.now();
      const tagId = await upsertTag(svc.store.db, { label: 'GD tag', slug: tagSlug }, now);
      const seriesId = await upsertSeries(svc.store.db, { slug: `${tagSlug}-series`, title: 'GD series' }, now);
      const ev = await insertEvent(svc.store.db, {
        slug: `${tagSlug}-event`, title: 'Gamma data event', tags: ['bots', tagSlug], series: [`${tagSlug}-series`],
        markets: [{ question: 'Will GD?', slug: `${tagSlug}-m`, minimumTickSize: 10_000, minimumOrderSize: 5_000_000 }],
      }, now);
      assert.equal((await admin(svc, 'POST', '/admin/profiles', { address: bob.address, name: 'Bob', pseudonym: 'bobby', bio: 'trader' })).statusCode, 200);
      const post = async (body: Obj) => {
        const res = await admin(svc, 'POST', '/admin/comments', { parentEntityType: 'Event', parentEntityID: ev.id, ...body });
        assert.equal(res.statusCode, 200, res.body);
        return String((res.json() as Obj).id);
      };
      const commentId = await post({ body: 'first', userAddress: bob.address });
      const replyId = await post({ body: 'a reply', userAddress: alice.address, parentCommentID: commentId });
      rich = { eventId: String(ev.id), tagId: String(tagId), seriesId: String(seriesId), commentId, replyId };
      g = byMethod(await runSdk(host, [
        { method: 'fetchEvent', args: { slug: `${tagSlug}-event` } },
        { method: 'fetchRelatedTags', args: { id: rich.tagId } },
        { method: 'fetchRelatedTagResources', args: { slug: tagSlug } },
        { method: 'fetchTag', args: { id: rich.tagId } },
        { method: 'listSeries', args: { slug: [`${tagSlug}-series`] } },
        { method: 'fetchSeries', args: { id: rich.seriesId } },
        { method: 'listComments', args: { parentEntityType: 'Event', parentEntityId: Number(rich.eventId) } },
        { method: 'fetchCommentsById', args: { id: commentId } },
        { method: 'listCommentsByUserAddress', args: { address: bob.address } },
        { method: 'fetchPublicProfile', args: { address: bob.address } },
        { method: 'search', args: { q: 'Gamma data event' } },
      ]));
    });
    after(async () => { await svc?.dispose(); });

    it('an event by slug with its tags and series; tags related through shared events; series by id and slug', () => {
      const e = sdkValue<{ id: string; title: string; tags: Array<{ slug: string }>; series: Array<{ id: string; slug: string }> }>(g.fetchEvent);
      assert.deepEqual([e.id, e.title], [rich.eventId, 'Gamma data event']);
      assert.deepEqual(e.tags.map((t) => t.slug), ['bots', tagSlug]);
      assert.deepEqual(e.series.map((x) => x.id), [rich.seriesId]);
      const bots = String(sdkValue<{ id: string }>(a.fetchTag).id);
      assert.deepEqual(sdkValue<Array<{ tagId: number; relatedTagId: number; rank: number }>>(g.fetchRelatedTags).map((r) => [r.tagId, r.relatedTagId, r.rank]), [[Number(rich.tagId), Number(bots), 1]]);
      assert.deepEqual(sdkValue<Array<{ slug: string }>>(g.fetchRelatedTagResources).map((t) => t.slug), ['bots']);
      assert.equal(sdkValue<{ slug: string }>(g.fetchTag).slug, tagSlug);
      assert.deepEqual(sdkValue<{ items: Array<{ id: string; title: string }> }>(g.listSeries).items.map((x) => [x.id, x.title]), [[rich.seriesId, 'GD series']]);
      assert.equal(sdkValue<{ slug: string }>(g.fetchSeries).slug, `${tagSlug}-series`);
    });

    it('comments in the venue\'s shape: by entity, by id (with its reply), by user address; bob\'s public profile; search', () => {
      type C = { id: string; body: string; parentCommentID: string | null; userAddress: string; profile?: { name?: string; pseudonym?: string } };
      const listed = sdkValue<{ items: C[] }>(g.listComments).items;
      assert.deepEqual(listed.map((c) => [c.id, c.body, c.parentCommentID, c.profile?.name]), [[rich.commentId, 'first', null, 'Bob']]);
      const byId = sdkValue<Array<C & { replies?: unknown }>>(g.fetchCommentsById);
      assert.deepEqual(byId.map((c) => [c.id, c.body, c.userAddress]), [[rich.commentId, 'first', bob.address]]);
      const mine = sdkValue<{ items: C[] }>(g.listCommentsByUserAddress).items;
      assert.deepEqual(mine.map((c) => [c.id, c.profile?.pseudonym]), [[rich.commentId, 'bobby']]);
      const profile = sdkValue<{ name: string; pseudonym: string; bio: string; wallet: string }>(g.fetchPublicProfile);
      assert.deepEqual([profile.name, profile.pseudonym, profile.bio, profile.wallet], ['Bob', 'bobby', 'trader', bob.address]);
      const found = sdkValue<{ items?: Array<{ title: string }>; events?: Array<{ title: string }> }>(g.search);
      assert.ok(JSON.stringify(found).includes('Gamma data event'), JSON.stringify(found).slice(0, 500));
    });

    it('/gamma/comments/{id} nests the reply; a wallet without a profile is a 404 (the SDK: null)', async () => {
      const res = await fetch(`${host}/gamma/comments/${rich.commentId}`);
      const [top] = (await res.json()) as Array<{ replies: Array<{ id: string; parentCommentID: string }> }>;
      assert.deepEqual(top!.replies.map((r) => [r.id, r.parentCommentID]), [[rich.replyId, rich.commentId]]);
      assert.equal((await fetch(`${host}/gamma/public-profile?address=${carol.address}`)).status, 404);
      assert.equal((await fetch(`${host}/gamma/comments/99999999`)).status, 404);
    });

    it('events by id and their tags: fetchEvent, fetchEventTags', () => {
      const e = sdkValue<{ id: string; title: string; markets: Array<{ conditionId: string; outcomes: { yes: { tokenId: string }; no: { tokenId: string } }; state: { negRisk: boolean } }>; trading: { negRisk: boolean } }>(a.fetchEvent);
      assert.equal(e.id, String((clob.event as Obj).id));
      assert.equal(e.title, 'Bots test');
      assert.deepEqual(e.markets.map((m) => [m.conditionId, m.outcomes.yes.tokenId, m.outcomes.no.tokenId, m.state.negRisk]), [[cid, yes, no, false]]);
      assert.equal(e.trading.negRisk, false);
      assert.deepEqual(sdkValue<Array<{ slug: string }>>(a.fetchEventTags).map((t) => t.slug), ['bots']);
    });

    it('markets: listMarkets (/markets/keyset) filtered by condition id, fetchMarket by id, fetchMarketTags, fetchTag by slug', () => {
      const list = sdkValue<{ items: Array<{ conditionId: string; outcomes: { yes: { tokenId: string } } }>; hasMore: boolean }>(a.listMarkets);
      assert.deepEqual(list.items.map((m) => [m.conditionId, m.outcomes.yes.tokenId]), [[cid, yes]]);
      assert.equal(list.hasMore, false);
      const m = sdkValue<{ id: string; conditionId: string; trading: { minimumTickSize: number; minimumOrderSize: string }; positionIds: string[]; metrics: { volume: string } }>(a.fetchMarket);
      assert.deepEqual([m.id, m.conditionId, m.trading.minimumTickSize, m.trading.minimumOrderSize], [String(clob.market_id), cid, 0.01, '5']);
      assert.deepEqual(m.positionIds, [yes, no]);
      assert.equal(m.metrics.volume, '8'); // the takers' fills: 3 + 3 + 2 USDC, as /live-volume counts them
      assert.deepEqual(sdkValue<Array<{ slug: string }>>(a.fetchMarketTags).map((t) => t.slug), ['bots']);
      assert.equal(sdkValue<{ slug: string; label: string }>(a.fetchTag).label, 'Bots');
    });

    it('neg-risk fields on /gamma markets and events carry the CLOB\'s values; the root\'s answers are unchanged', async () => {
      const neg = await get(`/gamma/markets/${String(negClob.market_id)}`);
      assert.deepEqual([neg.negRisk, neg.negRiskMarketID, neg.negRiskRequestID, neg.negRiskOther],
        [true, negClob.neg_risk_market_id, negClob.neg_risk_request_id, false]);
      assert.match(String(neg.negRiskMarketID), /^0x[0-9a-f]{64}$/);
      const plain = await get(`/gamma/markets/slug/${String(clob.market_slug)}`);
      assert.deepEqual([plain.negRisk, plain.negRiskMarketID, plain.negRiskRequestID, plain.marketMakerAddress], [false, '', '', '']);
      const ev = await get(`/gamma/events/${String((negClob.event as Obj).id)}`);
      assert.deepEqual([ev.negRisk, ev.negRiskMarketID, ev.enableNegRisk, ev.negRiskAugmented], [true, negClob.neg_risk_market_id, true, false]);
      assert.equal(((ev.markets as Obj[])[0]!).negRiskRequestID, negClob.neg_risk_request_id);
      const page = await get('/gamma/events/keyset?limit=100');
      const item = (page.events as Obj[]).find((e) => e.id === String((negClob.event as Obj).id));
      assert.deepEqual([item?.negRisk, item?.negRiskMarketID], [true, negClob.neg_risk_market_id]);
      const root = await get(`/markets/slug/${String(negClob.market_slug)}`);
      assert.equal('negRisk' in root, false);
      const rootEvent = await get(`/events/slug/${String((negClob.event as Obj).slug)}`);
      assert.equal('negRisk' in rootEvent, false);
    });

    it('trades: listTrades gives bob\'s fill; /trades?takerOnly=false both sides of every fill', async () => {
      const t = sdkValue<{ items: Array<{ side: string; tokenId: string; conditionId: string; size: string; price: string; wallet: string; outcome: string }> }>(a.listTrades);
      assert.deepEqual(t.items.map((x) => [x.side, x.tokenId, x.conditionId, x.size, x.price, x.wallet, x.outcome]), [['BUY', yes, cid, '5', '0.6', bob.address, 'Yes']]);
      const both = (await get(`/data-api/trades?market=${cid}&takerOnly=false`)) as unknown as Array<{ proxyWallet: string; side: string; size: number }>;
      assert.equal(both.length, 6);
      const sides = both.map((x) => `${x.proxyWallet === alice.address ? 'alice' : x.proxyWallet === bob.address ? 'bob' : 'carol'} ${x.side} ${x.size}`).sort();
      assert.deepEqual(sides, ['alice BUY 5', 'alice SELL 5', 'alice SELL 5', 'bob BUY 5', 'carol BUY 5', 'carol SELL 5']);
    });

    it('open interest is the 50 complete sets; live volume the takers\' 3 + 3 + 2 USDC', () => {
      assert.deepEqual(sdkValue(a.listOpenInterest), [{ market: cid, value: '50' }]);
      const v = sdkValue<Array<{ total: string; markets: Array<{ market: string; value: string }> }>>(a.fetchEventLiveVolume);
      assert.deepEqual(v, [{ total: '8', markets: [{ market: cid, value: '8' }] }]);
    });

    it('positions: market positions per token, carol\'s closed position, bob\'s value at the last price, traded count', () => {
      const mp = sdkValue<{ items: Array<{ token: string; positions: Array<{ wallet: string; size: string; avgPrice: string }> }> }>(a.listMarketPositions);
      assert.deepEqual(mp.items.map((g) => [g.token, g.positions.map((p) => [p.wallet, p.size])]),
        [[yes, [[alice.address, '45'], [bob.address, '5']]], [no, [[alice.address, '50']]]]);
      const closed = sdkValue<{ items: Array<{ tokenId: string; avgPrice: string; totalBought: string; realizedPnl: string; wallet: string }> }>(a.listClosedPositions);
      assert.deepEqual(closed.items.map((p) => [p.tokenId, p.avgPrice, p.totalBought, p.realizedPnl, p.wallet]), [[yes, '0.6', '5', '-1', carol.address]]);
      // The ask is gone; the last trade (carol's sale) was at 0.40: bob's 5 are worth 2.
      assert.deepEqual(sdkValue(a.fetchPortfolioValue), [{ user: bob.address, value: '2' }]);
      assert.deepEqual(sdkValue(a.fetchTradedMarketCount), { user: carol.address, traded: 1 });
    });

    it('leaderboards: traders by volume with their PnL; the builder whose headers signed a fill, by volume and per day', async () => {
      const lb = sdkValue<{ items: Array<{ rank: string; wallet: string; vol: string; pnl: string }> }>(a.listTraderLeaderboard);
      const ours = lb.items.filter((x) => [alice.address, bob.address, carol.address].includes(x.wallet));
      assert.deepEqual(ours.map((x) => x.wallet), [alice.address, carol.address, bob.address]);
      assert.deepEqual(ours.map((x) => x.vol), ['8', '5', '3']); // alice made every fill: 3 + 3 + 2
      assert.deepEqual(ours.slice(1).map((x) => x.pnl), ['-1', '-1']); // carol: 5 x (0.40 - 0.60); bob: 5 x (0.40 - 0.60) unrealized
      // alice's PnL is what /positions shows her (realized + cash PnL), the ledger's average price rounded down to a micro.
      const held = (await get(`/data-api/positions?user=${alice.address}&sizeThreshold=0`)) as unknown as Array<{ realizedPnl: number; cashPnl: number }>;
      const expected = held.reduce((sum, p) => sum + p.realizedPnl + p.cashPnl, 0);
      assert.ok(Math.abs(Number(ours[0]!.pnl) - expected) <= 1e-6 && Math.abs(expected - 2) < 1e-3, `${ours[0]!.pnl} vs ${expected}`);
      assert.equal(lb.items[0]!.wallet, alice.address); // the most volume: rank 1, ranks follow the order
      assert.deepEqual(lb.items.map((x) => x.rank), lb.items.map((_x, i) => String(i + 1)));
      const builders = sdkValue<{ items: Array<{ rank: string; builder: string; volume: string; activeUsers: number }> }>(a.listBuilderLeaderboard).items;
      assert.deepEqual(builders.map((b) => [b.rank, b.volume, b.activeUsers]), [['1', '5', 1]]); // the buyer's 10 at 0.50
      assert.ok([builderId.address, builderId.creds.apiKey].includes(builders[0]!.builder), builders[0]!.builder);
      const days = sdkValue<Array<{ builder: string; volume: string; activeUsers: number; bucketAt: string }>>(a.fetchBuilderVolume);
      assert.deepEqual(days.map((d) => [d.builder, d.volume, d.activeUsers]), [[builders[0]!.builder, '5', 1]]);
      assert.equal(days[0]!.bucketAt, `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
    });

    it('accounting snapshot: a ZIP (stored) of positions.csv and equity.csv with bob\'s position and cash', async () => {
      sdkValue(a.downloadAccountingSnapshot); // the SDK took it as a Blob
      const res = await fetch(`${host}/data-api/v1/accounting/snapshot?user=${bob.address}`);
      assert.equal(res.headers.get('content-type'), 'application/zip');
      const zip = Buffer.from(await res.arrayBuffer());
      // Read the archive through its central directory: names, sizes, CRCs and the stored bytes.
      const end = zip.length - 22;
      assert.equal(zip.readUInt32LE(end), 0x06054b50);
      const files = new Map<string, string>();
      for (let n = 0, at = zip.readUInt32LE(end + 16); n < zip.readUInt16LE(end + 10); n++) {
        assert.equal(zip.readUInt32LE(at), 0x02014b50);
        const [size, nameLen, local] = [zip.readUInt32LE(at + 20), zip.readUInt16LE(at + 28), zip.readUInt32LE(at + 42)];
        const name = zip.subarray(at + 46, at + 46 + nameLen).toString();
        const start = local + 30 + zip.readUInt16LE(local + 26);
        const data = zip.subarray(start, start + size);
        assert.equal(crc32(data) >>> 0, zip.readUInt32LE(at + 16), name);
        files.set(name, data.toString());
        at += 46 + nameLen;
      }
      assert.deepEqual([...files.keys()], ['positions.csv', 'equity.csv']);
      assert.deepEqual(files.get('positions.csv')!.trim().split('\n'), [
        'conditionId,asset,outcome,size,avgPrice,curPrice,currentValue,cashPnl,realizedPnl,totalBought',
        `${cid},${yes},Yes,5,0.6,0.4,2,-1,0,5`,
      ]);
      const [head, row] = files.get('equity.csv')!.trim().split('\n');
      assert.equal(head, 'user,cash,positionsValue,equity,timestamp');
      assert.deepEqual(row!.split(',').slice(0, 4), [bob.address, '997', '2', '999']); // 1000 deposited, 3 paid
    });

    it('bad input is a 4xx: unknown ids, malformed cursors and wallets, unknown Data API parameters', async () => {
      for (const [path, status] of [
        ['/gamma/events/999999', 404], ['/gamma/markets/abc', 404], ['/gamma/events/abc', 400], ['/gamma/markets/keyset?after_cursor=x', 400], ['/gamma/tags/slug/nope', 404],
        ['/data-api/value?user=0x12', 400], ['/data-api/trades?bogus=1', 400], ['/data-api/live-volume?id=999999', 404],
        ['/data-api/trades?filterType=CASH', 400], ['/data-api/v1/market-positions', 400], ['/data-api/v1/accounting/snapshot', 400],
      ] as const) {
        const res = await fetch(`${host}${path}`);
        assert.equal(res.status, status, `${path}: ${await res.text()}`);
      }
    });
  });
}
