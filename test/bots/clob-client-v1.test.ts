/**
 * The unmodified `@polymarket/clob-client` 5.8.1 trades against Sibyl started with no settings (issue #37: token ids are the position ids, nothing to set)
 * (issue #28, docs/bots.md): credentials, markets and books by position id, V1 EIP-712 signed
 * orders (GTC, GTD, BUY, SELL, post-only, FOK and FAK market orders crossing a second wallet's
 * resting order), account reads for both sides, every cancel, balances against the ledger, and a
 * neg-risk market (the neg-risk exchange's domain). Both stores.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { ClobClient, OrderType, Side, AssetType } from '@polymarket/clob-client';
import { backends } from '../support/backends.js';
import type { TestService } from '../support/service.js';
import { startTestService } from '../support/service.js';
import { positionId } from '../../src/domain/ctf-ids.js';
import { book, fieldIn, ledger, market, newWallet, type Wallet } from './kit.js';

const USDC_E = '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174';
const WRAPPED = '0x3A3BD7bb9528E159577F7C2e685CC81A765002E2';
const OPTS = { tickSize: '0.01' as const };
const nextSecond = () => sleep(1000 - (Date.now() % 1000) + 20);

// At the root and at the venue's CLOB mount (/clob): the same client, the host's base URL.
for (const mount of ['', '/clob']) for (const backend of backends()) {
  const field = fieldIn(mount);
  describe(`clob-client 5.8.1 trades on a venue started with no settings (${backend.name}) at ${mount || '/'}`, { skip: backend.skip }, () => {
    let svc: TestService;
    let host: string;
    let cid: string;
    let yes: string;
    let no: string;
    const alice: Wallet = newWallet();
    const bob: Wallet = newWallet();
    let a: ClobClient;
    let b: ClobClient;

    before(async () => {
      svc = await startTestService(backend); // no settings: the venue as `npm start` runs it
      host = (await svc.app.listen({ port: 0, host: '127.0.0.1' })) + mount;
      cid = await market(svc);
      yes = positionId(USDC_E, cid as `0x${string}`, 0);
      no = positionId(USDC_E, cid as `0x${string}`, 1);
      for (const w of [alice, bob]) assert.equal((await svc.services.exchange.submit({ type: 'deposit', wallet: w.address, amount: 1_000_000_000 })).ok, true);
      a = new ClobClient(host, 137, alice.signer, await new ClobClient(host, 137, alice.signer).createOrDeriveApiKey());
      b = new ClobClient(host, 137, bob.signer, await new ClobClient(host, 137, bob.signer).createOrDeriveApiKey());
    });
    after(async () => { await svc?.dispose(); });

    it('shows position ids everywhere: CLOB market, book, Gamma, admin status', async () => {
      const m = await a.getMarket(cid);
      assert.deepEqual(m.tokens.map((t: { token_id: string }) => t.token_id), [yes, no]);
      const ob = await a.getOrderBook(yes);
      assert.equal(ob.asset_id, yes);
      assert.equal((await book(svc, `${cid}:1`)).asset_id, no, 'the internal form is accepted and answered in the ctf form');
      const slug = (await svc.store.db.selectFrom('markets').select('slug').where('condition_id', '=', cid).executeTakeFirstOrThrow()).slug;
      const gamma = (await svc.app.inject({ method: 'GET', url: `/markets/slug/${slug}` })).json();
      assert.deepEqual(JSON.parse(gamma.clobTokenIds), [yes, no]);
      assert.equal((await svc.services.operator.status()).tokenIds, 'ctf');
      assert.equal((await svc.app.inject({ method: 'GET', url: `/fee-rate?token_id=${yes}` })).json().base_fee, 0);
    });

    it('places GTC and GTD, BUY and SELL, post-only; reads them back', async () => {
      const buy = await a.createAndPostOrder({ tokenID: yes, price: 0.4, size: 10, side: Side.BUY }, OPTS, OrderType.GTC);
      assert.equal(buy.success, true, JSON.stringify(buy));
      assert.equal(buy.status, 'live');
      const expiration = Math.floor(Date.now() / 1000) + 3600;
      const gtd = await a.createAndPostOrder({ tokenID: yes, price: 0.39, size: 10, side: Side.BUY, expiration }, OPTS, OrderType.GTD);
      assert.equal(gtd.success, true, JSON.stringify(gtd));
      const split = await svc.app.inject({ method: 'GET', url: '/time' }); // keeps the client's second apart from the split below
      assert.equal(split.statusCode, 200);
      await svc.services.ledger.split(alice.address, cid, '50000000');
      const sell = await a.createAndPostOrder({ tokenID: yes, price: 0.7, size: 10, side: Side.SELL }, OPTS, OrderType.GTC);
      assert.equal(sell.success, true, JSON.stringify(sell));
      const postOnly = await a.createAndPostOrder({ tokenID: yes, price: 0.41, size: 5, side: Side.BUY }, OPTS, OrderType.GTC, false, true);
      assert.equal(postOnly.success, true, JSON.stringify(postOnly));
      const crossing = await a.createAndPostOrder({ tokenID: yes, price: 0.7, size: 5, side: Side.BUY }, OPTS, OrderType.GTC, false, true) as unknown as { error: string; code: string };
      assert.match(crossing.error, /post-only/);

      // The spec's Order shape at the root (camelCase: docs/trading.md), the venue's at /clob
      // (snake_case, the client's own OpenOrder type), with the position id as the asset id.
      const o = await a.getOrder(buy.orderID) as unknown as Record<string, string>;
      assert.equal(o[field('assetId')], yes);
      assert.equal(o.price, '0.4');
      assert.equal(o[field('originalSize')], '10');
      assert.equal((await a.getOrder(gtd.orderID) as unknown as Record<string, string>)[field('type')], 'GTD');
      const open = await a.getOpenOrders({ market: cid });
      assert.deepEqual(new Set(open.map((x) => x.id)), new Set([buy.orderID, gtd.orderID, sell.orderID, postOnly.orderID]));
      assert.ok(open.every((x) => (x as unknown as Record<string, string>)[field('assetId')] === yes));
      const byAsset = await a.getOpenOrders({ asset_id: yes });
      assert.equal(byAsset.length, 4);
    });

    it('market orders of a second wallet cross the resting orders (FOK, FAK); trades on both sides; balances match the ledger', async () => {
      const bobBefore = await b.getBalanceAllowance({ asset_type: AssetType.COLLATERAL });
      assert.equal(bobBefore.balance, String(ledger(svc, bob.address).total));
      const aliceBefore = ledger(svc, alice.address).total;
      // FOK BUY of $3.5 at up to 0.70 fills against alice's SELL at 0.70 (5 shares).
      const fok = await b.createAndPostMarketOrder({ tokenID: yes, amount: 3.5, side: Side.BUY, price: 0.7 }, OPTS, OrderType.FOK);
      assert.equal(fok.success, true, JSON.stringify(fok));
      assert.equal(fok.status, 'matched');
      // FAK SELL of 5 shares at down to 0.40: fills alice's post-only BUY at 0.41 (5 shares).
      const fak = await b.createAndPostMarketOrder({ tokenID: yes, amount: 5, side: Side.SELL, price: 0.4 }, OPTS, OrderType.FAK);
      assert.equal(fak.success, true, JSON.stringify(fak));
      assert.equal(fak.status, 'matched');
      // A FOK that cannot fill fully is killed and leaves nothing.
      const killed = await b.createAndPostMarketOrder({ tokenID: yes, amount: 500, side: Side.BUY, price: 0.7 }, OPTS, OrderType.FOK) as unknown as { error: string };
      assert.match(killed.error, /FOK/);

      const bobTrades = await b.getTrades({ market: cid });
      assert.equal(bobTrades.length, 2);
      assert.ok(bobTrades.every((t) => t.asset_id === yes && (t as unknown as Record<string, string>)[field('type', 'trade')] === 'TAKER'));
      const aliceTrades = await a.getTrades({ market: cid });
      assert.equal(aliceTrades.length, 2);
      assert.ok(aliceTrades.every((t) => (t as unknown as Record<string, string>)[field('type', 'trade')] === 'MAKER' && t.maker_orders.every((m) => m.asset_id === yes)));

      const bobAfter = await b.getBalanceAllowance({ asset_type: AssetType.COLLATERAL });
      assert.equal(bobAfter.balance, String(ledger(svc, bob.address).total));
      // Bob paid 5 × 0.70 and received 5 × 0.41 (no fees on this market).
      assert.equal(Number(bobBefore.balance) - Number(bobAfter.balance), 3_500_000 - 2_050_000);
      assert.equal(ledger(svc, alice.address).total - aliceBefore, 3_500_000 - 2_050_000);
      const shares = await b.getBalanceAllowance({ asset_type: AssetType.CONDITIONAL, token_id: yes });
      assert.equal(shares.balance, String(ledger(svc, bob.address, `${cid}:0`).total));
      assert.equal(shares.balance, '0');
      const upd = await b.updateBalanceAllowance({ asset_type: AssetType.COLLATERAL }) as unknown as { balance: string };
      assert.equal(upd.balance, bobAfter.balance);
    });

    it('cancels: cancelOrder, cancelOrders, cancelMarketOrders, cancelAll', async () => {
      const place = async (price: number) => {
        const r = await a.createAndPostOrder({ tokenID: yes, price, size: 5, side: Side.BUY }, OPTS, OrderType.GTC);
        assert.equal(r.success, true, JSON.stringify(r));
        return r.orderID as string;
      };
      await a.cancelAll();
      const [o1, o2, o3, o4] = [await place(0.2), await place(0.21), await place(0.22), await place(0.23)];
      assert.deepEqual((await a.cancelOrder({ orderID: o1 })).canceled, [o1]);
      assert.deepEqual((await a.cancelOrders([o2])).canceled, [o2]);
      assert.deepEqual((await a.cancelMarketOrders({ asset_id: yes })).canceled.sort(), [o3, o4].sort());
      const o5 = await place(0.24);
      assert.deepEqual((await a.cancelMarketOrders({ market: cid })).canceled, [o5]);
      const o6 = await place(0.25);
      await nextSecond(); // the client signs whole seconds: a second identical DELETE /cancel-all in one second is a replay
      assert.deepEqual((await a.cancelAll()).canceled, [o6]);
      assert.deepEqual(await a.getOpenOrders({ market: cid }), []);
      assert.equal(ledger(svc, alice.address).reserved, 0, 'nothing stays reserved');
    });

    it('trades a neg-risk market: the neg-risk exchange domain and the wrapped collateral', async () => {
      const nr = await market(svc, { negRisk: true });
      const nrYes = positionId(WRAPPED, nr as `0x${string}`, 0);
      const m = await a.getMarket(nr);
      assert.equal(m.tokens[0].token_id, nrYes);
      assert.equal(m.neg_risk, true);
      assert.equal(await a.getNegRisk(nrYes), true);
      const r = await a.createAndPostOrder({ tokenID: nrYes, price: 0.3, size: 5, side: Side.BUY }, OPTS, OrderType.GTC);
      assert.equal(r.success, true, JSON.stringify(r));
      assert.equal((await book(svc, nrYes)).bids.at(-1)?.price, '0.3');
      // Signed for the plain exchange instead: the domain is named.
      const wrong = await a.createAndPostOrder({ tokenID: nrYes, price: 0.31, size: 5, side: Side.BUY }, { ...OPTS, negRisk: false }, OrderType.GTC) as unknown as { error: string; code: string };
      assert.equal(wrong.code, 'wrong_domain');
      assert.match(wrong.error, /0x4bFb41d5B3570DeFd03C39a9A4D8dE6Bd8B8982E.*0xC5d563A36AE78145C45a50134d48A1215220f80a/);
    });
  });
}
