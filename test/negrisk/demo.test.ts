/**
 * The demo data set's neg-risk events (SQLite, the demo's store): formula ids on every question,
 * conversions in the trading history (CONVERSION activity, served by the data API), exactly one
 * winner in every fully closed event, and the restored exchange satisfies every invariant.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';
import { checkInvariants } from '../../src/core/index.js';
import { DEFAULT_NEG_RISK_ADAPTER, negRiskMarketId, negRiskQuestionIds } from '../../src/domain/neg-risk-ids.js';

describe('demo neg-risk events (sqlite)', () => {
  let svc: TestService;
  before(async () => { svc = await startTestService(backends()[0]!, { SIBYL_DEMO: '1' }); });
  after(async () => { await svc?.dispose(); });

  it('have formula ids, conversions in their history and one winner when closed', async () => {
    const db = svc.store.db;
    const events = await db.selectFrom('events').select(['id', 'slug', 'neg_risk_market_id', 'neg_risk_fee_bips']).where('neg_risk', '=', 1).execute();
    assert.ok(events.length >= 2, `neg-risk events: ${events.length}`);
    for (const e of events) {
      assert.equal(e.neg_risk_market_id, negRiskMarketId(DEFAULT_NEG_RISK_ADAPTER, Number(e.neg_risk_fee_bips), e.slug));
      const markets = await db.selectFrom('markets').select(['condition_id', 'question_id', 'neg_risk_request_id', 'neg_risk_index', 'closed', 'payouts'])
        .where('event_id', '=', e.id).orderBy('id').execute();
      for (const [i, m] of markets.entries()) {
        const want = negRiskQuestionIds(DEFAULT_NEG_RISK_ADAPTER, e.neg_risk_market_id, i);
        assert.deepEqual([m.condition_id, m.question_id, m.neg_risk_request_id, Number(m.neg_risk_index)], [want.conditionId, want.questionId, want.requestId, i]);
      }
      if (markets.every((m) => m.closed === 1)) {
        assert.equal(markets.filter((m) => m.payouts === '[1000000,0]').length, 1, `one winner in ${e.slug}`);
        assert.ok(markets.every((m) => m.payouts === '[1000000,0]' || m.payouts === '[0,1000000]'));
      }
    }
    const conversions = await db.selectFrom('activity').select(['wallet', 'condition_id']).where('type', '=', 'CONVERSION').execute();
    assert.ok(conversions.length >= 3, `conversions: ${conversions.length}`);
    const res = await svc.app.inject({ method: 'GET', url: `/activity?user=${conversions[0]!.wallet}&type=CONVERSION` });
    assert.equal(res.statusCode, 200);
    assert.ok((res.json() as unknown[]).length >= 1);
    checkInvariants(svc.services.exchange.core);
  });
});
