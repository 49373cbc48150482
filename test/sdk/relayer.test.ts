/**
 * The venue's current SDK's default wallet flow, unmodified, against a Sibyl started with no
 * settings (docs/venue.md §10): `createSecureClient({signer})` without a wallet asks the relayer
 * (`/relayer/deployed`) for the signer's deposit wallet, finds it deployed once the signer holds an
 * API key, and trades with signature type 3 (the owner's ERC-7739 signature for the wallet). Its
 * limit order rests in the book for the wallet; its market orders are matched as the venue
 * matches them: the price is makerAmount / takerAmount, unrounded, so a protected BUY the SDK
 * rounds a hair below the ask (5 / 8.3334 = 0.5999952 against 0.60) does not lift it, while the
 * unprotected one (5 / 8.3333) and one protected a tick higher fill at 0.60. Raw signed orders
 * pin the same boundary, a SELL's too, and a type-3 order for someone else's deposit wallet, or
 * whose signature wraps another order, is refused. Both stores.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hashDomain, hashStruct, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { ClobClient, OrderType, Side } from '@polymarket/clob-client-v2';
import { backends } from '../support/backends.js';
import type { TestService } from '../support/service.js';
import { deposit, post, tradingService, type Trader } from '../trading/kit.js';
import { book, ledger, market, newWallet } from '../bots/kit.js';
import { l1Headers, newKey } from '../auth/helpers.js';
import { positionId } from '../../src/domain/ctf-ids.js';
import { beaconDepositWallet, legacyDepositWallet } from '../../src/trading/signed/deposit-wallet.js';
import { byMethod, runSdk, SDK_SERVER_ENV, sdkSkip, type SdkAnswer, sdkValue } from './kit.js';

const USDC_E = '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174';
const EXCHANGE_V2 = '0xE111180000d2663C0091e4f400237545B87B996B';
const ZERO32 = `0x${'0'.repeat(64)}` as Hex;

/** The V2 order struct and the ERC-7739 wrapping, written out here from the standards (not from src/). */
const ORDER = [
  { name: 'salt', type: 'uint256' }, { name: 'maker', type: 'address' }, { name: 'signer', type: 'address' }, { name: 'tokenId', type: 'uint256' },
  { name: 'makerAmount', type: 'uint256' }, { name: 'takerAmount', type: 'uint256' }, { name: 'side', type: 'uint8' }, { name: 'signatureType', type: 'uint8' },
  { name: 'timestamp', type: 'uint256' }, { name: 'metadata', type: 'bytes32' }, { name: 'builder', type: 'bytes32' },
] as const;
const ORDER_TYPE = `Order(${ORDER.map((f) => `${f.type} ${f.name}`).join(',')})`;
const TYPED_DATA_SIGN = [
  { name: 'contents', type: 'Order' }, { name: 'name', type: 'string' }, { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }, { name: 'salt', type: 'bytes32' },
] as const;
const DOMAIN = { name: 'Polymarket CTF Exchange', version: '2', chainId: 137, verifyingContract: EXCHANGE_V2 } as const;

let salt = 1;
/**
 * A raw V2 order: type 0 signed by `key` for itself, or type 3 for the deposit wallet `wallet`
 * (maker = signer = the wallet; `key` signs TypedDataSign{contents: `signedOrder` ?? the order}).
 */
async function rawOrder(key: PrivateKeyAccount, tokenId: string, side: 'BUY' | 'SELL', makerAmount: string, takerAmount: string, wallet?: string, signedFor?: { makerAmount: string }) {
  const who = (wallet ?? key.address) as Hex;
  const message = {
    salt: BigInt(++salt), maker: who, signer: who, tokenId: BigInt(tokenId), makerAmount: BigInt(makerAmount), takerAmount: BigInt(takerAmount),
    side: side === 'BUY' ? 0 : 1, signatureType: wallet === undefined ? 0 : 3, timestamp: BigInt(Date.now()), metadata: ZERO32, builder: ZERO32,
  };
  let signature: Hex;
  if (wallet === undefined) {
    signature = await key.signTypedData({ domain: DOMAIN, types: { Order: ORDER }, primaryType: 'Order', message });
  } else {
    const contents = signedFor === undefined ? message : { ...message, makerAmount: BigInt(signedFor.makerAmount) };
    const inner = await key.signTypedData({
      domain: DOMAIN, types: { TypedDataSign: TYPED_DATA_SIGN, Order: ORDER }, primaryType: 'TypedDataSign',
      message: { contents, name: 'DepositWallet', version: '1', chainId: 137n, verifyingContract: who, salt: ZERO32 },
    });
    const separator = hashDomain({ domain: { ...DOMAIN, chainId: 137n }, types: { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }] } });
    const contentsHash = hashStruct({ data: contents, primaryType: 'Order', types: { Order: ORDER } });
    const typeHex = Buffer.from(ORDER_TYPE, 'latin1').toString('hex');
    signature = `0x${inner.slice(2)}${separator.slice(2)}${contentsHash.slice(2)}${typeHex}${ORDER_TYPE.length.toString(16).padStart(4, '0')}`;
  }
  return {
    salt: Number(message.salt), maker: who, signer: who, tokenId, makerAmount, takerAmount, side, signatureType: message.signatureType,
    timestamp: String(message.timestamp), metadata: ZERO32, builder: ZERO32, expiration: '0', signature,
  };
}

type Answer = { success?: boolean; status?: string; errorMsg?: string; error?: string; code?: string; makingAmount?: string; takingAmount?: string };


for (const backend of backends()) {
  describe(`@polymarket/client createSecureClient({signer}) with no wallet: deposit wallet, signature type 3 (${backend.name})`, { skip: backend.skip || sdkSkip() }, () => {
    let svc: TestService;
    let host: string;
    let yes: string;
    const aliceKey = generatePrivateKey();
    const alice = privateKeyToAccount(aliceKey);
    const aliceWallet = beaconDepositWallet(alice.address);
    const bob = newWallet();
    let bobClient: ClobClient;
    let answers: SdkAnswer[];

    before(async () => {
      svc = await tradingService(backend, SDK_SERVER_ENV);
      host = await svc.app.listen({ port: 0, host: '127.0.0.1' });
      const cid = await market(svc);
      yes = positionId(USDC_E, cid as `0x${string}`, 0);
      await deposit(svc, aliceWallet, '100'); // the deposit wallet holds the money, not the signer
      await deposit(svc, bob.address, '1000');
      await svc.services.ledger.split(bob.address, cid, '100000000');
      bobClient = new ClobClient({ host: `${host}/clob`, chain: 137, signer: bob.signer,
        creds: await new ClobClient({ host: `${host}/clob`, chain: 137, signer: bob.signer }).createOrDeriveApiKey() });
      await bobClient.createAndPostOrder({ tokenID: yes, price: 0.6, size: 30, side: Side.SELL }, { tickSize: '0.01' }, OrderType.GTC);
      answers = await runSdk(host, [
        { client: 'alice', method: 'placeLimitOrder', args: { tokenId: yes, price: 0.4, size: 10, side: 'BUY' } },
        { client: 'alice', method: 'fetchOrderBook', args: { tokenId: yes } },
        { client: 'alice', method: 'createMarketOrder', args: { tokenId: yes, side: 'BUY', amount: 5, maxPrice: 0.6 } },
        { client: 'alice', method: 'placeMarketOrder', args: { tokenId: yes, side: 'BUY', amount: 5, maxPrice: 0.6 } },
        { client: 'alice', method: 'placeMarketOrder', args: { tokenId: yes, side: 'BUY', amount: 5 } },
        { client: 'alice', method: 'placeMarketOrder', args: { tokenId: yes, side: 'BUY', amount: 5, maxPrice: 0.61 } },
        { client: 'alice', method: 'listOpenOrders', args: {} },
        { client: 'alice', method: 'listAccountTrades', args: { tokenId: yes } },
        { client: 'alice', action: 'fetchBalanceAllowance', args: { assetType: 'COLLATERAL' } },
      ], { secure: [{ name: 'alice', privateKey: aliceKey }] });
    });
    after(async () => { await svc?.dispose(); });

    it('finds the signer\'s current deposit wallet through /relayer/deployed (the legacy one is not deployed)', async () => {
      const created = sdkValue<{ signer: string; wallet: string; walletType: number }>(answers[0]);
      assert.equal(created.signer, alice.address);
      assert.equal(created.wallet.toLowerCase(), aliceWallet.toLowerCase()); // the SDK's own CREATE2 derivation and Sibyl's agree
      assert.equal(created.walletType, 3);
      const deployed = async (address: string, type = 'WALLET') => (await svc.app.inject({ url: `/relayer/deployed?address=${address}&type=${type}` })).json();
      assert.deepEqual(await deployed(aliceWallet), { deployed: true });
      assert.deepEqual(await deployed(legacyDepositWallet(alice.address)), { deployed: false });
      assert.deepEqual(await deployed(beaconDepositWallet(newWallet().address)), { deployed: false }); // a signer with no key
      assert.equal((await svc.app.inject({ url: '/relayer/deployed?address=0x12' })).statusCode, 400);
    });

    it('a limit order signed with type 3 rests in the book for the deposit wallet', async () => {
      const placed = sdkValue<{ status: string; orderId?: string; orderID?: string }>(byMethod(answers).placeLimitOrder);
      assert.equal(placed.status, 'live', JSON.stringify(placed));
      const seen = sdkValue<{ bids: Array<{ price: string; size: string }> }>(byMethod(answers).fetchOrderBook);
      assert.deepEqual(seen.bids.map((l) => [l.price, l.size]), [['0.4', '10']]);
      assert.deepEqual((await book(svc, yes)).bids, [{ price: '0.4', size: '10' }]);
      const open = [...svc.services.exchange.core.openOrders(aliceWallet, undefined, yes, 0, 10)];
      assert.equal(open.length, 1);
      assert.equal(open[0]!.price, 400_000);
    });

    it('the SDK reads its deposit wallet\'s account with the signer\'s key: open orders, trades, balance (signature_type=3)', () => {
      const open = sdkValue<{ items: Array<{ id: string; makerAddress: string; price: string }> }>(byMethod(answers).listOpenOrders).items;
      assert.deepEqual(open.map((o) => [o.makerAddress.toLowerCase(), o.price]), [[aliceWallet.toLowerCase(), '0.4']]);
      const trades = sdkValue<{ items: Array<{ traderSide: string; price: string; size: string }> }>(byMethod(answers).listAccountTrades).items;
      assert.deepEqual(trades.map((t) => [t.traderSide, t.price, t.size]), [['TAKER', '0.6', '8.33'], ['TAKER', '0.6', '8.33']]);
      // 100 deposited; the 0.40 × 10 bid reserves 4; two fills of 8.33 at 0.60 cost 4.998 each.
      const cash = sdkValue<{ balance: string }>(byMethod(answers).fetchBalanceAllowance);
      assert.equal(cash.balance, String(100_000_000 - 2 * 4_998_000));
    });

    it('market BUYs are priced as the venue prices them: 5/8.3334 (protected at 0.60) does not lift the 0.60 ask; 5/8.3333 and protected at 0.61 fill at 0.60', () => {
      const signed = sdkValue<{ makerAmount: string; takerAmount: string; signatureType: number }>(byMethod(answers).createMarketOrder);
      assert.deepEqual([signed.makerAmount, signed.takerAmount, signed.signatureType], ['5000000', '8333400', 3]);
      const market = answers.filter((a) => a.method === 'placeMarketOrder');
      assert.equal(market.length, 3);
      assert.equal(market[0]!.ok, false, JSON.stringify(market[0]));
      assert.match(market[0]!.error!, /no orders found to match with FAK order/);
      for (const a of market.slice(1)) {
        const r = sdkValue<{ status: string; makingAmount: string; takingAmount: string }>(a);
        assert.equal(r.status, 'matched', JSON.stringify(r));
        assert.deepEqual([r.makingAmount, r.takingAmount], ['4.998', '8.33']); // at the resting 0.60, in whole share lots
      }
      assert.equal(ledger(svc, aliceWallet, yes).total, 2 * 8_330_000);
    });

    it('raw orders at the boundary: exactly 0.60 and a hair above fill, a hair below and a tick below do not cross; a SELL a hair above the bid does not hit it', async () => {
      const derived = await svc.app.inject({ url: '/auth/derive-api-key', headers: await l1Headers(alice, { nonce: 0 }) });
      assert.equal(derived.statusCode, 200, derived.body);
      const aliceTrader: Trader = { address: alice.address, creds: derived.json() };
      const send = async (order: Awaited<ReturnType<typeof rawOrder>>, t: Trader, orderType = 'FAK') =>
        (await post(svc, t, 'POST', '/order', { order, owner: t.creds.apiKey, orderType })).json() as Answer;
      const before = ledger(svc, aliceWallet, yes).total;
      const killed = await send(await rawOrder(alice, yes, 'BUY', '5000000', '8333400', aliceWallet), aliceTrader); // 0.5999952
      assert.notEqual(killed.success, true, JSON.stringify(killed));
      const tickBelow = await send(await rawOrder(alice, yes, 'BUY', '5000000', '8474600', aliceWallet), aliceTrader); // 0.59
      assert.notEqual(tickBelow.success, true, JSON.stringify(tickBelow));
      assert.equal(ledger(svc, aliceWallet, yes).total, before);
      const above = await send(await rawOrder(alice, yes, 'BUY', '1000000', '1666600', aliceWallet), aliceTrader); // 0.600024
      assert.equal(above.success, true, JSON.stringify(above));
      const exact = await send(await rawOrder(alice, yes, 'BUY', '1200000', '2000000', aliceWallet), aliceTrader); // 0.60
      assert.equal(exact.success, true, JSON.stringify(exact));
      assert.equal(ledger(svc, aliceWallet, yes).total - before, 1_660_000 + 2_000_000); // 1.66 and 2 shares at 0.60
      // bob sells into alice's 0.40 bid: 3 shares for 1.200001 (0.400000333) asks more than the bid.
      const bobCreds = await bobClient.createOrDeriveApiKey();
      const bobTrader: Trader = { address: bob.address, creds: { apiKey: bobCreds.key, secret: bobCreds.secret, passphrase: bobCreds.passphrase } };
      const high = await send(await rawOrder(bob.account, yes, 'SELL', '3000000', '1200001'), bobTrader);
      assert.notEqual(high.success, true, JSON.stringify(high));
      const atBid = await send(await rawOrder(bob.account, yes, 'SELL', '3000000', '1200000'), bobTrader);
      assert.equal(atBid.success, true, JSON.stringify(atBid));
    });

    it('the SDK cancels its deposit wallet\'s orders with the signer\'s key: cancelOrder by id, then cancelAll', async () => {
      const own = [...svc.services.exchange.core.openOrders(aliceWallet, undefined, undefined, 0, 10)].map((o) => o.id);
      assert.equal(own.length, 1, 'the resting 0.40 bid');
      const more = await runSdk(host, [
        { client: 'alice', method: 'cancelOrder', args: { orderId: own[0] } },
        { client: 'alice', method: 'placeLimitOrder', args: { tokenId: yes, price: 0.3, size: 5, side: 'BUY' } },
        { client: 'alice', method: 'cancelAll' },
      ], { secure: [{ name: 'alice', privateKey: aliceKey }] });
      assert.deepEqual(sdkValue<{ canceled: string[] }>(byMethod(more).cancelOrder).canceled, own);
      const placed = sdkValue<{ orderId: string; status: string }>(byMethod(more).placeLimitOrder);
      assert.equal(placed.status, 'live');
      assert.deepEqual(sdkValue<{ canceled: string[] }>(byMethod(more).cancelAll).canceled, [placed.orderId]);
      assert.deepEqual([...svc.services.exchange.core.openOrders(aliceWallet, undefined, undefined, 0, 10)], []);
      assert.deepEqual((await book(svc, yes)).bids.filter((l) => l.price === '0.4' || l.price === '0.3'), []);
    });

    it('a type-3 order for someone else\'s deposit wallet, or whose signature wraps another order, is refused and leaves nothing', async () => {
      const { account: carol, creds } = await newKey(svc.app);
      const carolTrader: Trader = { address: carol.address, creds };
      const bookBefore = await book(svc, yes);
      const send = async (order: Awaited<ReturnType<typeof rawOrder>>) =>
        (await post(svc, carolTrader, 'POST', '/order', { order, owner: creds.apiKey, orderType: 'GTC' })).json() as Answer;
      const foreign = await send(await rawOrder(carol, yes, 'BUY', '1000000', '5000000', aliceWallet)); // carol signs for alice's wallet
      assert.equal(foreign.success, false, JSON.stringify(foreign));
      assert.equal(foreign.code, 'not_deposit_wallet', JSON.stringify(foreign));
      await deposit(svc, beaconDepositWallet(carol.address), '10');
      const own = beaconDepositWallet(carol.address);
      const tampered = await send(await rawOrder(carol, yes, 'BUY', '1000000', '5000000', own, { makerAmount: '900000' }));
      assert.equal(tampered.code, 'invalid_signature', JSON.stringify(tampered));
      assert.deepEqual(await book(svc, yes), bookBefore);
      const fine = await send(await rawOrder(carol, yes, 'BUY', '1000000', '5000000', own)); // her own wallet: rests at 0.20
      assert.equal(fine.success, true, JSON.stringify(fine));
    });
  });
}
