/**
 * Order entry takes every field with its exact type (src/routes/trading/order-body.ts): each junk
 * value of each field — of the signed order and of its envelope — is refused with a 400 carrying
 * a machine-readable `code`, and nothing is placed or reserved. The shapes the official clients
 * send (clob-client 5.8.1 through its own `postOrder`, clob-client-v2's v1 and v2 orders as its
 * `orderToJsonV1/V2` write them) are accepted. Amounts past 2^53 − 1 micro-units are refused
 * naming the bound (`amount_too_large`), and a batch of 16 carries `code` like other rejections.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { tokenIdsOf } from '../support/tokens.js';
import type { TestService } from '../support/service.js';
import { newMarket, orderBody, post, trader, tradingService, type Trader } from './kit.js';

const SQL = "1'; DROP TABLE orders; --";
/** Refused by every field: wrong JSON types, and text no field accepts. */
const COMMON_JUNK: unknown[] = [-1, null, true, 0.1, SQL, '', {}, []];
const ZERO32 = `0x${'0'.repeat(64)}`;

/** Values refused by one field on top of COMMON_JUNK (many are another field's valid type). */
const ORDER_JUNK: Record<string, unknown[]> = {
  salt: [9007199254740992, 1.5, '-5', '12a', '0x10'],
  maker: ['0x123', `0x${'g'.repeat(40)}`, 0],
  signer: ['0x123', `0x${'0'.repeat(41)}`],
  taker: ['0x123', 0],
  tokenId: [1, 'x'.repeat(101)],
  makerAmount: [4000000, '1.5', '-1', '0x10', '1e6', '0'],
  takerAmount: [10000000, '10.0', ' 1'],
  side: ['buy', 'HOLD', 2, '0'],
  expiration: [0, '1.5', '-1', '1e3'],
  nonce: [0, 'abc', '0x1'],
  feeRateBps: [0, '1e3', '-0'],
  signatureType: [4, '0', 1.5],
  signature: ['0xabc', '0xzz', 'abcd', 12, `0x${'ab'.repeat(1025)}`],
  timestamp: [1700000000000, '17e11'],
  metadata: ['0x00', 1, `0x${'0'.repeat(63)}`],
  builder: ['0x00', 1],
  surprise: ['x', 1], // an unknown field
};
const ENVELOPE_JUNK: Record<string, unknown[]> = {
  owner: [123],
  orderType: ['IOC', 'gtc', 1],
  postOnly: ['true', 0, 1],
  deferExec: ['false', 0],
  order: [1, 'x'],
  extra: [1],
};

for (const backend of backends()) {
  describe(`strict order inputs (${backend.name})`, { skip: backend.skip }, () => {
    let svc: TestService;
    let cid: string;
    let yes: string;
    let alice: Trader;
    before(async () => {
      svc = await tradingService(backend);
      cid = await newMarket(svc);
      [yes] = await tokenIdsOf(svc, cid);
      alice = await trader(svc);
    });
    after(async () => { await svc?.dispose(); });

    const valid = () => orderBody(alice, yes, 'BUY', '0.40', '10');
    async function nothingPlaced(): Promise<void> {
      assert.equal((await post(svc, alice, 'GET', '/data/orders')).json().count, 0, 'no order rests');
      const bal = (await post(svc, alice, 'GET', '/balance-allowance?asset_type=COLLATERAL')).json();
      assert.equal(bal.reserved, '0', 'nothing reserved');
    }
    function assertRefused(res: { statusCode: number; body: string; json(): any; headers: Record<string, unknown> }, what: string, codes: string[]): void {
      assert.equal(res.statusCode, 400, `${what}: ${res.body}`);
      const r = res.json();
      assert.equal(r.success, false, what);
      assert.ok(codes.includes(r.code), `${what}: code ${r.code} (${res.body})`);
      assert.equal(r.error, r.errorMsg, what);
    }

    it('refuses every junk value of every order field with a code, placing nothing', async () => {
      const ok = await post(svc, alice, 'POST', '/order', valid());
      assert.equal(ok.statusCode, 200, `the baseline order is valid: ${ok.body}`);
      await post(svc, alice, 'DELETE', '/cancel-all');
      for (const [field, extra] of Object.entries(ORDER_JUNK)) {
        for (const v of [...COMMON_JUNK, ...extra]) {
          const body = valid();
          (body.order as Record<string, unknown>)[field] = v;
          const res = await post(svc, alice, 'POST', '/order', body);
          // A string token id that names no token is the engine's invalid_token; a string maker that is
          // an address but not yours would be signer_mismatch; everything else fails the schema.
          assertRefused(res, `order.${field} = ${JSON.stringify(v)}`, field === 'tokenId' ? ['invalid_order_payload', 'invalid_token'] : ['invalid_order_payload']);
          if (res.json().code === 'invalid_order_payload') assert.match(res.json().error, /^Invalid order payload/);
        }
      }
      for (const [field, extra] of Object.entries(ENVELOPE_JUNK)) {
        for (const v of [...COMMON_JUNK, ...extra].filter((x) => !(x === true && (field === 'postOnly' || field === 'deferExec')))) {
          const body: Record<string, unknown> = { ...valid(), [field]: v };
          const res = await post(svc, alice, 'POST', '/order', body);
          assertRefused(res, `${field} = ${JSON.stringify(v)}`, field === 'owner' && typeof v === 'string' ? ['owner_mismatch', 'invalid_order_payload'] : ['invalid_order_payload']);
        }
      }
      await nothingPlaced();
    });

    it('names the field and its rule', async () => {
      const body = valid();
      (body.order as Record<string, unknown>).salt = -1;
      const r = (await post(svc, alice, 'POST', '/order', body)).json();
      assert.equal(r.error, 'Invalid order payload: order.salt must be a non-negative safe integer or a string of decimal digits');
      assert.equal(r.limit.field, 'order.salt');
      (body.order as Record<string, unknown>).salt = '1';
      (body.order as Record<string, unknown>).signatureType = 7;
      assert.equal((await post(svc, alice, 'POST', '/order', body)).json().error, 'Invalid order payload: order.signatureType must be one of: 0, 1, 2, 3');
      const missing = valid() as { order: Record<string, unknown> };
      delete missing.order.maker;
      const m = (await post(svc, alice, 'POST', '/order', missing)).json();
      assert.equal(m.error, 'Invalid order payload: order.maker is required');
      assert.equal(m.limit.field, 'order.maker');
    });

    it("accepts the official clients' shapes: clob-client-v2 v1 and v2 orders, salts as numbers or digit strings", async () => {
      const base = valid();
      const v1 = { deferExec: false, postOnly: false, order: { ...base.order, salt: 1234567890123 }, owner: base.owner, orderType: 'GTC' };
      const { taker: _t, nonce: _n, feeRateBps: _f, ...rest } = orderBody(alice, yes, 'BUY', '0.41', '10').order;
      const v2 = {
        deferExec: false, postOnly: false, owner: base.owner, orderType: 'GTC',
        order: { ...rest, salt: 987654321, signatureType: 3, timestamp: String(Date.now()), metadata: ZERO32, builder: ZERO32, signature: '0x' }, // unsigned: a present one is verified (docs/bots.md)
      };
      for (const [name, body] of [['v1', v1], ['v2', v2], ['digit-string salt', orderBody(alice, yes, 'BUY', '0.42', '10', {})]] as const) {
        const res = await post(svc, alice, 'POST', '/order', body);
        assert.equal(res.statusCode, 200, `${name}: ${res.body}`);
        assert.equal(res.json().status, 'live', name);
      }
      await post(svc, alice, 'DELETE', '/cancel-all');
    });

    it('refuses order amounts past 2^53 − 1 micro-units naming the bound', async () => {
      for (const field of ['makerAmount', 'takerAmount'] as const) {
        for (const v of ['9007199254740992', '99999999999999999999', '1'.repeat(60)]) {
          const body = valid();
          body.order[field] = v;
          const res = await post(svc, alice, 'POST', '/order', body);
          assertRefused(res, `${field} ${v}`, ['amount_too_large']);
          assert.equal(res.json().error, `${field} must be at most 9007199254740991 micro-units`);
          assert.equal(res.json().limit.max, '9007199254.740991');
        }
      }
      const edge = valid();
      edge.order.takerAmount = '9007199254740991'; // in range: the engine's own size limit answers
      assert.notEqual((await post(svc, alice, 'POST', '/order', edge)).json().code, 'amount_too_large');
      await nothingPlaced();
    });

    it('refuses a batch of 16 with a code; a junk entry is refused on its own (the others are placed)', async () => {
      const many = await post(svc, alice, 'POST', '/orders', Array.from({ length: 16 }, valid));
      assert.equal(many.statusCode, 400);
      const r = many.json();
      assert.equal(r.error, 'Too many orders in payload: 16, max allowed: 15');
      assert.equal(r.errorMsg, r.error);
      assert.equal(r.code, 'too_many_orders');
      assert.deepEqual(r.limit, { maxOrders: 15, orders: 16 });
      assert.equal(r.success, false);
      const junk = valid();
      (junk.order as Record<string, unknown>).nonce = null;
      const none = await post(svc, alice, 'POST', '/orders', []);
      assertRefused(none, 'empty batch', ['invalid_order_payload']);
      await nothingPlaced();
      const mixed = await post(svc, alice, 'POST', '/orders', [valid(), junk]);
      assert.equal(mixed.statusCode, 200, mixed.body);
      const [placed, refused] = mixed.json() as Array<{ success: boolean; code?: string; orderID: string }>;
      assert.equal(placed!.success, true, JSON.stringify(placed));
      assert.equal(refused!.success, false);
      assert.equal(refused!.code, 'invalid_order_payload', JSON.stringify(refused));
      assert.equal((await post(svc, alice, 'GET', '/data/orders')).json().count, 1, 'only the valid entry rests');
      assert.equal((await post(svc, alice, 'DELETE', '/cancel-all')).statusCode, 200);
    });

    it('refuses split and merge amounts past 2^53 − 1 micro-units naming the bound', async () => {
      for (const url of ['/split', '/merge']) {
        for (const amount of ['9007199254740992', '9'.repeat(40)]) {
          const res = await post(svc, alice, 'POST', url, { market: cid, amount });
          assert.equal(res.statusCode, 400, res.body);
          assert.deepEqual(res.json(), { error: 'amount must be at most 9007199254740991 micro-units' });
          assert.equal(res.headers['x-error-code'], 'amount_too_large');
        }
        for (const amount of [1000000, null, true, '1.5', '0']) {
          const res = await post(svc, alice, 'POST', url, { market: cid, amount });
          assert.equal(res.statusCode, 400, `${url} ${JSON.stringify(amount)}: ${res.body}`);
        }
      }
      const bal = (await post(svc, alice, 'GET', '/balance-allowance?asset_type=COLLATERAL')).json();
      assert.equal(bal.balance, '1000000000', 'nothing split');
    });
  });
}
