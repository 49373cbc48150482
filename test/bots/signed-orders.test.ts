/**
 * Signed-order verification (issue #28, docs/bots.md), in the default `seed` token-id mode (the
 * position ids are accepted there too): a signature-type-2 order of an operator-linked funder
 * uses the funder's balance, and without the link is refused; a tampered field, another chain,
 * another contract, another wallet's signature, a replay (also after a restart), a fee rate
 * below the market's, an unknown token and an unsupported signature type are each refused with
 * their own code — and leave the book, the balances and the open orders exactly as they were.
 * With SIBYL_REQUIRE_ORDER_SIGNATURES=1 an unsigned order is refused. Both stores.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { ClobClient, OrderType, Side } from '@polymarket/clob-client';
import { createService, type Service } from '../../src/server.js';
import { backends } from '../support/backends.js';
import { deposit, ADMIN, orderBody, post, type Trader } from '../trading/kit.js';
import { positionId } from '../../src/domain/ctf-ids.js';
import { admin, book, ledger, market, newWallet, type Wallet } from './kit.js';
import type { TestService } from '../support/service.js';

const USDC_E = '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174';
const OPTS = { tickSize: '0.01' as const };
const nextSecond = () => sleep(1000 - (Date.now() % 1000) + 20);
type Answer = { success?: boolean; orderID?: string; error?: string; code?: string; status?: number };

/** V1 Order typed data, written out here independently of src/ (docs/venue.md §10). */
const ORDER_TYPES = {
  Order: [
    { name: 'salt', type: 'uint256' }, { name: 'maker', type: 'address' }, { name: 'signer', type: 'address' }, { name: 'taker', type: 'address' },
    { name: 'tokenId', type: 'uint256' }, { name: 'makerAmount', type: 'uint256' }, { name: 'takerAmount', type: 'uint256' },
    { name: 'expiration', type: 'uint256' }, { name: 'nonce', type: 'uint256' }, { name: 'feeRateBps', type: 'uint256' },
    { name: 'side', type: 'uint8' }, { name: 'signatureType', type: 'uint8' },
  ],
} as const;

const ORDER_V2_TYPES = [
  { name: 'salt', type: 'uint256' }, { name: 'maker', type: 'address' }, { name: 'signer', type: 'address' }, { name: 'tokenId', type: 'uint256' },
  { name: 'makerAmount', type: 'uint256' }, { name: 'takerAmount', type: 'uint256' }, { name: 'side', type: 'uint8' }, { name: 'signatureType', type: 'uint8' },
  { name: 'timestamp', type: 'uint256' }, { name: 'metadata', type: 'bytes32' }, { name: 'builder', type: 'bytes32' },
] as const;

for (const backend of backends()) {
  describe(`signed orders are verified (${backend.name})`, { skip: backend.skip }, () => {
    let svc: Service & { dispose?: () => Promise<void> };
    let config: Awaited<ReturnType<typeof backend.fresh>>;
    let host: string;
    let cid: string;
    let yes: string;
    const alice: Wallet = newWallet();
    let creds: { key: string; secret: string; passphrase: string };
    let a: ClobClient;

    const start = async () => {
      svc = await createService(config.config, { logger: false });
      host = await svc.app.listen({ port: 0, host: '127.0.0.1' });
      a = new ClobClient(host, 137, alice.signer, creds);
    };
    /** Everything a refused order must leave alone. */
    const snapshot = async (...wallets: string[]) => ({
      book: await book(svc as TestService, yes),
      balances: wallets.map((w) => ledger(svc as TestService, w)),
      open: svc.services.exchange.core.openOrderCount(),
    });

    before(async () => {
      config = await backend.fresh({ SIBYL_ADMIN_TOKEN: ADMIN });
      svc = await createService(config.config, { logger: false });
      host = await svc.app.listen({ port: 0, host: '127.0.0.1' });
      cid = await market(svc as TestService);
      yes = positionId(USDC_E, cid as `0x${string}`, 0);
      await deposit(svc as TestService, alice.address, '1000');
      creds = await new ClobClient(host, 137, alice.signer).createOrDeriveApiKey();
      a = new ClobClient(host, 137, alice.signer, creds);
    });
    after(async () => { await svc?.close(); await config?.dispose(); });

    it('signature type 2: a funder linked by the operator trades with its own balance; unlinked it is refused', async () => {
      const funder = newWallet().address;
      await deposit(svc as TestService, funder, '100');
      const safe = new ClobClient(host, 137, alice.signer, creds, 2, funder);
      const was = await snapshot(funder, alice.address);
      const refused = await safe.createAndPostOrder({ tokenID: yes, price: 0.4, size: 10, side: Side.BUY }, OPTS, OrderType.GTC) as Answer;
      assert.equal(refused.code, 'maker_not_linked', JSON.stringify(refused));
      assert.match(String(refused.error), new RegExp(`maker ${funder} is not linked to the signer ${alice.address}`, 'i'));
      assert.deepEqual(await snapshot(funder, alice.address), was, 'nothing changed');

      const link = await admin(svc as TestService, 'POST', `/admin/wallets/${funder}/signers`, { signer: alice.address });
      assert.equal(link.statusCode, 200, link.body);
      assert.deepEqual(link.json().signers, [alice.address.toLowerCase()]);
      const placed = await safe.createAndPostOrder({ tokenID: yes, price: 0.4, size: 10, side: Side.BUY }, OPTS, OrderType.GTC) as Answer;
      assert.equal(placed.success, true, JSON.stringify(placed));
      assert.equal(ledger(svc as TestService, funder).reserved, 4_000_000, "the funder's collateral is reserved");
      assert.equal(ledger(svc as TestService, alice.address).reserved, 0, "the signer's is not");
      assert.equal((await book(svc as TestService, yes)).bids.at(-1)?.price, '0.4');
    });

    it('a tampered field, another chain, another contract, another wallet: each refused with its code, nothing changed', async () => {
      const was = await snapshot(alice.address);
      const signed = await a.createOrder({ tokenID: yes, price: 0.3, size: 10, side: Side.BUY }, OPTS);
      const tampered = await a.postOrder({ ...signed, makerAmount: String(Number(signed.makerAmount) - 10_000) }) as Answer;
      assert.equal(tampered.code, 'invalid_signature', JSON.stringify(tampered));
      assert.match(String(tampered.error), new RegExp(`recovered 0x[0-9a-fA-F]{40}, expected the signer ${alice.address}`));

      const amoy = new ClobClient(host, 80002, alice.signer, creds);
      const otherChain = await amoy.createAndPostOrder({ tokenID: yes, price: 0.3, size: 10, side: Side.BUY }, OPTS) as Answer;
      assert.equal(otherChain.code, 'wrong_domain', JSON.stringify(otherChain));
      assert.match(String(otherChain.error), /signed for chain 80002, contract 0xdFE02Eb6733538f8Ea35D585af8DE5958AD99E40; this market's domain is chain 137, contract 0x4bFb41d5B3570DeFd03C39a9A4D8dE6Bd8B8982E/);

      const otherContract = await a.createAndPostOrder({ tokenID: yes, price: 0.3, size: 10, side: Side.BUY }, { ...OPTS, negRisk: true }) as Answer;
      assert.equal(otherContract.code, 'wrong_domain', JSON.stringify(otherContract));
      assert.match(String(otherContract.error), /contract 0xC5d563A36AE78145C45a50134d48A1215220f80a/);

      // Mallory's signed order posted with alice's key: the signer is not the key's address.
      const mallory = newWallet();
      const mCreds = await new ClobClient(host, 137, mallory.signer).createOrDeriveApiKey();
      const mOrder = await new ClobClient(host, 137, mallory.signer, mCreds).createOrder({ tokenID: yes, price: 0.3, size: 10, side: Side.BUY }, OPTS);
      const notHers = await a.postOrder(mOrder) as Answer;
      assert.equal(notHers.code, 'signer_mismatch', JSON.stringify(notHers));
      // Mallory's signature over an order rewritten to name alice: it recovers to neither of them.
      const forged = await a.postOrder({ ...mOrder, maker: alice.address, signer: alice.address }) as Answer;
      assert.equal(forged.code, 'invalid_signature', JSON.stringify(forged));
      assert.match(String(forged.error), new RegExp(`recovered 0x[0-9a-fA-F]{40}, expected the signer ${alice.address}`));
      assert.doesNotMatch(String(forged.error), new RegExp(`recovered ${alice.address}`));
      assert.deepEqual(await snapshot(alice.address), was, 'nothing changed');
    });

    it('the same signed order twice is a replay, also after a restart', async () => {
      const signed = await a.createOrder({ tokenID: yes, price: 0.2, size: 5, side: Side.BUY }, OPTS);
      const first = await a.postOrder(signed) as Answer;
      assert.equal(first.success, true, JSON.stringify(first));
      await a.cancelOrder({ orderID: first.orderID! });
      const was = await snapshot(alice.address);
      await nextSecond(); // a new L2 signature: the request is new, the signed order is not
      const again = await a.postOrder(signed) as Answer;
      assert.equal(again.code, 'order_replayed', JSON.stringify(again));
      assert.match(String(again.error), /replayed order/);
      await svc.close();
      await start();
      assert.deepEqual(await snapshot(alice.address), was);
      await nextSecond();
      const afterRestart = await a.postOrder(signed) as Answer;
      assert.equal(afterRestart.code, 'order_replayed', JSON.stringify(afterRestart));
      assert.deepEqual(await snapshot(alice.address), was, 'nothing changed');
    });

    it('a fee rate below the market’s, an unknown token, an unsupported signature type or version: refused with their codes', async () => {
      const feeMarket = await market(svc as TestService, { takerFee: 100 });
      const feeYes = positionId(USDC_E, feeMarket as `0x${string}`, 0);
      assert.equal((await svc.app.inject({ method: 'GET', url: `/fee-rate?token_id=${feeYes}` })).json().base_fee, 100);
      const message = {
        salt: 7n, maker: alice.address as `0x${string}`, signer: alice.address as `0x${string}`, taker: '0x0000000000000000000000000000000000000000' as const, tokenId: BigInt(feeYes),
        makerAmount: 2_000_000n, takerAmount: 10_000_000n, expiration: 0n, nonce: 0n, feeRateBps: 50n, side: 0, signatureType: 0,
      };
      const domain = { name: 'Polymarket CTF Exchange', version: '1', chainId: 137, verifyingContract: '0x4bFb41d5B3570DeFd03C39a9A4D8dE6Bd8B8982E' as const };
      const body = (m: typeof message, extra: Record<string, unknown> = {}) => async () => ({
        order: {
          salt: Number(m.salt), maker: m.maker, signer: m.signer, taker: m.taker, tokenId: String(m.tokenId), makerAmount: String(m.makerAmount),
          takerAmount: String(m.takerAmount), expiration: '0', nonce: '0', feeRateBps: String(m.feeRateBps), side: 'BUY', signatureType: m.signatureType,
          signature: await alice.account.signTypedData({ domain, types: ORDER_TYPES, primaryType: 'Order', message: m }), ...extra,
        },
        owner: creds.key, orderType: 'GTC',
      });
      const me: Trader = { address: alice.address, creds: { apiKey: creds.key, secret: creds.secret, passphrase: creds.passphrase } };
      const was = await snapshot(alice.address);
      const low = (await post(svc as TestService, me, 'POST', '/order', await body(message)())).json() as Answer;
      assert.equal(low.code, 'fee_rate_too_low', JSON.stringify(low));
      assert.match(String(low.error), /taker fee is 100 bps/);
      const ok = (await post(svc as TestService, me, 'POST', '/order', await body({ ...message, feeRateBps: 100n })())).json() as Answer;
      assert.equal(ok.success, true, JSON.stringify(ok));
      await post(svc as TestService, me, 'DELETE', '/cancel-all');
      // Signed amounts whose ratio is off the tick grid (0.205 on a 0.01 market), or no exact price at all.
      const offTick = (await post(svc as TestService, me, 'POST', '/order', await body({ ...message, feeRateBps: 100n, makerAmount: 2_050_000n })())).json() as Answer;
      assert.equal(offTick.code, 'invalid_price', JSON.stringify(offTick));
      assert.match(String(offTick.error), /invalid price \(0\.205\)/, JSON.stringify(offTick));
      const inexact = (await post(svc as TestService, me, 'POST', '/order', await body({ ...message, feeRateBps: 100n, makerAmount: 2_000_000n, takerAmount: 3_000_000n })())).json() as Answer;
      assert.equal(inexact.code, 'invalid_price', JSON.stringify(inexact));
      const unknown = (await post(svc as TestService, me, 'POST', '/order', await body({ ...message, tokenId: 12345n })())).json() as Answer;
      assert.equal(unknown.code, 'unknown_token', JSON.stringify(unknown));
      const eip1271 = (await post(svc as TestService, me, 'POST', '/order', await body({ ...message, salt: 8n, signatureType: 3 })())).json() as Answer;
      assert.equal(eip1271.code, 'unsupported_signature_type', JSON.stringify(eip1271));
      // A V2 struct signed for clob-client-v2's exchange V3 domain (version "3"): recognised, refused.
      const v2 = {
        salt: 9n, maker: message.maker, signer: message.signer, tokenId: BigInt(feeYes), makerAmount: 2_000_000n, takerAmount: 10_000_000n,
        side: 0, signatureType: 0, timestamp: BigInt(Date.now()), metadata: `0x${'0'.repeat(64)}` as const, builder: `0x${'0'.repeat(64)}` as const,
      };
      const v3sig = await alice.account.signTypedData({
        domain: { name: 'Polymarket CTF Exchange', version: '3', chainId: 137, verifyingContract: '0xe3333700cA9d93003F00f0F71f8515005F6c00Aa' },
        types: { Order: ORDER_V2_TYPES }, primaryType: 'Order', message: v2,
      });
      const v3 = (await post(svc as TestService, me, 'POST', '/order', {
        order: {
          salt: 9, maker: v2.maker, signer: v2.signer, tokenId: feeYes, makerAmount: '2000000', takerAmount: '10000000', side: 'BUY', signatureType: 0,
          timestamp: String(v2.timestamp), metadata: v2.metadata, builder: v2.builder, expiration: '0', signature: v3sig,
        },
        owner: creds.key, orderType: 'GTC',
      })).json() as Answer;
      assert.equal(v3.code, 'unsupported_order_version', JSON.stringify(v3));
      assert.match(String(v3.error), /exchange V3 domain/);
      assert.deepEqual(await snapshot(alice.address), was, 'nothing changed');
    });
  });

  describe(`SIBYL_REQUIRE_ORDER_SIGNATURES=1 (${backend.name})`, { skip: backend.skip }, () => {
    it('refuses an unsigned order with its code and accepts a signed one', async () => {
      const config = await backend.fresh({ SIBYL_ADMIN_TOKEN: ADMIN, SIBYL_REQUIRE_ORDER_SIGNATURES: '1' });
      const svc = await createService(config.config, { logger: false });
      try {
        const host = await svc.app.listen({ port: 0, host: '127.0.0.1' });
        const cid = await market(svc as TestService);
        const w = newWallet();
        await deposit(svc as TestService, w.address, '100');
        const creds = await new ClobClient(host, 137, w.signer).createOrDeriveApiKey();
        const me: Trader = { address: w.address, creds: { apiKey: creds.key, secret: creds.secret, passphrase: creds.passphrase } };
        const unsigned = (await post(svc as TestService, me, 'POST', '/order', orderBody(me, `${cid}:0`, 'BUY', '0.4', '10'))).json() as Answer;
        assert.equal(unsigned.code, 'signature_required', JSON.stringify(unsigned));
        assert.equal(svc.services.exchange.core.openOrderCount(), 0);
        const signed = await new ClobClient(host, 137, w.signer, creds).createAndPostOrder({ tokenID: positionId(USDC_E, cid as `0x${string}`, 0), price: 0.4, size: 10, side: Side.BUY }, OPTS) as Answer;
        assert.equal(signed.success, true, JSON.stringify(signed));
      } finally {
        await svc.close();
        await config.dispose();
      }
    });
  });
}
