/**
 * JSON bodies are taken as sent (src/http/validation.ts, src/http/body.ts): operator bodies with
 * the wrong JSON type are refused instead of coerced (`{"slug": true}` is not the slug "true",
 * `active: null`, `0` or `"true"` are not booleans) while query strings keep their parsing; a
 * body declared as anything but JSON answers 415; operator amounts past 2^53 − 1 micro-units are
 * refused naming the bound. The real clob-client 5.8.1 (axios) still places, cancels and beats.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ClobClient } from '@polymarket/clob-client';
import { createWalletClient, http } from 'viem';
import { polygon } from 'viem/chains';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { backends } from '../support/backends.js';
import type { TestService } from '../support/service.js';
import { l2Headers } from '../auth/helpers.js';
import { ADMIN, deposit, newMarket, orderBody, post, trader, tradingService, type Trader } from '../trading/kit.js';

const auth = { authorization: `Bearer ${ADMIN}` };
const BOUND = 'must be at most 9007199254.740991 (9007199254740991 micro-units)';

for (const backend of backends()) {
  describe(`exact JSON bodies (${backend.name})`, { skip: backend.skip }, () => {
    let svc: TestService;
    let cid: string;
    let alice: Trader;
    before(async () => {
      svc = await tradingService(backend);
      cid = await newMarket(svc);
      alice = await trader(svc);
    });
    after(async () => { await svc?.dispose(); });

    const inject = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: unknown) =>
      svc.app.inject({ method, url, headers: { ...auth, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
    const admin = async (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: unknown) => {
      const res = await inject(method, url, payload);
      return { status: res.statusCode, body: res.json(), code: res.headers['x-error-code'] };
    };
    const eventExists = async (slug: string) => (await svc.app.inject({ url: `/events/slug/${slug}` })).statusCode === 200;

    it('refuses operator bodies of the wrong type and writes nothing', async () => {
      let res = await admin('POST', '/admin/events', { slug: true, title: 'x' });
      assert.deepEqual([res.status, res.body], [400, { error: 'slug must be a string' }]);
      assert.equal(await eventExists('true'), false);
      const cases: Array<[string, unknown]> = [['active', null], ['active', 0], ['active', 'true'], ['closed', 1], ['negRisk', 'false'], ['title', 5]];
      for (const [field, v] of cases) {
        res = await admin('POST', '/admin/events', { slug: 'typed-event', title: 'x', [field]: v });
        assert.equal(res.status, 400, `${field}=${JSON.stringify(v)}: ${JSON.stringify(res.body)}`);
        assert.match(res.body.error, new RegExp(`^${field} must be`));
      }
      res = await admin('POST', '/admin/events', { slug: 'typed-event', title: 'x', markets: [{ question: 'q?', slug: 'typed-m', active: 0 }] });
      assert.deepEqual([res.status, res.body.error], [400, 'markets[0].active must be boolean (true or false)']);
      assert.equal(await eventExists('typed-event'), false);
      for (const [field, v] of [['active', null], ['active', 0], ['active', 'true'], ['accepting_orders', 'false'], ['taker_base_fee', '100'], ['minimum_order_size', true]] as const) {
        res = await admin('PATCH', `/admin/markets/${cid}`, { [field]: v });
        assert.equal(res.status, 400, `PATCH ${field}=${JSON.stringify(v)}: ${JSON.stringify(res.body)}`);
      }
      for (const body of [{ winner: '1' }, { winner: true }, { winner: 1.0000001 }]) {
        res = await admin('POST', `/admin/markets/${cid}/resolve`, body);
        assert.equal(res.status, 400, JSON.stringify(body));
      }
      for (const amount of [1000000, true, null]) {
        res = await admin('POST', `/admin/wallets/${alice.address}/deposit`, { amount });
        assert.equal(res.status, 400, JSON.stringify(amount));
      }
      res = await admin('PUT', '/admin/exchange/mode', { mode: ['normal'] });
      assert.equal(res.status, 400);
      const settings = (await svc.app.inject({ url: `/markets/${cid}` })).json();
      assert.equal(settings.active, true, 'the market is untouched');
      assert.equal(settings.accepting_orders, true);
      // The documented types still work, and query strings keep their parsing.
      assert.equal((await admin('PATCH', `/admin/markets/${cid}`, { active: true, minimum_order_size: '5', taker_base_fee: 0 })).status, 200);
      const list = await svc.app.inject({ url: '/events?limit=1&active=true&offset=0' });
      assert.equal(list.statusCode, 200, list.body);
    });

    it('refuses operator amounts past 2^53 − 1 micro-units naming the bound', async () => {
      for (const amount of ['9007199254740992', '1'.repeat(30)]) {
        const res = await admin('POST', `/admin/wallets/${alice.address}/deposit`, { amount });
        assert.deepEqual([res.status, res.body, res.code], [400, { error: 'amount must be at most 9007199254740991 micro-units' }, 'amount_too_large']);
      }
      const big = await admin('POST', `/admin/wallets/${alice.address}/deposit`, { amount: '1000000000001' });
      assert.deepEqual([big.status, big.code], [400, 'amount_too_large']);
      for (const [field, v] of [['minimum_order_size', '9007199255'], ['minimum_order_size', 1e300], ['rewards_daily_rate', '99999999999999999999.5'], ['rewards_min_size', 9007199255]] as const) {
        const res = await admin('PATCH', `/admin/markets/${cid}`, { [field]: v });
        assert.deepEqual([res.status, res.body.error, res.code], [400, `${field} ${BOUND}`, 'amount_too_large'], `${field}=${v}`);
      }
      const ev = await admin('POST', '/admin/events', { slug: 'huge-size', title: 'x', markets: [{ question: 'q?', slug: 'huge-size-m', minimum_order_size: '1'.repeat(25) }] });
      assert.deepEqual([ev.status, ev.code], [400, 'amount_too_large']);
      assert.equal(await eventExists('huge-size'), false);
      const bal = (await post(svc, alice, 'GET', '/balance-allowance?asset_type=COLLATERAL')).json();
      assert.equal(bal.balance, '1000000000', 'no deposit went through');
    });

    it('answers 415 to bodies declared as anything but JSON, and takes JSON in UTF-8', async () => {
      const order = JSON.stringify(orderBody(alice, `${cid}:0`, 'BUY', '0.30', '5'));
      const signed = (method: 'POST' | 'DELETE', url: string, payload: string, type?: string) => svc.app.inject({
        method, url, payload, headers: { ...l2Headers(alice.creds, alice.address, method, url, payload), ...(type ? { 'content-type': type } : {}) },
      });
      const foreign = ['text/plain', 'text/plain; charset=utf-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=utf-16'];
      for (const type of foreign) {
        for (const [method, url, payload] of [['POST', '/order', order], ['POST', '/orders', `[${order}]`], ['DELETE', '/order', '{"orderID":"x"}']] as const) {
          const res = await signed(method, url, payload, type);
          assert.equal(res.statusCode, 415, `${method} ${url} as ${type}: ${res.body}`);
          assert.equal(res.headers['x-error-code'], 'unsupported_media_type');
        }
        const prices = await svc.app.inject({ method: 'POST', url: '/prices', payload: '[]', headers: { 'content-type': type } });
        assert.equal(prices.statusCode, 415, `/prices as ${type}`);
        const ev = await svc.app.inject({ method: 'POST', url: '/admin/events', payload: '{"slug":"plain","title":"x"}', headers: { ...auth, 'content-type': type } });
        assert.equal(ev.statusCode, 415, `/admin/events as ${type}`);
      }
      const plain = await svc.app.inject({ method: 'POST', url: '/admin/events', payload: '{"slug":"plain","title":"x"}', headers: { ...auth, 'content-type': 'text/plain' } });
      assert.deepEqual(plain.json(), { error: 'unsupported content type: send application/json', code: 'unsupported_media_type' });
      assert.equal(await eventExists('plain'), false);
      assert.equal((await post(svc, alice, 'GET', '/data/orders')).json().count, 0, 'no order was placed');
      // JSON with a UTF-8 charset, a body-less request without a content type, an empty JSON body.
      assert.equal((await signed('POST', '/order', order, 'application/json; charset=utf-8')).statusCode, 200);
      const other = JSON.stringify(orderBody(alice, `${cid}:0`, 'BUY', '0.31', '5'));
      assert.equal((await signed('POST', '/order', other, 'Application/JSON;charset=UTF-8')).statusCode, 200);
      assert.equal((await signed('DELETE', '/cancel-all', '')).statusCode, 200, 'no body, no content type');
      assert.equal((await signed('POST', '/heartbeats', '')).statusCode, 200);
      assert.equal((await signed('DELETE', '/cancel-all', '', 'application/json')).statusCode, 200, 'an empty JSON body');
      assert.equal((await inject('POST', '/admin/events', { slug: 'json-ok', title: 'x' })).statusCode, 200);
    });

    it('the real clob-client 5.8.1 places, cancels and beats (application/json on every request)', async () => {
      const host = await svc.app.listen({ port: 0, host: '127.0.0.1' });
      const account = privateKeyToAccount(generatePrivateKey());
      const signer = createWalletClient({ account, chain: polygon, transport: http('http://127.0.0.1:9') });
      const creds = await new ClobClient(host, 137, signer).createOrDeriveApiKey();
      await deposit(svc, account.address, '100');
      const client = new ClobClient(host, 137, signer, creds);
      // A SignedOrder as the client's order builder returns it (salt a digit string, side 0/1);
      // the client's own orderToJson turns it into the wire body (salt a number, side "BUY").
      const signedOrder = (price: string, salt: string) => {
        const wire = orderBody({ address: account.address, creds: { apiKey: creds.key, secret: creds.secret, passphrase: creds.passphrase } }, `${cid}:0`, 'BUY', price, '5').order;
        return { ...wire, salt, side: 0, signatureType: 0, signature: '0x' } as never; // unsigned: a present signature is verified (docs/bots.md)
      };
      const one = await client.postOrder(signedOrder('0.21', '1712345678901'));
      assert.equal(one.success, true, JSON.stringify(one));
      const two = await client.postOrders([{ order: signedOrder('0.22', '11'), orderType: 'GTC' as never }, { order: signedOrder('0.23', '12'), orderType: 'GTC' as never }]);
      assert.deepEqual(two.map((r: { success: boolean }) => r.success), [true, true], JSON.stringify(two));
      assert.deepEqual((await client.cancelOrder({ orderID: one.orderID })).canceled, [one.orderID]);
      assert.deepEqual((await client.cancelOrders([two[0].orderID])).canceled, [two[0].orderID]);
      assert.equal((await client.postHeartbeat(null)).heartbeat_id !== undefined, true);
      assert.deepEqual((await client.cancelAll()).canceled, [two[1].orderID]);
    });
  });
}
