/**
 * Provoked faults (issue #41, docs/venue.md §12) over real sockets: each kind answers with the
 * venue's status, body (byte for byte) and headers, only within its scope and window, and ends
 * on time; engine_restart flows into post_only; lost_answer places the order and closes the
 * connection; the unmodified clob-client-v2 sees the venue's errors.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { deposit, newMarket, orderBody, trader, type Trader } from '../trading/kit.js';
import { admin, call, liveService, provoke, sleep, type LiveService } from './kit.js';

const NOT_READY = '{"error":"service not ready"}';
const CANCEL_ONLY = '{"error":"Trading is currently cancel-only. New orders are not accepted, but cancels are allowed."}';
const DISABLED = '{"error":"Trading is currently disabled. Check polymarket.com for updates"}';
const EXECUTION = '{"error":"could not run the execution"}';
const ENTRY = '{"errorMsg":"post-only mode: only post-only orders and cancels are allowed","orderID":"","takingAmount":"","makingAmount":"","status":"","success":true}';
const postOnly503 = (s: number) => `{"error":"post-only mode: only post-only orders and cancels are allowed","code":"post_only_mode","retry_after_seconds":${s}}`;

for (const backend of backends()) {
  describe(`provoked faults (${backend.name})`, { skip: backend.skip }, () => {
    let svc: LiveService;
    let cid: string;
    let alice: Trader;
    let bob: Trader;
    const buy = (t: Trader, price = '0.10', extra: Record<string, unknown> = {}) => orderBody(t, `${cid}:0`, 'BUY', price, '5', extra);
    const openOrders = async (t: Trader) => JSON.parse((await call(svc, t, 'GET', '/data/orders')).body).data as Array<{ id: string }>;

    before(async () => {
      svc = await liveService(backend);
      cid = await newMarket(svc);
      alice = await trader(svc, '1000');
      bob = await trader(svc, '1000');
    });
    after(async () => { await svc?.dispose(); });

    it('lists nothing, refuses a bad fault clearly, and 404s an unknown id', async () => {
      assert.deepEqual(JSON.parse((await admin(svc, 'GET', '/admin/faults')).body), { faults: [] });
      const bad = await admin(svc, 'POST', '/admin/faults', { kind: 'meteor' });
      assert.equal(bad.status, 400);
      const both = await admin(svc, 'POST', '/admin/faults', { kind: 'post_only', scope: { wallet: alice.address, apiKey: alice.creds.apiKey } });
      assert.equal(both.status, 400);
      assert.match(JSON.parse(both.body).error, /exactly one/);
      assert.equal((await admin(svc, 'DELETE', '/admin/faults/fault-999')).status, 404);
    });

    it('GET /venue/faults shows the venue-wide faults to anyone, and only counts the scoped ones', async () => {
      await provoke(svc, { kind: 'post_only', durationS: 30 });
      await provoke(svc, { kind: 'cancel_only', scope: { wallet: alice.address } });
      const v = JSON.parse(await (await fetch(`${svc.base}/venue/faults`)).text());
      assert.equal(v.scoped, 1);
      assert.deepEqual(v.faults.map((f: { kind: string }) => f.kind), ['post_only']);
      assert.equal(Object.keys(v.faults[0]).join(), 'kind,startsAt,endsAt');
      await admin(svc, 'DELETE', '/admin/faults');
      assert.deepEqual(JSON.parse(await (await fetch(`${svc.base}/venue/faults`)).text()), { faults: [], scoped: 0 });
    });

    it('engine_restart: 425 within its scope, then post_only by itself, then the normal venue', async () => {
      const f = await provoke(svc, { kind: 'engine_restart', scope: { wallet: alice.address }, durationS: 0.8, postOnlyS: 4 });
      assert.equal(f.kind, 'engine_restart');
      assert.equal(Date.parse(f.endsAt!) - Date.parse(f.startsAt), 800);
      const r = await call(svc, alice, 'POST', '/order', buy(alice));
      assert.equal(r.status, 425);
      assert.equal(r.body, NOT_READY);
      assert.equal((await call(svc, alice, 'DELETE', '/cancel-all')).status, 425);
      assert.equal((await call(svc, bob, 'POST', '/order', buy(bob))).status, 200, 'another wallet sees a normal venue');
      await sleep(900);
      const list = JSON.parse((await admin(svc, 'GET', '/admin/faults')).body).faults;
      assert.equal(list.length, 1);
      assert.equal(list[0].kind, 'post_only');
      assert.equal(list[0].cause, f.id);
      const refused = await call(svc, alice, 'POST', '/order', buy(alice));
      assert.equal(refused.status, 503);
      const s = Number(refused.headers.get('retry-after'));
      assert.ok(s >= 1 && s <= 4, String(s));
      assert.equal(refused.body, postOnly503(s));
      const po = await call(svc, alice, 'POST', '/order', buy(alice, '0.11', { postOnly: true }));
      assert.equal(po.status, 200, po.body);
      const batch = await call(svc, alice, 'POST', '/orders', [buy(alice, '0.12'), buy(alice, '0.13', { postOnly: true }), buy(alice, '0.14')]);
      assert.equal(batch.status, 200);
      const entries = JSON.parse(batch.body);
      assert.equal(batch.body.split(ENTRY).length - 1, 2, batch.body);
      assert.equal(entries[1].success, true);
      assert.ok(entries[1].orderID.startsWith('0x'));
      const refusedAll = await call(svc, alice, 'POST', '/orders', [buy(alice, '0.12')]);
      assert.equal(refusedAll.body, `[${ENTRY}]`);
      const cancel = await call(svc, alice, 'DELETE', '/order', { orderID: JSON.parse(po.body).orderID });
      assert.equal(cancel.status, 200, 'cancels work in the post-only window');
      await sleep(Math.max(0, Date.parse(list[0].endsAt) - Date.now()) + 150); // the window ends on time
      assert.deepEqual(JSON.parse((await admin(svc, 'GET', '/admin/faults')).body), { faults: [] });
      assert.equal((await call(svc, alice, 'POST', '/order', buy(alice))).status, 200);
      await call(svc, alice, 'DELETE', '/cancel-all');
      await call(svc, bob, 'DELETE', '/cancel-all');
    });

    it('cancel_only and trading_disabled answer the venue\'s texts, scoped by API key, until ended', async () => {
      const resting = JSON.parse((await call(svc, alice, 'POST', '/order', buy(alice))).body).orderID;
      const co = await provoke(svc, { kind: 'cancel_only', scope: { apiKey: alice.creds.apiKey } });
      assert.equal(co.endsAt, null);
      const r = await call(svc, alice, 'POST', '/order', buy(alice));
      assert.equal(r.status, 503);
      assert.equal(r.body, CANCEL_ONLY);
      assert.equal((await call(svc, bob, 'POST', '/order', buy(bob))).status, 200);
      assert.equal((await admin(svc, 'DELETE', `/admin/faults/${co.id}`)).body, '{"ended":1}');
      await provoke(svc, { kind: 'trading_disabled' });
      const d = await call(svc, alice, 'DELETE', '/order', { orderID: resting });
      assert.equal(d.status, 503);
      assert.equal(d.body, DISABLED);
      assert.equal((await call(svc, bob, 'POST', '/order', buy(bob))).body, DISABLED);
      assert.equal((await admin(svc, 'DELETE', '/admin/faults')).body, '{"ended":1}');
      assert.equal((await call(svc, alice, 'DELETE', '/order', { orderID: resting })).status, 200);
      await call(svc, bob, 'DELETE', '/cancel-all');
    });

    it('execution_error: 500 and nothing placed; lost_answer: the order is placed, the socket closes', async () => {
      await provoke(svc, { kind: 'execution_error', rate: 1, scope: { wallet: alice.address } });
      const r = await call(svc, alice, 'POST', '/order', buy(alice));
      assert.equal(r.status, 500);
      assert.equal(r.body, EXECUTION);
      assert.deepEqual(await openOrders(alice), []);
      await admin(svc, 'DELETE', '/admin/faults');
      await provoke(svc, { kind: 'lost_answer', rate: 1, scope: { wallet: alice.address } });
      await assert.rejects(call(svc, alice, 'POST', '/order', buy(alice, '0.15')), /fetch failed|socket|closed|terminated/i);
      const open = await openOrders(alice);
      assert.equal(open.length, 1, 'the order was placed although its answer was lost');
      await admin(svc, 'DELETE', '/admin/faults');
      assert.equal((await call(svc, alice, 'DELETE', '/cancel-all')).status, 200);
    });

    it('execution_error at a rate draws the same way under the same seed', async () => {
      const run = async () => {
        await provoke(svc, { kind: 'execution_error', rate: 0.5, seed: 7, scope: { wallet: bob.address } });
        const statuses: number[] = [];
        for (let i = 0; i < 12; i++) statuses.push((await call(svc, bob, 'POST', '/order', buy(bob, '0.05'))).status);
        await admin(svc, 'DELETE', '/admin/faults');
        await call(svc, bob, 'DELETE', '/cancel-all');
        return statuses;
      };
      const first = await run();
      assert.ok(first.includes(500) && first.includes(200), first.join());
      assert.deepEqual(await run(), first);
    });

    it('latency holds the chosen family only', async () => {
      await provoke(svc, { kind: 'latency', ms: 1500, families: ['basic'] });
      let t = Date.now();
      await fetch(`${svc.base}/time`);
      assert.ok(Date.now() - t >= 1480, `held ${Date.now() - t} ms`);
      t = Date.now();
      await fetch(`${svc.base}/book?token_id=${cid}:0`);
      assert.ok(Date.now() - t < 1480, 'clob routes are not held');
      await admin(svc, 'DELETE', '/admin/faults');
    });

    it('the unmodified clob-client-v2 sees the venue\'s errors', async () => {
      const { ClobClient, OrderType, Side } = await import('@polymarket/clob-client-v2');
      const { newWallet } = await import('../bots/kit.js');
      const w = newWallet();
      await deposit(svc, w.address, '100');
      const creds = await new ClobClient({ host: svc.base, chain: 137, signer: w.signer }).createOrDeriveApiKey();
      const client = new ClobClient({ host: svc.base, chain: 137, signer: w.signer, creds });
      const token = svc.services.exchange.core.market(cid)!.tokenIds[0];
      await provoke(svc, { kind: 'engine_restart', scope: { wallet: w.address }, durationS: 30 });
      const r = await client.createAndPostOrder({ tokenID: token, price: 0.1, size: 10, side: Side.BUY }, { tickSize: '0.01' }, OrderType.GTC) as unknown as { error?: string; status?: number };
      assert.equal(r.error, 'service not ready');
      assert.equal(r.status, 425);
      await admin(svc, 'DELETE', '/admin/faults');
      await provoke(svc, { kind: 'post_only', scope: { wallet: w.address }, durationS: 30 });
      const p = await client.createAndPostOrder({ tokenID: token, price: 0.1, size: 10, side: Side.BUY }, { tickSize: '0.01' }, OrderType.GTC) as unknown as { error?: string; status?: number };
      assert.equal(p.status, 503);
      assert.match(String(p.error), /post-only mode/);
      await admin(svc, 'DELETE', '/admin/faults');
    });
  });
}
