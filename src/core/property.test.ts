/**
 * Property tests: long seeded random command streams over several wallets and markets, with every
 * invariant checked after every command; snapshot → restore → snapshot is the identity, and a
 * restored exchange behaves identically to the original on the rest of the stream.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ExchangeCore } from './exchange.js';
import { counterIds, manualClock } from './ids.js';
import { checkInvariants } from './invariants.js';
import { MARKETS, WALLETS, applyCommand, nextCommand, prng } from './random-stream.js';
import { checkEffects } from './test-kit.js';
import type { Effects } from './types.js';

function fresh() {
  const clock = manualClock(1_700_000_000_000);
  const ids = counterIds();
  const ex = new ExchangeCore(clock, ids);
  for (const m of MARKETS) ex.createMarket(m);
  for (const w of WALLETS) ex.deposit(w, 2_000_000_000);
  return { ex, clock, ids };
}

function effectsOf(res: unknown): Effects | undefined {
  return res !== null && typeof res === 'object' && 'effects' in res ? (res as { effects: Effects }).effects : undefined;
}

test('invariants hold after every command of long random streams', () => {
  let trades = 0;
  for (const seed of [1, 2, 3, 4, 5]) {
    const { ex, clock } = fresh();
    const r = prng(seed);
    for (let i = 0; i < 4000; i++) {
      const c = nextCommand(r, ex, clock.now());
      const e = effectsOf(applyCommand(ex, c, clock));
      if (e !== undefined) {
        checkEffects(e);
        trades += e.trades.length;
      }
      try {
        checkInvariants(ex);
      } catch (err) {
        assert.fail(`seed ${seed} step ${i} ${JSON.stringify(c)}: ${(err as Error).message}`);
      }
    }
  }
  assert.ok(trades > 500, `streams should trade a lot (${trades})`);
});

test('snapshot → restore is exact, and the restored exchange behaves identically', () => {
  const { ex, clock, ids } = fresh();
  const r = prng(42);
  for (let i = 0; i < 1500; i++) applyCommand(ex, nextCommand(r, ex, clock.now()), clock);
  const snap = ex.snapshot();
  assert.ok(snap.orders.length > 10, 'the snapshot has resting orders');
  const clock2 = manualClock(clock.now());
  const copy = ExchangeCore.restore(structuredClone(snap), clock2, counterIds(ids.count));
  assert.deepEqual(copy.snapshot(), snap);
  checkInvariants(copy);
  for (const m of MARKETS) {
    for (const o of [0, 1]) assert.deepEqual(copy.book(m.tokenIds![o]!), ex.book(m.tokenIds![o]!));
  }
  for (let i = 0; i < 1500; i++) {
    const c = nextCommand(r, ex, clock.now());
    assert.deepEqual(applyCommand(copy, c, clock2), applyCommand(ex, c, clock), `step ${i} ${JSON.stringify(c)}`);
  }
  assert.deepEqual(copy.snapshot(), ex.snapshot());
});
