/**
 * The venue's failures (docs/venue.md §12, §13), provoked on a live Sibyl, as the venue's current
 * SDK (`@polymarket/client` 0.2, unmodified, under Node 24) sees them through /clob: its own error
 * types and fields. The SDK maps a 429 to `RateLimitError`, any other refusal to
 * `RequestRejectedError` (`status`, the body's `error` in the message), and a closed socket to
 * `TransportError` (ServiceClient.ts in its sources). Each secure client trades as its own EOA, and
 * each fault is scoped to one wallet, so one run of the SDK meets them all side by side.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { backends } from '../support/backends.js';
import { deposit } from '../trading/kit.js';
import { market } from '../bots/kit.js';
import { positionId } from '../../src/domain/ctf-ids.js';
import { admin, liveService, provoke, type LiveService } from '../faults/kit.js';
import { runSdk, SDK_SERVER_ENV, sdkSkip, type SdkAnswer, type SdkCall } from './kit.js';

const USDC_E = '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174';
const NAMES = ['restart', 'postOnly', 'cancelOnly', 'disabled', 'execution', 'lost', 'limited', 'calm'] as const;
type Name = typeof NAMES[number];

for (const backend of backends()) {
  describe(`@polymarket/client meets the venue's failures (${backend.name})`, { skip: backend.skip || sdkSkip() }, () => {
    let svc: LiveService;
    let yes: string;
    const keys = Object.fromEntries(NAMES.map((n) => [n, generatePrivateKey()])) as Record<Name, `0x${string}`>;
    const address = (n: Name) => privateKeyToAccount(keys[n]).address;
    const openOrders = (n: Name) => svc.services.exchange.core.openOrders(address(n));

    before(async () => {
      svc = await liveService(backend, { ...SDK_SERVER_ENV, SIBYL_SIGNER_LIMITS: 'enforce' });
      const cid = await market(svc);
      yes = positionId(USDC_E, cid as `0x${string}`, 0);
      for (const n of NAMES) await deposit(svc, address(n), '1000');
    });
    after(async () => { await svc?.dispose(); });

    const bid = (n: Name, extra: Record<string, unknown> = {}): SdkCall =>
      ({ client: n, method: 'placeLimitOrder', args: { tokenId: yes, price: 0.1, size: 10, side: 'BUY', ...extra } });

    it('placeLimitOrder, cancelOrder and cancelOrders get the venue\'s refusals as RequestRejectedError, RateLimitError, TransportError', async () => {
      const scope = (n: Name) => ({ wallet: address(n) });
      await provoke(svc, { kind: 'engine_restart', scope: scope('restart'), durationS: 60 });
      await provoke(svc, { kind: 'post_only', scope: scope('postOnly'), durationS: 60 });
      await provoke(svc, { kind: 'cancel_only', scope: scope('cancelOnly') });
      await provoke(svc, { kind: 'trading_disabled', scope: scope('disabled') });
      await provoke(svc, { kind: 'execution_error', scope: scope('execution') });
      await provoke(svc, { kind: 'lost_answer', scope: scope('lost') });
      const calls: SdkCall[] = [];
      for (const n of NAMES) calls.push(bid(n), { client: n, method: 'cancelOrder', args: { orderId: '0xabc' } });
      // 121 ids cost more than the Standard cancel burst (120): never admitted, 429 in enforce mode.
      const ids = Array.from({ length: 121 }, (_, i) => `0x${i.toString(16).padStart(64, '0')}`);
      calls.push({ client: 'limited', method: 'cancelOrders', args: { orderIds: ids } });
      calls.push(bid('postOnly', { postOnly: true }));
      const answers = await runSdk(svc.base, calls, { eoa: keys });
      await admin(svc, 'DELETE', '/admin/faults');
      const got = (n: Name, method: 'placeLimitOrder' | 'cancelOrder'): SdkAnswer => answers[NAMES.indexOf(n) * 2 + (method === 'cancelOrder' ? 1 : 0)]!;
      const refused = (a: SdkAnswer, type: string, status: number | undefined, text: string) => {
        assert.equal(a.ok, false, `${a.method}: ${JSON.stringify(a.value)}`);
        assert.equal(a.error?.split(':')[0], type, a.error);
        assert.equal(a.status, status, a.error);
        assert.ok(a.error?.includes(text), a.error);
      };
      const placed = (a: SdkAnswer) => {
        assert.equal(a.ok, true, `${a.method}: ${a.error}`);
        assert.match((a.value as { orderId: string }).orderId, /^0x[0-9a-f]{64}$/);
      };
      const cancelled = (a: SdkAnswer) => assert.deepEqual(a.value, { canceled: [], notCanceled: { '0xabc': 'order not found or already closed' } }, a.error);

      // engine_restart: 425 `service not ready`, orders and cancels alike.
      refused(got('restart', 'placeLimitOrder'), 'RequestRejectedError', 425, 'service not ready (');
      refused(got('restart', 'cancelOrder'), 'RequestRejectedError', 425, 'service not ready (');
      // post_only: 503 for an order that is not post-only; a post-only order and cancels work.
      refused(got('postOnly', 'placeLimitOrder'), 'RequestRejectedError', 503, 'post-only mode: only post-only orders and cancels are allowed (');
      cancelled(got('postOnly', 'cancelOrder'));
      placed(answers[answers.length - 1]!);
      // cancel_only: 503 with the venue's text; cancels work. trading_disabled: neither.
      refused(got('cancelOnly', 'placeLimitOrder'), 'RequestRejectedError', 503, 'Trading is currently cancel-only. New orders are not accepted, but cancels are allowed. (');
      cancelled(got('cancelOnly', 'cancelOrder'));
      refused(got('disabled', 'placeLimitOrder'), 'RequestRejectedError', 503, 'Trading is currently disabled. Check polymarket.com for updates (');
      refused(got('disabled', 'cancelOrder'), 'RequestRejectedError', 503, 'Trading is currently disabled. Check polymarket.com for updates (');
      // execution_error: 500 and nothing placed.
      refused(got('execution', 'placeLimitOrder'), 'RequestRejectedError', 500, 'could not run the execution (');
      assert.equal(openOrders('execution').length, 0);
      // lost_answer: the SDK sees a transport failure, yet the order is on the book.
      refused(got('lost', 'placeLimitOrder'), 'TransportError', undefined, 'fetch failed');
      assert.equal(openOrders('lost').length, 1, 'the lost answer\'s order was placed');
      cancelled(got('lost', 'cancelOrder'));
      // per-signer limits (enforce): 429 → RateLimitError; the order bucket is another bucket.
      refused(answers[NAMES.length * 2]!, 'RateLimitError', undefined, 'was rate limited');
      placed(got('limited', 'placeLimitOrder'));
      // No fault: the venue as usual.
      placed(got('calm', 'placeLimitOrder'));
      cancelled(got('calm', 'cancelOrder'));
    });
  });
}
