/**
 * Neg-risk conversion as a property (fast-check, through the core's ExchangeCore facade): wallets
 * split and convert at random in events of 2–6 questions, with and without a fee; then exactly
 * one question wins. For every conversion the value of the NO given up equals the value of what
 * the wallet and the vault received, both valued at the resolution; after everyone redeems,
 * every market's lock and the event's pool are empty (the venue paid exactly what it held), and
 * the ledger invariants hold after every step.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ExchangeCore, checkInvariants, counterIds, manualClock } from '../../src/core/index.js';
import { negRiskAccount } from '../../src/core/neg-risk.js';
import { NEG_RISK_VAULT } from '../../src/domain/neg-risk-ids.js';
import { COLLATERAL, marketAccount } from '../../src/ledger/types.js';
import { tokensOf } from '../../src/core/test-kit.js';

const MID = `0x${'ab'.repeat(31)}00`;
const cidOf = (i: number) => `0x${i.toString(16).padStart(64, '0')}`;
const tok = (i: number, o: number) => tokensOf(cidOf(i))[o]!;
const WALLETS = ['0x00000000000000000000000000000000000000a1', '0x00000000000000000000000000000000000000b2'];
const LOT = 10_000;

function event(n: number, feeBips: number): ExchangeCore {
  const ex = new ExchangeCore(manualClock(1_700_000_000_000), counterIds());
  for (let i = 0; i < n; i++) {
    const r = ex.createMarket({ conditionId: cidOf(i), tokenIds: tokensOf(cidOf(i)), tickSize: 10_000, negRisk: { marketId: MID, index: i, feeBips } });
    assert.equal(r.ok, true);
  }
  for (const w of WALLETS) assert.equal(ex.deposit(w, 1_000_000_000).ok, true);
  return ex;
}

const free = (ex: ExchangeCore, w: string, a: string) => ex.balance(w, a).free;

describe('neg-risk conversion (property)', () => {
  it('with exactly one winner, the value given equals the value received, and the venue pays out exactly what it holds', () => {
    const step = fc.record({ wallet: fc.integer({ min: 0, max: 1 }), split: fc.integer({ min: 0, max: 500 }), q: fc.nat(), set: fc.nat(), amount: fc.integer({ min: 0, max: 400 }) });
    fc.assert(fc.property(
      fc.integer({ min: 2, max: 6 }), fc.constantFrom(0, 25, 100, 3333), fc.array(step, { minLength: 1, maxLength: 12 }), fc.nat(), fc.boolean(),
      (n, feeBips, steps, winSeed, winnerLast) => {
        const ex = event(n, feeBips);
        const conversions: Array<{ set: number[]; amount: number; cash: number; yes: number[]; vaultCash: number; vaultYes: number[] }> = [];
        for (const s of steps) {
          const w = WALLETS[s.wallet]!;
          if (s.split > 0) assert.equal(ex.split(w, cidOf(s.q % n), s.split * LOT).ok, true);
          const bits = (s.set % ((1 << n) - 1)) + 1;
          const set = [...Array(n).keys()].filter((i) => (bits >> i) & 1);
          const most = Math.min(...set.map((i) => free(ex, w, tok(i, 1))));
          const amount = Math.min(most, s.amount * LOT);
          const before = { cash: free(ex, w, COLLATERAL), yes: [...Array(n).keys()].map((i) => free(ex, w, tok(i, 0))),
            vaultCash: free(ex, NEG_RISK_VAULT, COLLATERAL), vaultYes: [...Array(n).keys()].map((i) => free(ex, NEG_RISK_VAULT, tok(i, 0))) };
          const r = ex.convert(w, MID, BigInt(bits), amount);
          assert.equal(r.ok, true, JSON.stringify(!r.ok && r.reject));
          checkInvariants(ex);
          if (amount === 0) { assert.equal(r.effects.ledger.length, 0); continue; }
          conversions.push({
            set, amount, cash: free(ex, w, COLLATERAL) - before.cash,
            yes: [...Array(n).keys()].map((i) => free(ex, w, tok(i, 0)) - before.yes[i]!),
            vaultCash: free(ex, NEG_RISK_VAULT, COLLATERAL) - before.vaultCash,
            vaultYes: [...Array(n).keys()].map((i) => free(ex, NEG_RISK_VAULT, tok(i, 0)) - before.vaultYes[i]!),
          });
        }
        const winner = winSeed % n;
        for (const c of conversions) {
          const given = c.set.filter((i) => i !== winner).length * c.amount;
          const received = c.cash + c.yes[winner]! + c.vaultCash + c.vaultYes[winner]!;
          assert.equal(received, given, `conversion ${JSON.stringify(c)} with winner ${winner}`);
        }
        const order = [...Array(n).keys()].filter((i) => i !== winner);
        if (winnerLast) order.push(winner);
        else order.unshift(winner);
        for (const i of order) {
          const r = ex.resolve(cidOf(i), i === winner ? [1_000_000, 0] : [0, 1_000_000]);
          assert.equal(r.ok, true, JSON.stringify(!r.ok && r.reject));
          checkInvariants(ex);
        }
        for (const w of [...WALLETS, NEG_RISK_VAULT]) for (let i = 0; i < n; i++) ex.redeem(w, cidOf(i));
        checkInvariants(ex);
        for (let i = 0; i < n; i++) assert.equal(ex.balance(marketAccount(cidOf(i)), COLLATERAL).free, 0, `market ${i} lock after redemptions`);
        assert.equal(ex.balance(negRiskAccount(MID), COLLATERAL).free, 0, 'pool after redemptions');
      },
    ), { numRuns: 150, seed: 32 });
  });

  it('keeps every invariant with orders (mints, merges, reservations) and conversions interleaved, and pays out exactly', () => {
    const cmd = fc.oneof(
      { weight: 3, arbitrary: fc.record({ k: fc.constant('order' as const), w: fc.integer({ min: 0, max: 1 }), q: fc.integer({ min: 0, max: 1 }), o: fc.integer({ min: 0, max: 1 }), buy: fc.boolean(), p: fc.integer({ min: 44, max: 56 }), s: fc.integer({ min: 5, max: 60 }) }) },
      { weight: 1, arbitrary: fc.record({ k: fc.constant('split' as const), w: fc.integer({ min: 0, max: 1 }), q: fc.nat(), s: fc.integer({ min: 1, max: 200 }) }) },
      { weight: 1, arbitrary: fc.record({ k: fc.constant('convert' as const), w: fc.integer({ min: 0, max: 1 }), set: fc.nat(), s: fc.integer({ min: 0, max: 100 }) }) },
    );
    let trades = 0;
    let conversions = 0;
    fc.assert(fc.property(fc.integer({ min: 2, max: 6 }), fc.constantFrom(0, 200), fc.array(cmd, { minLength: 5, maxLength: 40 }), fc.nat(), (n, feeBips, cmds, winSeed) => {
      const ex = event(n, feeBips);
      for (const c of cmds) {
        const w = WALLETS[c.w]!;
        if (c.k === 'order') {
          const r = ex.placeOrder({ wallet: w, tokenId: tok(c.q % n, c.o), side: c.buy ? 'BUY' : 'SELL', price: c.p * 10_000, size: c.s * 1_000_000, type: 'GTC' });
          trades += r.effects.trades.length;
        } else if (c.k === 'split') {
          ex.split(w, cidOf(c.q % n), c.s * LOT * 10);
        } else {
          const bits = (c.set % ((1 << n) - 1)) + 1;
          const r = ex.convert(w, MID, BigInt(bits), c.s * LOT * 10);
          if (!r.ok) assert.equal(r.reject.code, 'insufficient_balance'); // the only refusal possible here
          else if (r.effects.ledger.length > 0) conversions++;
        }
        checkInvariants(ex);
      }
      const winner = winSeed % n;
      for (const i of [winner, ...[...Array(n).keys()].filter((i) => i !== winner)]) {
        assert.equal(ex.resolve(cidOf(i), i === winner ? [1_000_000, 0] : [0, 1_000_000]).ok, true);
      }
      for (const w of [...WALLETS, NEG_RISK_VAULT]) for (let i = 0; i < n; i++) ex.redeem(w, cidOf(i));
      checkInvariants(ex);
      for (let i = 0; i < n; i++) assert.equal(ex.balance(marketAccount(cidOf(i)), COLLATERAL).free, 0);
      assert.equal(ex.balance(negRiskAccount(MID), COLLATERAL).free, 0);
    }), { numRuns: 300, seed: 3232 });
    assert.ok(trades > 40 && conversions > 40, `trades ${trades}, conversions ${conversions}`);
  });
});
