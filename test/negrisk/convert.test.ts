/**
 * `POST /convert` through HTTP on both stores: the arithmetic for every (n, m) up to six
 * questions with and without a fee, every rejection with its code (and nothing changed), the
 * activity and positions it leaves, the ledger invariants, and that all of it survives a restart
 * (the conversion is a durable exchange command).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { findViolations } from '../../src/core/index.js';
import { NEG_RISK_VAULT } from '../../src/domain/neg-risk-ids.js';
import { COLLATERAL } from '../../src/ledger/types.js';
import { orderBody, post } from '../trading/kit.js';
import { balance, convert, negRiskEvent, negRiskMarketIdOf, restartable, split, trader, type Restartable } from './kit.js';

const SHARE = 1_000_000;

/** The index set of m questions out of n, varied with m (not always the lowest bits). */
function setOf(n: number, m: number): number[] {
  return [...Array(n).keys()].filter((i) => (i + m) % n < m);
}

for (const backend of backends()) {
  describe(`neg-risk conversion over HTTP (${backend.name})`, { skip: backend.skip }, () => {
    let r: Restartable;
    before(async () => { r = await restartable(backend); });
    after(async () => { await r?.dispose(); });

    for (const feeBips of [0, 150]) {
      it(`converts every (n, m) up to 6 questions, fee ${feeBips} bps`, async () => {
        for (let n = 2; n <= 6; n++) {
          const svc = r.svc;
          const ev = await negRiskEvent(svc, n, { negRiskFeeBips: feeBips });
          const mid = await negRiskMarketIdOf(svc, ev.markets[0]!.conditionId);
          const cids = ev.markets.map((m) => m.conditionId);
          const t = await trader(svc, '1000');
          for (const cid of cids) await split(svc, t, cid, 40 * SHARE);
          for (let m = 1; m <= n; m++) {
            const set = setOf(n, m);
            const bits = set.reduce((a, i) => a | (1n << BigInt(i)), 0n);
            const amount = 3 * SHARE + 170_000; // 3.17 shares
            const fee = Math.floor((amount * feeBips) / 10_000 / 10_000) * 10_000; // floor, whole lots
            const before = { cash: await balance(svc, t), yes: [] as number[], no: [] as number[], vault: svc.services.exchange.core.balance(NEG_RISK_VAULT, COLLATERAL).free };
            for (const cid of cids) { before.yes.push(await balance(svc, t, svc.services.exchange.core.tokenIds(cid)![0])); before.no.push(await balance(svc, t, svc.services.exchange.core.tokenIds(cid)![1])); }
            const res = await convert(svc, t, mid, bits, amount);
            assert.equal(res.statusCode, 200, res.body);
            assert.match(res.json().transactionHash, /^0x[0-9a-f]{64}$/);
            assert.equal(await balance(svc, t) - before.cash, (m - 1) * (amount - fee), `collateral n=${n} m=${m}`);
            for (const [i, cid] of cids.entries()) {
              const picked = set.includes(i);
              assert.equal(await balance(svc, t, svc.services.exchange.core.tokenIds(cid)![1]) - before.no[i]!, picked ? -amount : 0, `NO ${i} n=${n} m=${m}`);
              assert.equal(await balance(svc, t, svc.services.exchange.core.tokenIds(cid)![0]) - before.yes[i]!, picked ? 0 : amount - fee, `YES ${i} n=${n} m=${m}`);
            }
            assert.equal(svc.services.exchange.core.balance(NEG_RISK_VAULT, COLLATERAL).free - before.vault, (m - 1) * fee, 'vault collateral');
          }
          assert.deepEqual(findViolations(svc.services.exchange.core), []);
        }
      });
    }

    it('refuses each bad conversion with its code and changes nothing', async () => {
      const svc = r.svc;
      const ev = await negRiskEvent(svc, 3);
      const mid = await negRiskMarketIdOf(svc, ev.markets[0]!.conditionId);
      const [c0, c1, c2] = ev.markets.map((m) => m.conditionId) as [string, string, string];
      const single = await negRiskEvent(svc, 1);
      const singleMid = await negRiskMarketIdOf(svc, single.markets[0]!.conditionId);
      const t = await trader(svc, '100');
      await split(svc, t, c0, 5 * SHARE);
      await split(svc, t, c1, 8 * SHARE);
      // 6 of the 8 NO of c1 reserved by a resting SELL: only 2 are free.
      const sell = await post(svc, t, 'POST', '/order', orderBody(t, svc.services.exchange.core.tokenIds(c1)![1], 'SELL', '0.90', '6'));
      assert.equal(sell.statusCode, 200, sell.body);
      const snapshot = async () => JSON.stringify([await balance(svc, t), ...(await Promise.all([c0, c1, c2].flatMap((c) => [balance(svc, t, svc.services.exchange.core.tokenIds(c)![0]), balance(svc, t, svc.services.exchange.core.tokenIds(c)![1])])))]);
      const state = await snapshot();
      const cases: Array<[string, unknown, string]> = [
        ['unknown market', { market_id: `0x${'12'.repeat(31)}00`, index_set: '1', amount: '1000000' }, 'neg_risk_market_not_found'],
        ['one question', { market_id: singleMid, index_set: '1', amount: '1000000' }, 'no_convertible_positions'],
        ['empty index set', { market_id: mid, index_set: '0', amount: '1000000' }, 'invalid_index_set'],
        ['bit past n', { market_id: mid, index_set: '8', amount: '1000000' }, 'invalid_index_set'],
        ['bit past n, hex', { market_id: mid, index_set: '0x9', amount: '1000000' }, 'invalid_index_set'],
        ['index set not a number', { market_id: mid, index_set: 'all', amount: '1000000' }, 'invalid_index_set'],
        ['not enough NO', { market_id: mid, index_set: '3', amount: String(9 * SHARE) }, 'insufficient_balance'],
        ['NO reserved by an order', { market_id: mid, index_set: '3', amount: String(3 * SHARE) }, 'insufficient_balance'],
        ['no NO at all', { market_id: mid, index_set: '4', amount: String(SHARE) }, 'insufficient_balance'],
        ['not whole lots', { market_id: mid, index_set: '1', amount: '1000001' }, 'invalid_amount'],
        ['past the exact range', { market_id: mid, index_set: '1', amount: '9007199254740992' }, 'amount_too_large'],
        ['decimal amount', { market_id: mid, index_set: '1', amount: '1.5' }, 'invalid_convert_payload'],
        ['no market id', { index_set: '1', amount: '1000000' }, 'invalid_convert_payload'],
        ['market id not 32 bytes', { market_id: '0x12', index_set: '1', amount: '1000000' }, 'invalid_convert_payload'],
      ];
      for (const [what, body, code] of cases) {
        const res = await post(svc, t, 'POST', '/convert', body);
        assert.equal(res.statusCode, 400, `${what}: ${res.body}`);
        assert.equal(res.json().code, code, what);
        assert.equal(typeof res.json().error, 'string', what);
        assert.ok(res.json().error.length > 10, what);
      }
      assert.equal(await snapshot(), state, 'a refused conversion changes nothing');
      const zero = await convert(svc, t, mid, 3n, 0);
      assert.equal(zero.statusCode, 200, zero.body);
      assert.equal(await snapshot(), state, 'amount 0 does nothing');
      const ok = await convert(svc, t, mid, 3n, 2 * SHARE); // the free NO of c1 is enough
      assert.equal(ok.statusCode, 200, ok.body);
      // After the winner, conversions are closed.
      const win = await svc.app.inject({ method: 'POST', url: `/admin/markets/${c2}/resolve`, headers: { authorization: 'Bearer trading-admin-token-0123456789' }, payload: { winner: 0 } });
      assert.equal(win.statusCode, 200, win.body);
      const late = await convert(svc, t, mid, 1n, SHARE);
      assert.equal(late.statusCode, 400);
      assert.equal(late.json().code, 'neg_risk_determined');
      assert.deepEqual(findViolations(svc.services.exchange.core), []);
    });

    it('is an exchange command: applied and committed in the event sequence, refused by the mode gate', async () => {
      const svc = r.svc;
      const ev = await negRiskEvent(svc, 2);
      const mid = await negRiskMarketIdOf(svc, ev.markets[0]!.conditionId);
      const t = await trader(svc, '20');
      await split(svc, t, ev.markets[0]!.conditionId, 2 * SHARE);
      const seen: Array<{ kind: string; seq?: number; types?: string[] }> = [];
      const off = svc.services.exchange.subscribe({
        applied: (e) => seen.push({ kind: 'applied', types: e.activity.map((a) => a.type) }),
        committed: (b) => seen.push({ kind: 'committed', seq: b.seq }),
      });
      try {
        assert.equal((await convert(svc, t, mid, 1n, SHARE)).statusCode, 200);
      } finally { off(); }
      assert.deepEqual(seen.map((s) => s.kind), ['applied', 'committed']);
      assert.deepEqual(seen[0]!.types, ['CONVERSION']);
      const mode = (m: string) => svc.app.inject({ method: 'PUT', url: '/admin/exchange/mode', headers: { authorization: 'Bearer trading-admin-token-0123456789' }, payload: { mode: m } });
      await mode('cancel-only');
      try {
        const refused = await convert(svc, t, mid, 1n, SHARE);
        assert.equal(refused.statusCode, 503);
      } finally { await mode('normal'); }
      assert.equal((await convert(svc, t, mid, 1n, SHARE)).statusCode, 200);
    });

    it('records CONVERSION activity, moves positions, and survives a restart', async () => {
      let svc = r.svc;
      const ev = await negRiskEvent(svc, 4, { negRiskFeeBips: 100 });
      const mid = await negRiskMarketIdOf(svc, ev.markets[0]!.conditionId);
      const cids = ev.markets.map((m) => m.conditionId);
      const t = await trader(svc, '100');
      await split(svc, t, cids[0]!, 10 * SHARE);
      await split(svc, t, cids[1]!, 10 * SHARE);
      const res = await convert(svc, t, mid, 3n, 10 * SHARE);
      assert.equal(res.statusCode, 200, res.body);
      const tx = res.json().transactionHash;
      const activity = (await svc.app.inject({ method: 'GET', url: `/activity?user=${t.address}&type=CONVERSION` })).json();
      assert.equal(activity.length, 1);
      assert.equal(activity[0].type, 'CONVERSION');
      assert.equal(activity[0].transactionHash, tx);
      assert.equal(activity[0].conditionId, cids[0]);
      assert.equal(activity[0].size, 10);
      assert.equal(activity[0].usdcSize, 9.9); // (2 − 1) × (10 − 0.1)
      const positions = (await svc.app.inject({ method: 'GET', url: `/positions?user=${t.address}&sizeThreshold=0` })).json() as Array<Record<string, unknown>>;
      const yes2 = positions.find((p) => p.conditionId === cids[2] && p.outcomeIndex === 0);
      assert.ok(yes2, JSON.stringify(positions));
      assert.equal(yes2.size, 9.9);
      assert.equal(yes2.avgPrice, 0); // YES received enter at cost 0 (docs/neg-risk.md)
      const no0 = positions.find((p) => p.conditionId === cids[0] && p.outcomeIndex === 1);
      // NO given up: closed at (m − 1)(amount − fee)/(m·amount) = 9.9/20 = 0.495, bought (split) at 0.5: −0.005 × 10.
      assert.deepEqual([no0?.size, no0?.realizedPnl], [0, -0.05], 'NO given up');
      const vault = (await svc.app.inject({ method: 'GET', url: `/positions?user=${NEG_RISK_VAULT}&sizeThreshold=0` })).json() as Array<Record<string, unknown>>;
      assert.deepEqual(vault.filter((p) => cids.includes(p.conditionId as string)).map((p) => [p.conditionId, p.size]).sort(), [[cids[2], 0.1], [cids[3], 0.1]].sort());
      const before = JSON.stringify(svc.services.exchange.core.snapshot().balances);
      await r.restart();
      svc = r.svc;
      assert.equal(JSON.stringify(svc.services.exchange.core.snapshot().balances), before, 'balances after a restart');
      assert.deepEqual(findViolations(svc.services.exchange.core), []);
      assert.equal(await balance(svc, t, svc.services.exchange.core.tokenIds(cids[3])![0]), 9_900_000);
    });
  });
}
