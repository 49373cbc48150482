/**
 * The unmodified `@polymarket/clob-client-v2` trades against Sibyl started with no settings (issue #37: token ids are the position ids, nothing to set)
 * (issue #28, docs/bots.md): it asks `/version` (2) and signs V2 orders (domain version "2", the
 * V2 exchange contracts); before a market order it asks `/markets-by-token/{id}` and
 * `/clob-markets/{cid}`. GTC, GTD, BUY, SELL, post-only, FOK and FAK crossing a second wallet,
 * account reads for both sides, every cancel, balances against the ledger, a neg-risk market.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { ClobClient, OrderType, Side, AssetType } from '@polymarket/clob-client-v2';
import { backends } from '../support/backends.js';
import type { TestService } from '../support/service.js';
import { startTestService } from '../support/service.js';
import { positionId } from '../../src/domain/ctf-ids.js';
import { book, fieldIn, ledger, market, newWallet, type Wallet } from './kit.js';

const USDC_E = '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174';
const WRAPPED = '0x3A3BD7bb9528E159577F7C2e685CC81A765002E2';
const OPTS = { tickSize: '0.01' as const };
const nextSecond = () => sleep(1000 - (Date.now() % 1000) + 20);
type Answer = { success: boolean; orderID: string; status: string; error?: string; code?: string };

// At the root and at the venue's CLOB mount (/clob): the same client, the host's base URL.
for (const mount of ['', '/clob']) for (const backend of backends()) {
  const field = fieldIn(mount);
  describe(`clob-client-v2 trades on a venue started with no settings (${backend.name}) at ${mount || '/'}`, { skip: backend.skip }, () => {
    let svc: TestService;
    let host: string;
    let cid: string;
    let yes: string;
    const alice: Wallet = newWallet();
    const bob: Wallet = newWallet();
    let a: ClobClient;
    let b: ClobClient;
    const client = async (w: Wallet) => {
      const creds = await new ClobClient({ host, chain: 137, signer: w.signer }).createOrDeriveApiKey();
      return new ClobClient({ host, chain: 137, signer: w.signer, creds });
    };

    before(async () => {
      svc = await startTestService(backend); // no settings: the venue as `npm start` runs it
      host = (await svc.app.listen({ port: 0, host: '127.0.0.1' })) + mount;
      cid = await market(svc);
      yes = positionId(USDC_E, cid as `0x${string}`, 0);
      for (const w of [alice, bob]) assert.equal((await svc.services.exchange.submit({ type: 'deposit', wallet: w.address, amount: 1_000_000_000 })).ok, true);
      a = await client(alice);
      b = await client(bob);
    });
    after(async () => { await svc?.dispose(); });

    it('reads the market by position id and signs V2 orders: GTC, GTD, BUY, SELL, post-only', async () => {
      assert.equal(await a.getVersion(), 2);
      const m = await a.getMarket(cid);
      assert.equal(m.tokens[0].token_id, yes);
      assert.equal((await a.getOrderBook(yes)).asset_id, yes);
      const buy = await a.createAndPostOrder({ tokenID: yes, price: 0.4, size: 10, side: Side.BUY }, OPTS, OrderType.GTC) as Answer;
      assert.equal(buy.success, true, JSON.stringify(buy));
      const gtd = await a.createAndPostOrder({ tokenID: yes, price: 0.39, size: 10, side: Side.BUY, expiration: Math.floor(Date.now() / 1000) + 3600 }, OPTS, OrderType.GTD) as Answer;
      assert.equal(gtd.success, true, JSON.stringify(gtd));
      await svc.services.ledger.split(alice.address, cid, '50000000');
      const sell = await a.createAndPostOrder({ tokenID: yes, price: 0.7, size: 10, side: Side.SELL }, OPTS, OrderType.GTC) as Answer;
      assert.equal(sell.success, true, JSON.stringify(sell));
      const postOnly = await a.createAndPostOrder({ tokenID: yes, price: 0.41, size: 5, side: Side.BUY }, OPTS, OrderType.GTC, true) as Answer;
      assert.equal(postOnly.success, true, JSON.stringify(postOnly));
      const crossing = await a.createAndPostOrder({ tokenID: yes, price: 0.7, size: 5, side: Side.BUY }, OPTS, OrderType.GTC, true) as Answer;
      assert.match(String(crossing.error), /post-only/);
      const o = await a.getOrder(buy.orderID) as unknown as Record<string, string>;
      assert.equal(o[field('assetId')], yes);
      assert.equal(o.price, '0.4');
      assert.equal((await a.getOrder(gtd.orderID) as unknown as Record<string, string>)[field('type')], 'GTD');
      const open = await a.getOpenOrders({ market: cid });
      assert.deepEqual(new Set(open.map((x) => x.id)), new Set([buy.orderID, gtd.orderID, sell.orderID, postOnly.orderID]));
    });

    it('market orders of a second wallet cross (FOK, FAK); trades on both sides; balances match the ledger', async () => {
      const before = await b.getBalanceAllowance({ asset_type: AssetType.COLLATERAL });
      assert.equal(before.balance, String(ledger(svc, bob.address).total));
      const fok = await b.createAndPostMarketOrder({ tokenID: yes, amount: 3.5, side: Side.BUY, price: 0.7 }, OPTS, OrderType.FOK) as Answer;
      assert.equal(fok.success, true, JSON.stringify(fok));
      assert.equal(fok.status, 'matched');
      const fak = await b.createAndPostMarketOrder({ tokenID: yes, amount: 5, side: Side.SELL, price: 0.4 }, OPTS, OrderType.FAK) as Answer;
      assert.equal(fak.success, true, JSON.stringify(fak));
      assert.equal(fak.status, 'matched');
      const bt = await b.getTrades({ market: cid });
      assert.equal(bt.length, 2);
      assert.ok(bt.every((t) => t.asset_id === yes && (t as unknown as Record<string, string>)[field('type', 'trade')] === 'TAKER'));
      const at = await a.getTrades({ market: cid });
      assert.equal(at.length, 2);
      assert.ok(at.every((t) => (t as unknown as Record<string, string>)[field('type', 'trade')] === 'MAKER'));
      const after = await b.getBalanceAllowance({ asset_type: AssetType.COLLATERAL });
      assert.equal(after.balance, String(ledger(svc, bob.address).total));
      assert.equal(Number(before.balance) - Number(after.balance), 3_500_000 - 2_050_000);
    });

    it('cancels: cancelOrder, cancelOrders, cancelMarketOrders, cancelAll', async () => {
      const place = async (price: number) => {
        const r = await a.createAndPostOrder({ tokenID: yes, price, size: 5, side: Side.BUY }, OPTS, OrderType.GTC) as Answer;
        assert.equal(r.success, true, JSON.stringify(r));
        return r.orderID;
      };
      await a.cancelAll();
      const [o1, o2, o3] = [await place(0.2), await place(0.21), await place(0.22)];
      assert.deepEqual((await a.cancelOrder({ orderID: o1 })).canceled, [o1]);
      assert.deepEqual((await a.cancelOrders([o2])).canceled, [o2]);
      assert.deepEqual((await a.cancelMarketOrders({ asset_id: yes })).canceled, [o3]);
      const o4 = await place(0.23);
      await nextSecond(); // the client signs whole seconds: an identical DELETE /cancel-all in one second is a replay
      assert.deepEqual((await a.cancelAll()).canceled, [o4]);
      assert.equal(ledger(svc, alice.address).reserved, 0);
    });

    it('trades a neg-risk market under the neg-risk V2 exchange domain', async () => {
      const nr = await market(svc, { negRisk: true });
      const nrYes = positionId(WRAPPED, nr as `0x${string}`, 0);
      const r = await a.createAndPostOrder({ tokenID: nrYes, price: 0.3, size: 5, side: Side.BUY }, OPTS, OrderType.GTC) as Answer;
      assert.equal(r.success, true, JSON.stringify(r));
      assert.equal((await book(svc, nrYes)).bids.at(-1)?.price, '0.3');
      const wrong = await a.createAndPostOrder({ tokenID: nrYes, price: 0.31, size: 5, side: Side.BUY }, { ...OPTS, negRisk: false }, OrderType.GTC) as Answer;
      assert.equal(wrong.code, 'wrong_domain', JSON.stringify(wrong));
    });
  });
}
