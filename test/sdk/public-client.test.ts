/**
 * The venue's current SDK (`@polymarket/client` 0.2, unmodified, under Node 24) reads a live
 * Sibyl through the venue's three hosts (/clob, /gamma, /data-api): CLOB market data, Gamma tags
 * and the Data API's positions, each answer validated by the SDK's own schemas (zod) and then
 * checked here against the book and trade the test made. test/sdk/README.md lists every method
 * the SDK has that talks to these hosts and which of them pass.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ClobClient, OrderType, Side } from '@polymarket/clob-client-v2';
import { backends } from '../support/backends.js';
import type { TestService } from '../support/service.js';
import { deposit, tradingService } from '../trading/kit.js';
import { market, newWallet } from '../bots/kit.js';
import { positionId } from '../../src/domain/ctf-ids.js';
import { byMethod, runSdk, SDK_SERVER_ENV, sdkSkip, type SdkAnswer, sdkValue } from './kit.js';

const USDC_E = '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174';


for (const backend of backends()) {
  describe(`@polymarket/client public client against Sibyl's hosts (${backend.name})`, { skip: backend.skip || sdkSkip() }, () => {
    let svc: TestService;
    let host: string;
    let cid: string;
    let yes: string;
    const alice = newWallet();
    const bob = newWallet();
    let answers: Record<string, SdkAnswer>;

    before(async () => {
      svc = await tradingService(backend, SDK_SERVER_ENV);
      host = await svc.app.listen({ port: 0, host: '127.0.0.1' });
      cid = await market(svc);
      yes = positionId(USDC_E, cid as `0x${string}`, 0);
      for (const w of [alice, bob]) await deposit(svc, w.address, '1000');
      const client = async (w: typeof alice) => new ClobClient({ host: `${host}/clob`, chain: 137, signer: w.signer,
        creds: await new ClobClient({ host: `${host}/clob`, chain: 137, signer: w.signer }).createOrDeriveApiKey() });
      await svc.services.ledger.split(alice.address, cid, '50000000'); // alice holds 50 of each outcome
      const a = await client(alice);
      const b = await client(bob);
      // alice: bid 0.40 x 10, ask 0.60 x 10; bob buys 5 at 0.60 (a trade, the ask left at 5).
      await a.createAndPostOrder({ tokenID: yes, price: 0.4, size: 10, side: Side.BUY }, { tickSize: '0.01' }, OrderType.GTC);
      await a.createAndPostOrder({ tokenID: yes, price: 0.6, size: 10, side: Side.SELL }, { tickSize: '0.01' }, OrderType.GTC);
      await b.createAndPostOrder({ tokenID: yes, price: 0.6, size: 5, side: Side.BUY }, { tickSize: '0.01' }, OrderType.GTC);
      answers = byMethod(await runSdk(host, [
        { method: 'fetchOrderBook', args: { tokenId: yes } },
        { method: 'fetchOrderBooks', args: [{ tokenId: yes }] },
        { method: 'fetchMidpoint', args: { tokenId: yes } },
        { method: 'fetchMidpoints', args: [{ tokenId: yes }] },
        { method: 'fetchPrice', args: { tokenId: yes, side: 'BUY' } },
        { method: 'fetchPrices', args: [{ tokenId: yes, side: 'SELL' }] },
        { method: 'fetchSpread', args: { tokenId: yes } },
        { method: 'fetchSpreads', args: [{ tokenId: yes }] },
        { method: 'fetchLastTradePrice', args: { tokenId: yes } },
        { method: 'fetchLastTradePrices', args: [{ tokenId: yes }] },
        { method: 'fetchPriceHistory', args: { tokenId: yes, interval: '1d' } },
        { method: 'listTags', args: {} },
        { method: 'listEvents', args: { pageSize: 100 } },
        { method: 'listSports', args: {} },
        { method: 'listTeams', args: {} },
        { method: 'fetchSportsMarketTypes', args: {} },
        { method: 'listMarketClarifications', args: {} },
        { method: 'listPositions', args: { user: bob.address } },
        { method: 'listActivity', args: { user: bob.address } },
      ]));
    });
    after(async () => { await svc?.dispose(); });

    it('order books: fetchOrderBook, fetchOrderBooks show the resting bid and the rest of the ask', () => {
      const book = sdkValue<{ bids: Array<{ price: string; size: string }>; asks: Array<{ price: string; size: string }>; conditionId: string }>(answers.fetchOrderBook);
      assert.deepEqual(book.bids.map((l) => [l.price, l.size]), [['0.4', '10']]);
      assert.deepEqual(book.asks.map((l) => [l.price, l.size]), [['0.6', '5']]);
      assert.equal(book.conditionId, cid);
      const books = sdkValue<Array<{ bids: unknown[]; asks: unknown[] }>>(answers.fetchOrderBooks);
      assert.equal(books.length, 1);
      assert.deepEqual(books[0], book);
    });

    it('prices: midpoint 0.5, spread 0.2, best bid for BUY, best ask for SELL (single and batch)', () => {
      assert.equal(sdkValue(answers.fetchMidpoint), '0.5');
      assert.deepEqual(sdkValue(answers.fetchMidpoints), { [yes]: '0.5' });
      assert.equal(sdkValue(answers.fetchSpread), '0.2');
      assert.deepEqual(sdkValue(answers.fetchSpreads), { [yes]: '0.2' });
      assert.equal(sdkValue(answers.fetchPrice), '0.4');
      assert.deepEqual(sdkValue<Record<string, Record<string, string>>>(answers.fetchPrices)[yes]?.SELL, '0.6');
    });

    it('last trade: fetchLastTradePrice and fetchLastTradePrices give the 0.60 BUY', () => {
      assert.deepEqual(sdkValue(answers.fetchLastTradePrice), { price: '0.6', side: 'BUY' });
      const many = sdkValue<Array<{ tokenId: string; price: string; side: string }>>(answers.fetchLastTradePrices);
      assert.equal(many.length, 1);
      assert.equal(many[0]!.price, '0.6');
      assert.equal(many[0]!.side, 'BUY');
    });

    it('Gamma routes Sibyl has no data for answer the venue\'s empty shapes: sports, teams, market types, clarifications', () => {
      assert.deepEqual(sdkValue(answers.listSports), []);
      assert.deepEqual(sdkValue<{ items: unknown[] }>(answers.listTeams).items, []);
      assert.deepEqual(sdkValue<{ marketTypes?: unknown[] }>(answers.fetchSportsMarketTypes).marketTypes, []);
      const clarifications = sdkValue<unknown>(answers.listMarketClarifications);
      assert.deepEqual(Array.isArray(clarifications) ? clarifications : (clarifications as { items: unknown[] }).items, []);
    });

    it('price history, Gamma events (/events/keyset) and tags, Data API positions and activity parse and carry the test data', () => {
      assert.ok(Array.isArray(sdkValue(answers.fetchPriceHistory)));
      const events = sdkValue<{ items: Array<{ title: string; tags?: Array<{ slug: string }> }> }>(answers.listEvents);
      assert.ok(events.items.some((e) => e.title === 'Bots test'), JSON.stringify(events).slice(0, 500));
      const tags = sdkValue<{ items: Array<{ slug: string }> }>(answers.listTags);
      assert.ok(tags.items.some((t) => t.slug === 'bots'), JSON.stringify(tags));
      const positions = sdkValue<{ items: Array<{ tokenId: string; conditionId: string; size: string; avgPrice: string; wallet: string }> }>(answers.listPositions);
      assert.equal(positions.items.length, 1, JSON.stringify(positions));
      const p = positions.items[0]!;
      assert.deepEqual([p.tokenId, p.conditionId, p.size, p.avgPrice, p.wallet], [yes, cid, '5', '0.6', bob.address]);
      // bob's activity on the venue's Data API: the one trade (his deposit is Sibyl's own, not listed there).
      const activity = sdkValue<{ items: Array<{ type: string; side?: string; tokenId?: string; shares?: string; amount?: string; price?: string; wallet: string }> }>(answers.listActivity);
      assert.deepEqual(activity.items.map((x) => [x.type, x.side, x.tokenId, x.shares, x.amount, x.price, x.wallet]), [['TRADE', 'BUY', yes, '5', '3', '0.6', bob.address]], JSON.stringify(activity.items));
    });
  });
}
