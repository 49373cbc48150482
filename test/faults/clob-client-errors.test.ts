/**
 * The venue's failures (docs/venue.md §12, §13) as the unmodified `@polymarket/clob-client-v2`
 * sees them, at the root and under /clob: with `throwOnError` it throws its `ApiError` (`status`,
 * the body's `error` as the message, the whole body as `data` — so a post-only window's `code`
 * and `retry_after_seconds` reach the bot); without it the call answers `{error, status, …}`.
 * A lost answer is an axios error without a response while the order is on the book; the
 * client's `retryOnError` resends the same signed order, which is a duplicate (placed once).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError, ClobClient, OrderType, Side } from '@polymarket/clob-client-v2';
import { backends } from '../support/backends.js';
import { deposit } from '../trading/kit.js';
import { market, newWallet, type Wallet } from '../bots/kit.js';
import { admin, liveService, provoke, type LiveService } from './kit.js';

type Options = { throwOnError?: boolean; retryOnError?: boolean };

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof ApiError, `not an ApiError: ${String(err)}`);
    return err;
  }
  assert.fail('the call did not throw');
}

for (const backend of backends()) {
  describe(`clob-client-v2 meets the venue's failures (${backend.name})`, { skip: backend.skip }, () => {
    let svc: LiveService;
    let cid: string;
    let token: string;
    before(async () => {
      svc = await liveService(backend, { SIBYL_SIGNER_LIMITS: 'enforce' });
      cid = await market(svc);
      token = svc.services.exchange.core.market(cid)!.tokenIds[0]!;
    });
    after(async () => { await svc?.dispose(); });

    for (const mount of ['', '/clob']) {
      const at = mount || 'the root';
      const client = async (w: Wallet, opts: Options = {}) => {
        const host = svc.base + mount;
        const creds = await new ClobClient({ host, chain: 137, signer: w.signer }).createOrDeriveApiKey();
        return new ClobClient({ host, chain: 137, signer: w.signer, creds, ...opts });
      };
      const wallet = async () => { const w = newWallet(); await deposit(svc, w.address, '1000'); return w; };
      const bid = (c: ClobClient, postOnly = false) =>
        c.createAndPostOrder({ tokenID: token, price: 0.1, size: 10, side: Side.BUY }, { tickSize: '0.01' }, OrderType.GTC, postOnly);
      const open = (w: Wallet) => svc.services.exchange.core.openOrders(w.address);

      it(`engine_restart → post_only: ApiError 425, then 503 with the venue's code and retry_after_seconds (${at})`, async () => {
        const w = await wallet();
        const c = await client(w, { throwOnError: true });
        await provoke(svc, { kind: 'engine_restart', scope: { wallet: w.address }, durationS: 0.5, postOnlyS: 60 });
        const restart = await rejection(bid(c));
        assert.equal(restart.status, 425);
        assert.equal(restart.message, 'service not ready');
        assert.equal((await rejection(c.cancelAll())).status, 425, 'cancels too');
        await new Promise((r) => setTimeout(r, 700));
        const window = await rejection(bid(c));
        assert.equal(window.status, 503);
        assert.equal(window.message, 'post-only mode: only post-only orders and cancels are allowed');
        const data = window.data as { code: string; retry_after_seconds: number };
        assert.equal(data.code, 'post_only_mode');
        assert.ok(data.retry_after_seconds > 50 && data.retry_after_seconds <= 60, String(data.retry_after_seconds));
        // post-only orders are placed, cancels work; a batch of takers answers success with no order id.
        const placed = await bid(c, true) as { orderID: string; success: boolean };
        assert.equal(placed.success, true);
        assert.match(placed.orderID, /^0x[0-9a-f]{64}$/);
        const one = await c.createOrder({ tokenID: token, price: 0.2, size: 10, side: Side.BUY }, { tickSize: '0.01' });
        const batch = await c.postOrders([{ order: one, orderType: OrderType.GTC }]) as unknown as Array<Record<string, unknown>>;
        assert.deepEqual(batch, [{ errorMsg: 'post-only mode: only post-only orders and cancels are allowed', orderID: '', takingAmount: '', makingAmount: '', status: '', success: true }]);
        assert.deepEqual((await c.cancelAll() as { canceled: string[] }).canceled, [placed.orderID]);
        await admin(svc, 'DELETE', '/admin/faults');
      });

      it(`cancel_only and trading_disabled: 503 with the venue's texts; cancels only in cancel-only (${at})`, async () => {
        const w = await wallet();
        const c = await client(w);
        await provoke(svc, { kind: 'cancel_only', scope: { wallet: w.address } });
        assert.deepEqual(await bid(c), { error: 'Trading is currently cancel-only. New orders are not accepted, but cancels are allowed.', status: 503 });
        assert.deepEqual(await c.cancelAll(), { canceled: [], not_canceled: {} });
        await admin(svc, 'DELETE', '/admin/faults');
        await provoke(svc, { kind: 'trading_disabled', scope: { wallet: w.address } });
        const disabled = { error: 'Trading is currently disabled. Check polymarket.com for updates', status: 503 };
        assert.deepEqual(await bid(c), disabled);
        assert.deepEqual(await c.cancelAll(), disabled);
        await admin(svc, 'DELETE', '/admin/faults');
      });

      it(`execution_error: ApiError 500 even after the client's retry, nothing placed (${at})`, async () => {
        const w = await wallet();
        const c = await client(w, { throwOnError: true, retryOnError: true });
        await provoke(svc, { kind: 'execution_error', scope: { wallet: w.address } });
        const e = await rejection(bid(c));
        assert.equal(e.status, 500);
        assert.equal(e.message, 'could not run the execution');
        assert.equal(open(w).length, 0);
        await admin(svc, 'DELETE', '/admin/faults');
      });

      it(`lost_answer: no answer reaches the client, yet the order is placed; the client's retry of the same signed order places nothing more (${at})`, async () => {
        const w = await wallet();
        await provoke(svc, { kind: 'lost_answer', scope: { wallet: w.address } });
        const plain = await bid(await client(w)) as { error?: unknown; status?: unknown };
        assert.equal(plain.status, undefined, 'no HTTP answer');
        assert.match(String(plain.error), /socket hang up|ECONNRESET|aborted/i);
        assert.equal(open(w).length, 1, 'placed although the client saw an error');
        const e = await rejection(bid(await client(w, { throwOnError: true, retryOnError: true })));
        assert.equal(e.status, undefined);
        // retryOnError sent the same signed order again (same salt, same hash): a duplicate, not a second order.
        assert.equal(open(w).length, 2, 'one more order for the second call, none for its retry');
        await admin(svc, 'DELETE', '/admin/faults');
        await (await client(w)).cancelAll();
      });

      it(`per-signer limits (enforce): ApiError 429 "Too Many Requests" (${at})`, async () => {
        const w = await wallet();
        const c = await client(w, { throwOnError: true });
        const ids = Array.from({ length: 121 }, (_, i) => `0x${i.toString(16).padStart(64, '0')}`);
        const e = await rejection(c.cancelOrders(ids)); // 121 > the Standard cancel burst (120)
        assert.equal(e.status, 429);
        assert.equal(e.message, 'Too Many Requests');
        assert.deepEqual(e.data, { error: 'Too Many Requests', status: 429 });
      });
    }
  });
}
