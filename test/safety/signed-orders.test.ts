/**
 * Safety of signed-order entry (issue #39, items 1, 2 and 7), through the real HTTP API with
 * orders signed by viem (independently of src/):
 * - a batch answers per entry; one entry that cannot be placed (a value past its range, a body
 *   failing the schema) never fails the others, and a replay claim exists only for an order that
 *   was placed: the batch's other valid orders are placed, and a refused one sent again, fixed
 *   or alone, is judged afresh (never `order_replayed`), also after a restart;
 * - every numeric field is range-checked before hashing: a fuzz of 245 malformed variants
 *   (every field, every signature malformation) answers 0 × 5xx and stores nothing;
 * - a signature whose `v` is 0/1 is refused (27/28 only, as the exchange contracts), and a GTD
 *   order expiring sooner than now + 60 s is refused with the venue's `invalid expiration`.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ClobClient } from '@polymarket/clob-client';
import { createService, type Service } from '../../src/server.js';
import { backends } from '../support/backends.js';
import { deposit, ADMIN, post, type Trader } from '../trading/kit.js';
import { positionId } from '../../src/domain/ctf-ids.js';
import { market, newWallet, type Wallet } from '../bots/kit.js';
import type { TestService } from '../support/service.js';

const USDC_E = '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174';
const EXCHANGE = '0x4bFb41d5B3570DeFd03C39a9A4D8dE6Bd8B8982E' as const;
const U256_MAX = (1n << 256n) - 1n;
type Answer = { success?: boolean; orderID?: string; error?: string; errorMsg?: string; code?: string; limit?: Record<string, unknown> };

const ORDER_TYPES = {
  Order: [
    { name: 'salt', type: 'uint256' }, { name: 'maker', type: 'address' }, { name: 'signer', type: 'address' }, { name: 'taker', type: 'address' },
    { name: 'tokenId', type: 'uint256' }, { name: 'makerAmount', type: 'uint256' }, { name: 'takerAmount', type: 'uint256' },
    { name: 'expiration', type: 'uint256' }, { name: 'nonce', type: 'uint256' }, { name: 'feeRateBps', type: 'uint256' },
    { name: 'side', type: 'uint8' }, { name: 'signatureType', type: 'uint8' },
  ],
} as const;

for (const backend of backends()) {
  describe(`signed-order entry is safe (${backend.name})`, { skip: backend.skip }, () => {
    let svc: Service;
    let config: Awaited<ReturnType<typeof backend.fresh>>;
    let yes: string;
    const alice: Wallet = newWallet();
    let me: Trader;
    let salt = 100;

    /** A V1 order signed by alice (BUY 10 shares at `price` cents), as the clients post it. */
    const signed = async (o: { price?: number; salt?: number; expiration?: bigint; type?: string } = {}) => {
      const m = {
        salt: BigInt(o.salt ?? ++salt), maker: alice.address as `0x${string}`, signer: alice.address as `0x${string}`,
        taker: '0x0000000000000000000000000000000000000000' as const, tokenId: BigInt(yes),
        makerAmount: BigInt((o.price ?? 20) * 100_000), takerAmount: 10_000_000n, expiration: o.expiration ?? 0n, nonce: 0n, feeRateBps: 0n, side: 0, signatureType: 0,
      };
      const signature = await alice.account.signTypedData({ domain: { name: 'Polymarket CTF Exchange', version: '1', chainId: 137, verifyingContract: EXCHANGE }, types: ORDER_TYPES, primaryType: 'Order', message: m });
      return {
        order: {
          salt: Number(m.salt), maker: m.maker, signer: m.signer, taker: m.taker, tokenId: yes, makerAmount: String(m.makerAmount),
          takerAmount: String(m.takerAmount), expiration: String(m.expiration), nonce: '0', feeRateBps: '0', side: 'BUY', signatureType: 0, signature,
        } as Record<string, unknown>,
        owner: me.creds.apiKey, orderType: o.type ?? 'GTC',
      };
    };
    const rows = async () => (await (svc as TestService).store.db.selectFrom('signed_orders' as never).selectAll().execute()) as Array<{ hash: string; order_id: string }>;
    const start = async () => { svc = await createService(config.config, { logger: false }); };

    before(async () => {
      config = await backend.fresh({ SIBYL_ADMIN_TOKEN: ADMIN, SIBYL_RATE_LIMITS: 'off' });
      svc = await createService(config.config, { logger: false });
      const host = await svc.app.listen({ port: 0, host: '127.0.0.1' });
      const cid = await market(svc as TestService);
      yes = positionId(USDC_E, cid as `0x${string}`, 0);
      await deposit(svc as TestService, alice.address, '1000');
      const creds = await new ClobClient(host, 137, alice.signer).createOrDeriveApiKey();
      me = { address: alice.address, creds: { apiKey: creds.key, secret: creds.secret, passphrase: creds.passphrase } };
    });
    after(async () => { await svc?.close(); await config?.dispose(); });

    it('item 1: a failed batch entry never burns the others; a claim exists only for a placed order', async () => {
      await post(svc as TestService, me, 'DELETE', '/cancel-all');
      const good = await signed({ price: 21 });
      const alsoGood = await signed({ price: 22 });
      const past = await signed({ price: 23 });
      past.order.salt = String(U256_MAX + 1n); // past uint256: once a 500 that failed the whole batch
      const schemaBad = await signed({ price: 24 });
      schemaBad.order.unknownField = 'x'; // fails the order schema: once a 400 for the whole batch
      const res = await post(svc as TestService, me, 'POST', '/orders', [good, past, alsoGood, schemaBad]);
      assert.equal(res.statusCode, 200, res.body);
      const answers = res.json() as Answer[];
      assert.equal(answers.length, 4);
      assert.equal(answers[0]!.success, true, JSON.stringify(answers[0]));
      assert.equal(answers[2]!.success, true, JSON.stringify(answers[2]));
      assert.equal(answers[1]!.success, false);
      assert.equal(answers[1]!.code, 'value_out_of_range', JSON.stringify(answers[1]));
      assert.equal(answers[1]!.limit?.field, 'salt');
      assert.equal(answers[3]!.success, false);
      assert.equal(answers[3]!.code, 'invalid_order_payload', JSON.stringify(answers[3]));
      for (const a of answers) for (const k of ['errorMsg', 'orderID', 'takingAmount', 'makingAmount', 'status', 'success']) assert.ok(k in a, `${k} in ${JSON.stringify(a)}`);
      // Exactly the two placed orders hold claims, each with its order id.
      const held = await rows();
      assert.deepEqual(held.map((r) => r.order_id).sort(), [answers[0]!.orderID, answers[2]!.orderID].sort());
      // The refused entry, fixed (same order, without the stray field), is placed: it was never claimed.
      delete schemaBad.order.unknownField;
      const again = (await post(svc as TestService, me, 'POST', '/order', schemaBad)).json() as Answer;
      assert.equal(again.success, true, JSON.stringify(again));
      // After a restart the placed ones are replays, and nothing else is held.
      await svc.close();
      await start();
      const replay = (await post(svc as TestService, me, 'POST', '/orders', [good])).json() as Answer[];
      assert.equal(replay[0]!.code, 'order_replayed', JSON.stringify(replay));
      assert.equal((await rows()).length, 3);
      assert.ok((await rows()).every((r) => r.order_id !== ''), 'no claim without an order');
    });

    it('item 2: 245 malformed variants — every field past its range, every signature malformation — 0 × 5xx, nothing stored', async () => {
      await post(svc as TestService, me, 'DELETE', '/cancel-all');
      const stored = (await rows()).length;
      const open = svc.services.exchange.core.openOrderCount();
      const base = await signed({ price: 30 });
      const sig = base.order.signature as string;
      const r = sig.slice(2, 66);
      const s = sig.slice(66, 130);
      const huge = [U256_MAX + 1n, 1n << 257n, 10n ** 78n - 1n, U256_MAX, 2n ** 64n, 2n ** 53n + 1n, 10n ** 30n].map(String);
      const badText = ['-1', '1e6', '0x10', ' 1', '1.5', '', '+1', '１', '1 ', 'NaN', 'Infinity', '0b1', '1_000', '9'.repeat(100), '07'];
      const fields = ['salt', 'makerAmount', 'takerAmount', 'expiration', 'nonce', 'feeRateBps', 'tokenId'] as const;
      const variants: Array<Record<string, unknown>> = [];
      for (const f of fields) {
        for (const v of [...huge, ...badText]) variants.push({ [f]: v });
        variants.push({ [f]: Number.MAX_SAFE_INTEGER * 4 }, { [f]: -1 }, { [f]: 1.5 }, { [f]: null });
      }
      for (const v of [256, 255, -1, 4, 99, 1.5, '0', null]) variants.push({ signatureType: v }, { side: v });
      const sigs = [
        `0x${r}${s}00`, `0x${r}${s}01`, `0x${r}${s}1a`, `0x${r}${s}1d`, `0x${r}${s}ff`, `0x${'0'.repeat(130)}`, `0x${'f'.repeat(130)}`,
        `0x${r}${s}`, `0x${r}${s}1b00`, `0x${r}${'f'.repeat(64)}1b`, `0x${'0'.repeat(64)}${s}1b`, `0x${r}${'0'.repeat(64)}1c`, '0x00', '0x1', 'zz', `${r}${s}1b`,
        `0x${s}${r}${sig.slice(130)}`, `0x${'ff'.repeat(1025)}`, `0x${'ab'.repeat(317)}`, `0X${r}${s}1b`,
      ];
      for (const v of sigs) variants.push({ signature: v });
      for (const v of ['0x0', '0x' + '1'.repeat(41), 'not-an-address', '']) variants.push({ maker: v }, { signer: v }, { taker: v });
      for (const v of ['0x' + '0'.repeat(63), '0x' + 'g'.repeat(64), 12]) variants.push({ metadata: v }, { builder: v });
      for (const v of [...huge.slice(0, 3), '-5', 'soon']) variants.push({ timestamp: v });
      variants.push({ expiration: String(2n ** 63n) }, { makerAmount: '0' }, { takerAmount: '0' }, { salt: U256_MAX.toString(), side: 'SELL' });
      assert.ok(variants.length >= 245, `${variants.length} variants`);
      const statuses = new Map<number, number>();
      for (const [i, v] of variants.entries()) {
        const body = { ...base, order: { ...base.order, ...v } };
        const res = i % 3 === 0 ? await post(svc as TestService, me, 'POST', '/orders', [body]) : await post(svc as TestService, me, 'POST', '/order', body);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        assert.ok(res.statusCode < 500, `variant ${JSON.stringify(v)}: ${res.statusCode} ${res.body}`);
        const answer = (Array.isArray(res.json()) ? res.json()[0] : res.json()) as Answer;
        assert.equal(answer.success, false, `variant ${JSON.stringify(v)} was accepted: ${res.body}`);
        assert.equal(typeof answer.code, 'string', res.body);
      }
      assert.equal((await rows()).length, stored, 'no claim stored');
      assert.equal(svc.services.exchange.core.openOrderCount(), open, 'no order placed');
      // The same order, unmodified, is still placeable: no variant burnt it.
      assert.equal(((await post(svc as TestService, me, 'POST', '/order', base)).json() as Answer).success, true);
    });

    it('item 2: each uint256 field past 2^256 − 1 is named; amounts past the micro range are amount_too_large', async () => {
      for (const f of ['salt', 'expiration', 'nonce', 'feeRateBps']) {
        const body = await signed();
        body.order[f] = String(U256_MAX + 1n);
        const res = await post(svc as TestService, me, 'POST', '/order', body);
        assert.equal(res.statusCode, 400, res.body);
        assert.equal(res.json().code, 'value_out_of_range', res.body);
        assert.equal(res.json().limit.field, f, res.body);
      }
      for (const f of ['makerAmount', 'takerAmount']) {
        const body = await signed();
        body.order[f] = String(U256_MAX + 1n);
        const res = await post(svc as TestService, me, 'POST', '/order', body);
        assert.equal(res.statusCode, 400, res.body);
        assert.equal(res.json().code, 'amount_too_large', res.body);
        assert.equal(res.json().limit.field, f, res.body);
      }
    });

    it('item 7: v 0/1 refused (27/28 only); GTD sooner than now + 60 s is an invalid expiration', async () => {
      const body = await signed({ price: 31 });
      const sig = body.order.signature as string;
      const v = parseInt(sig.slice(130), 16);
      body.order.signature = sig.slice(0, 130) + (v - 27).toString(16).padStart(2, '0');
      const low = await post(svc as TestService, me, 'POST', '/order', body);
      assert.equal(low.statusCode, 400, low.body);
      assert.equal(low.json().code, 'invalid_signature', low.body);
      assert.match(low.json().error, /v must be 27 or 28/);
      const now = BigInt(Math.floor(Date.now() / 1000));
      const soon = await post(svc as TestService, me, 'POST', '/order', await signed({ price: 32, type: 'GTD', expiration: now + 30n }));
      assert.equal(soon.statusCode, 400, soon.body);
      assert.equal(soon.json().code, 'invalid_expiration', soon.body);
      assert.equal(soon.json().error, 'invalid expiration');
      const later = await post(svc as TestService, me, 'POST', '/order', await signed({ price: 33, type: 'GTD', expiration: now + 120n }));
      assert.equal(later.json().success, true, later.body);
      // A refused order leaves no claim: the same signed order, fixed, is judged afresh.
      body.order.signature = sig;
      assert.equal(((await post(svc as TestService, me, 'POST', '/order', body)).json() as Answer).success, true);
    });
  });
}
