/**
 * The SDK's last two CLOB methods of issue #38, through `@polymarket/client` unmodified:
 * - `listBuilderTrades({builderCode})` (public `GET /builder/trades?builder_code=`): orders placed
 *   with `builderCode` carry it in their V2 `builder` field; the code's page lists each fill of
 *   those orders — TAKER for a taker order, MAKER for a maker order — newest first, parsed by the
 *   SDK's `PaginatedBuilderTradesSchema`;
 * - `fetchNotifications` / `dropNotifications`: the account's fills (type 2), its orders cancelled
 *   without its asking (type 1: here by the market's resolution) and the resolved market it held
 *   (type 4); a user's own cancel gives none; a dropped notification never comes back.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import type { TestService } from '../support/service.js';
import { deposit, tradingService } from '../trading/kit.js';
import { market } from '../bots/kit.js';
import { positionId } from '../../src/domain/ctf-ids.js';
import { byLabel, runSdk, SDK_SERVER_ENV, sdkSkip, type SdkAnswer, type SdkCall, sdkValue, newEoa } from './kit.js';

const USDC_E = '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174';
const CODE_A = `0x${'ab'.repeat(32)}`;
const CODE_B = `0x${'cd'.repeat(32)}`;

interface BuilderTrade { id: string; tradeType: string; builder: string; conditionId: string; tokenId: string; side: string; size: string; sizeUsdc: string; price: string; maker: string; takerOrderHash: string; outcome: string; outcomeIndex: number; matchedAt: string }
interface Page<T> { items: T[]; hasMore: boolean }
interface Note { id: number; owner: string; type: number; timestamp: number; payload: Record<string, unknown> }



for (const backend of backends()) {
  describe(`@polymarket/client listBuilderTrades and notifications on Sibyl's /clob (${backend.name})`, { skip: backend.skip || sdkSkip() }, () => {
    let svc: TestService;
    let host: string;
    let cid: string;
    let yes: string;
    const alice = newEoa();
    const bob = newEoa();
    let a: Record<string, SdkAnswer>;
    let b: Record<string, SdkAnswer>;

    before(async () => {
      svc = await tradingService(backend, SDK_SERVER_ENV);
      host = await svc.app.listen({ port: 0, host: '127.0.0.1' });
      cid = await market(svc);
      yes = positionId(USDC_E, cid as `0x${string}`, 0);
      for (const w of [alice, bob]) await deposit(svc, w.address, '1000');
      await svc.services.ledger.split(bob.address, cid, '50000000'); // bob holds 50 of each outcome
      const limit = (price: number, size: number, side: string, builderCode?: string) => ({ tokenId: yes, price, size, side, ...(builderCode ? { builderCode } : {}) });
      const first: SdkCall[] = [
        // alice rests a BUY with builder A; bob sells into it twice, once with builder B.
        { client: 'alice', method: 'placeLimitOrder', args: limit(0.4, 12, 'BUY', CODE_A), as: 'resting' },
        { client: 'bob', method: 'placeLimitOrder', args: limit(0.4, 5, 'SELL', CODE_B), as: 'sell1' },
        { client: 'bob', method: 'placeLimitOrder', args: limit(0.4, 5, 'SELL'), as: 'sell2' },
        // alice's own cancel of another order: no notification.
        { client: 'alice', method: 'placeLimitOrder', args: limit(0.1, 5, 'BUY'), as: 'mine' },
        { client: 'alice', method: 'cancelOrder', args: { orderId: '$mine.orderId' }, as: 'cancelMine' },
        { client: 'public', method: 'listBuilderTrades', args: { builderCode: CODE_A }, as: 'tradesA' },
        { client: 'public', method: 'listBuilderTrades', args: { builderCode: CODE_B }, as: 'tradesB' },
        { client: 'public', method: 'listBuilderTrades', args: { builderCode: CODE_A, market: cid, tokenId: yes }, as: 'tradesAFiltered' },
        { client: 'public', method: 'listBuilderTrades', args: { builderCode: `0x${'ef'.repeat(32)}` }, as: 'tradesNone' },
        { client: 'alice', method: 'fetchNotifications', as: 'notes' },
      ];
      a = byLabel(await runSdk(host, first, { eoa: { alice: alice.key, bob: bob.key } }));
      const resolved = await svc.services.operator.resolve(cid, { winner: 0 }); // cancels alice's rest (2 left) and resolves what both hold
      assert.ok(resolved);
      const notes = sdkValue<Note[]>(a.notes);
      const second: SdkCall[] = [
        { client: 'alice', method: 'fetchNotifications', as: 'notesAfter' },
        { client: 'alice', method: 'dropNotifications', args: { ids: [String(notes[0]!.id)] }, as: 'dropped' },
        { client: 'alice', method: 'fetchNotifications', as: 'notesDropped' },
        { client: 'bob', method: 'fetchNotifications', as: 'bobNotes' },
      ];
      b = byLabel(await runSdk(host, second, { eoa: { alice: alice.key, bob: bob.key } }));
    });
    after(async () => { await svc?.dispose(); });

    it('listBuilderTrades: a code\'s fills, MAKER for its maker order and TAKER for its taker order, newest first', () => {
      const pageA = sdkValue<Page<BuilderTrade>>(a.tradesA);
      assert.equal(pageA.hasMore, false, 'the last page ends with LTE=');
      assert.deepEqual(pageA.items.map((t) => [t.tradeType, t.side, t.size, t.price, t.sizeUsdc, t.maker, t.builder]), [
        ['MAKER', 'BUY', '5', '0.4', '2', alice.address, CODE_A],
        ['MAKER', 'BUY', '5', '0.4', '2', alice.address, CODE_A],
      ]);
      for (const t of pageA.items) assert.deepEqual([t.conditionId, t.tokenId, t.outcomeIndex, t.outcome], [cid, yes, 0, 'Yes']);
      const sell1 = sdkValue<{ orderId: string; tradeIds: string[] }>(a.sell1);
      const sell2 = sdkValue<{ orderId: string; tradeIds: string[] }>(a.sell2);
      assert.equal(pageA.items[0]!.id, sell2.tradeIds[0], 'the newest first');
      const pageB = sdkValue<Page<BuilderTrade>>(a.tradesB);
      assert.deepEqual(pageB.items.map((t) => [t.tradeType, t.side, t.size, t.maker, t.builder, t.takerOrderHash, t.id]), [
        ['TAKER', 'SELL', '5', bob.address, CODE_B, sell1.orderId, sell1.tradeIds[0]],
      ]);
      assert.equal(pageA.items[1]!.id, sell1.tradeIds[0], 'one trade: B\'s taker fill and A\'s maker fill');
      assert.ok(!Number.isNaN(Date.parse(pageB.items[0]!.matchedAt)));
      assert.deepEqual(sdkValue<Page<BuilderTrade>>(a.tradesAFiltered).items.length, 2);
      assert.deepEqual(sdkValue<Page<BuilderTrade>>(a.tradesNone).items, []);
    });

    it('fetchNotifications before the resolution: alice\'s two fills (type 2), not her own cancel', () => {
      const notes = sdkValue<Note[]>(a.notes);
      const resting = sdkValue<{ orderId: string }>(a.resting).orderId;
      assert.deepEqual(notes.map((n) => [n.type, n.payload.order_id, n.payload.matched_size, n.payload.remaining_size, n.payload.side, n.payload.price]), [
        [2, resting, '5', '2', 'BUY', '0.4'],
        [2, resting, '5', '7', 'BUY', '0.4'],
      ]);
      for (const n of notes) {
        assert.ok(Number.isInteger(n.id) && n.owner.length > 0 && n.timestamp > 0);
        assert.deepEqual([n.payload.market, n.payload.asset_id, n.payload.original_size, n.payload.outcome, n.payload.question], [cid, yes, '12', 'Yes', 'Will it?']);
      }
    });

    it('after the resolution: the cancel of her rest (type 1) and the resolved market (type 4); a dropped one never comes back', async () => {
      const after = sdkValue<Note[]>(b.notesAfter);
      const resting = sdkValue<{ orderId: string }>(a.resting).orderId;
      assert.deepEqual(after.map((n) => n.type).sort(), [1, 2, 2, 4]);
      const cancel = after.find((n) => n.type === 1)!;
      assert.deepEqual([cancel.payload.order_id, cancel.payload.matched_size, cancel.payload.remaining_size], [resting, '10', '2']);
      const resolved = after.find((n) => n.type === 4)!;
      const tokens = resolved.payload.tokens as Array<{ token_id: string; winner: boolean }>;
      assert.deepEqual([resolved.payload.condition_id, tokens.map((t) => [t.token_id, t.winner])[0]], [cid, [yes, true]]);
      assert.equal(sdkValue(b.dropped), null);
      const dropped = sdkValue<Note[]>(a.notes)[0]!.id;
      const left = sdkValue<Note[]>(b.notesDropped);
      assert.deepEqual(left.map((n) => n.id), after.map((n) => n.id).filter((id) => id !== dropped));
      const again = await svc.services.notifications.list(alice.address, 'k');
      assert.ok(!again.some((n) => n.id === dropped), 'still gone');
    });

    it('bob: his two taker fills and the resolved market he holds NO of', () => {
      const notes = sdkValue<Note[]>(b.bobNotes);
      assert.deepEqual(notes.map((n) => n.type).sort(), [2, 2, 4]);
      const fills = notes.filter((n) => n.type === 2).map((n) => [n.payload.side, n.payload.matched_size, n.payload.remaining_size]);
      assert.deepEqual(fills, [['SELL', '5', '0'], ['SELL', '5', '0']]);
    });
  });
}
