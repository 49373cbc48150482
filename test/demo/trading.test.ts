/**
 * The demo's trading history comes from the real exchange: trades and resting books on open
 * markets, positions with gains and losses, splits and merges, resolved markets with redeemed
 * and still-redeemable positions — and the rebuilt exchange satisfies every invariant.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';
import { checkInvariants } from '../../src/core/index.js';

describe('demo trading history (sqlite)', () => {
  let svc: TestService;
  before(async () => { svc = await startTestService(backends()[0]!, { SIBYL_DEMO: '1' }); });
  after(async () => { await svc?.dispose(); });

  it('is made by the engine and restored intact', async () => {
    const db = svc.store.db;
    const count = async (q: { executeTakeFirstOrThrow(): Promise<{ n: number | string }> }) => Number((await q.executeTakeFirstOrThrow()).n);
    const trades = await count(db.selectFrom('trades').select((eb) => eb.fn.countAll<number>().as('n')));
    assert.ok(trades > 500, `trades: ${trades}`);
    const minted = await count(db.selectFrom('trades').select((eb) => eb.fn.countAll<number>().as('n')).where('minted', '>', 0));
    assert.ok(minted > 0, 'some trades minted pairs');
    const live = await count(db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'LIVE'));
    assert.ok(live > 100, 'open markets have resting books');
    const kinds = new Set((await db.selectFrom('activity').select('type').distinct().execute()).map((r) => r.type));
    for (const k of ['TRADE', 'SPLIT', 'MERGE', 'REDEEM', 'DEPOSIT']) assert.ok(kinds.has(k), `activity ${k}`);
    const gains = await count(db.selectFrom('positions').select((eb) => eb.fn.countAll<number>().as('n')).where('realized_pnl', '>', 0));
    const losses = await count(db.selectFrom('positions').select((eb) => eb.fn.countAll<number>().as('n')).where('realized_pnl', '<', 0));
    assert.ok(gains > 0 && losses > 0, `realized gains ${gains}, losses ${losses}`);
    const resolved = await db.selectFrom('markets').select('condition_id').where('payouts', 'is not', null).execute();
    assert.ok(resolved.length > 0, 'some markets are resolved');
    const redeemable = await count(db.selectFrom('positions').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('condition_id', 'in', resolved.map((r) => r.condition_id)).where('size', '>', 0));
    assert.ok(redeemable > 0, 'some resolved positions are still redeemable');
    checkInvariants(svc.services.exchange.core);
    const span = await db.selectFrom('trades').select((eb) => [eb.fn.min('match_time').as('first'), eb.fn.max('match_time').as('last')]).executeTakeFirstOrThrow();
    assert.ok(Number(span.last) - Number(span.first) > 14 * 86_400_000, 'history spans weeks');
  });
});
