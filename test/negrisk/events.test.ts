/**
 * Neg-risk events through HTTP on both stores: ids of an event made through the operator API,
 * recomputed here from the adapter's formula with viem (Gamma, CLOB and the data API agree);
 * the resolution rules; augmented events (orders refused on a placeholder and on Other,
 * accepted once the placeholder is named — announced as a `new_market` — and an appended
 * question gets the next index's ids).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { encodeAbiParameters, encodePacked, keccak256, toHex, type Hex } from 'viem';
import { backends } from '../support/backends.js';
import { findViolations } from '../../src/core/index.js';
import { orderBody, post } from '../trading/kit.js';
import { Client, liveService, type LiveService } from '../streams/kit.js';
import { admin, convert, negRiskEvent, negRiskMarketIdOf, split, trader } from './kit.js';

const ADAPTER = '0xd91E80cF2E7be2e162c6513ceD06f1dD0dA35296';
const SHARE = 1_000_000;

/** The adapter's formulas, written out here independently of src/domain/neg-risk-ids.ts. */
function expectedIds(slug: string, feeBips: number, n: number) {
  const h = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }, { type: 'bytes' }], [ADAPTER, BigInt(feeBips), toHex(slug)]));
  const marketId = (BigInt(h) & ~0xffn).toString(16).padStart(64, '0');
  return {
    marketId: `0x${marketId}`,
    questions: Array.from({ length: n }, (_, i) => {
      const q = `0x${(BigInt(`0x${marketId}`) + BigInt(i)).toString(16).padStart(64, '0')}` as Hex;
      return {
        questionId: q,
        conditionId: keccak256(encodePacked(['address', 'bytes32', 'uint256'], [ADAPTER, q, 2n])),
        requestId: keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'address' }], [q, ADAPTER])),
      };
    }),
  };
}

const resolve = (svc: LiveService, cid: string, payload: Record<string, unknown>) => svc.app.inject({ method: 'POST', url: `/admin/markets/${cid}/resolve`, headers: admin, payload });

for (const backend of backends()) {
  describe(`neg-risk events (${backend.name})`, { skip: backend.skip }, () => {
    let svc: LiveService;
    before(async () => { svc = await liveService(backend, { SIBYL_ADMIN_TOKEN: 'trading-admin-token-0123456789' }); });
    after(async () => { await svc?.dispose(); });

    it('gives an event made through the operator API the formula ids, the same in Gamma, CLOB and the data API', async () => {
      for (const fee of [0, 250]) {
        const ev = await negRiskEvent(svc, 3, { negRiskFeeBips: fee });
        const want = expectedIds(ev.slug, fee, 3);
        const gamma = (await svc.app.inject({ method: 'GET', url: `/events/slug/${ev.slug}` })).json();
        assert.deepEqual(gamma.markets.map((m: { conditionId: string; questionID: string }) => [m.conditionId, m.questionID]),
          want.questions.map((q) => [q.conditionId, q.questionId]));
        for (const [i, q] of want.questions.entries()) {
          const clob = (await svc.app.inject({ method: 'GET', url: `/markets/${q.conditionId}` })).json();
          assert.deepEqual([clob.condition_id, clob.question_id, clob.neg_risk, clob.neg_risk_market_id, clob.neg_risk_request_id],
            [q.conditionId, q.questionId, true, want.marketId, q.requestId], `question ${i}`);
        }
        const t = await trader(svc, '10');
        await split(svc, t, want.questions[1]!.conditionId, SHARE);
        const positions = (await svc.app.inject({ method: 'GET', url: `/positions?user=${t.address}` })).json() as Array<Record<string, unknown>>;
        assert.deepEqual([...new Set(positions.map((p) => p.conditionId))], [want.questions[1]!.conditionId]);
        assert.ok(positions.every((p) => p.negativeRisk === true));
      }
    });

    it('resolves a neg-risk question [1,0] or [0,1] only, with at most one YES, and the last open one YES once converted', async () => {
      const ev = await negRiskEvent(svc, 3);
      const [c0, c1, c2] = ev.markets.map((m) => m.conditionId) as [string, string, string];
      const mid = await negRiskMarketIdOf(svc, c0);
      const t = await trader(svc, '100');
      await split(svc, t, c0, 10 * SHARE);
      await split(svc, t, c1, 10 * SHARE);
      assert.equal((await convert(svc, t, mid, 3n, 6 * SHARE)).statusCode, 200);
      const half = await resolve(svc, c0, { payouts: ['0.5', '0.5'] });
      assert.equal(half.statusCode, 400);
      assert.equal(half.json().code, 'invalid_payouts');
      assert.equal((await resolve(svc, c0, { winner: 1 })).statusCode, 200);
      assert.equal((await resolve(svc, c1, { winner: 1 })).statusCode, 200);
      const noWinner = await resolve(svc, c2, { winner: 1 });
      assert.equal(noWinner.statusCode, 400);
      assert.equal(noWinner.json().code, 'neg_risk_no_winner');
      assert.match(noWinner.json().error, /must resolve YES/);
      assert.equal((await resolve(svc, c2, { winner: 0 })).statusCode, 200);
      assert.deepEqual(findViolations(svc.services.exchange.core), []);
      // Redemptions pay exactly: 4 NO of c0 and c1 each (1 each), 10 YES of c0, c1 worthless, 6 YES of c2 (1 each).
      const cash0 = Number((await post(svc, t, 'GET', '/balance-allowance?asset_type=COLLATERAL')).json().balance);
      for (const c of [c0, c1, c2]) assert.equal((await post(svc, t, 'POST', '/redeem', { market: c })).statusCode, 200);
      const cash1 = Number((await post(svc, t, 'GET', '/balance-allowance?asset_type=COLLATERAL')).json().balance);
      assert.equal(cash1 - cash0, 14 * SHARE);
      assert.equal(cash1, 100 * SHARE, 'converting and redeeming gave back exactly what was split');

      const ev2 = await negRiskEvent(svc, 3);
      const [d0, d1] = ev2.markets.map((m) => m.conditionId) as [string, string];
      assert.equal((await resolve(svc, d0, { winner: 0 })).statusCode, 200);
      const second = await resolve(svc, d1, { winner: 0 });
      assert.equal(second.statusCode, 400);
      assert.equal(second.json().code, 'neg_risk_second_winner');
      assert.equal((await resolve(svc, d1, { winner: 1 })).statusCode, 200);
      assert.deepEqual(findViolations(svc.services.exchange.core), []);
    });

    it('refuses orders on placeholders and Other of an augmented event until named, and appends questions', async () => {
      const slug = `aug-${process.pid}-${Date.now()}`;
      const ev = await negRiskEvent(svc, 0, { negRiskAugmented: true }, [
        { question: 'Will Alice win?', slug: `${slug}-alice` },
        { question: 'Person A', slug: `${slug}-person-a`, negRiskPlaceholder: true },
        { question: 'Other', slug: `${slug}-other`, negRiskOther: true },
      ]);
      const [alice, placeholder, other] = ev.markets.map((m) => m.conditionId) as [string, string, string];
      const t = await trader(svc, '100');
      const buy = (cid: string) => post(svc, t, 'POST', '/order', orderBody(t, svc.services.exchange.core.tokenIds(cid)![0], 'BUY', '0.20', '5'));
      assert.equal((await buy(alice)).statusCode, 200);
      for (const cid of [placeholder, other]) {
        const refused = await buy(cid);
        assert.equal(refused.statusCode, 400, refused.body);
        assert.equal(refused.json().code, 'market_not_ready');
      }
      const ws = await Client.open(`${svc.url}/ws/market`);
      ws.send({ type: 'market', assets_ids: [svc.services.exchange.core.tokenIds(alice)![0]], custom_feature_enabled: true });
      await ws.frame(0);
      const named = await svc.app.inject({ method: 'PATCH', url: `/admin/markets/${placeholder}`, headers: admin, payload: { question: 'Will Bob win?', slug: `${slug}-bob` } });
      assert.equal(named.statusCode, 200, named.body);
      assert.equal(named.json().accepting_orders, true);
      const nm = await ws.until(() => ws.events().find((e) => e.event_type === 'new_market' && e.market === placeholder), 'new_market for the named placeholder');
      assert.equal(nm.question, 'Will Bob win?');
      ws.close();
      assert.equal((await buy(placeholder)).statusCode, 200);
      assert.equal((await buy(other)).statusCode, 400, 'Other still refuses orders');
      const gamma = (await svc.app.inject({ method: 'GET', url: `/events/slug/${ev.slug}` })).json();
      assert.equal(gamma.markets[1].question, 'Will Bob win?');
      const again = await svc.app.inject({ method: 'PATCH', url: `/admin/markets/${alice}`, headers: admin, payload: { question: 'Renamed?' } });
      assert.equal(again.statusCode, 400, 'only a placeholder can be named');
      // An appended question gets the ids of the next index.
      const added = await svc.app.inject({ method: 'POST', url: '/admin/markets', headers: admin, payload: { eventSlug: ev.slug, question: 'Will Carol win?', slug: `${slug}-carol` } });
      assert.equal(added.statusCode, 200, added.body);
      const want = expectedIds(ev.slug, 0, 4).questions[3]!;
      assert.deepEqual([added.json().conditionId, added.json().questionID], [want.conditionId, want.questionId]);
      assert.equal((await buy(want.conditionId)).statusCode, 200);
      const mid = await negRiskMarketIdOf(svc, alice);
      await split(svc, t, alice, 5 * SHARE);
      assert.equal((await convert(svc, t, mid, 1n, 5 * SHARE)).statusCode, 200, 'converts across the four questions');
      assert.equal(Number((await post(svc, t, 'GET', `/balance-allowance?asset_type=CONDITIONAL&token_id=${svc.services.exchange.core.tokenIds(want.conditionId)![0]}`)).json().balance), 5 * SHARE);
      assert.deepEqual(findViolations(svc.services.exchange.core), []);
    });
  });
}
