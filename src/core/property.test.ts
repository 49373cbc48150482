/**
 * Property tests: long seeded random command streams over several wallets and markets, with every
 * invariant checked after every command; snapshot → restore → snapshot is the identity; and the
 * core is deterministic — the same commands (with their times and seeds) applied to a second
 * core, or to a core restored from a snapshot mid-stream, give the same results and snapshots.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ExchangeCore } from './exchange.js';
import { commandIds, counterIds, manualClock } from './ids.js';
import { checkInvariants } from './invariants.js';
import { MARKETS, WALLETS, nextCommand, prng } from './random-stream.js';
import { checkEffects } from './test-kit.js';
import type { IdSource } from './types.js';

const T0 = 1_700_000_000_000;

function fresh(ids: IdSource = counterIds()) {
  const clock = manualClock(T0);
  const ex = new ExchangeCore(clock, ids);
  let n = 0;
  const seed = () => (n++).toString(16).padStart(52, '0');
  for (const m of MARKETS) ex.apply({ type: 'settings', market: m, at: T0, seed: seed() });
  for (const w of WALLETS) ex.apply({ type: 'deposit', wallet: w, amount: 2_000_000_000, at: T0, seed: seed() });
  return { ex, clock };
}

test('invariants hold after every command of long random streams', () => {
  let trades = 0;
  for (const seed of [1, 2, 3, 4, 5]) {
    const { ex, clock } = fresh();
    const r = prng(seed);
    for (let i = 0; i < 4000; i++) {
      const c = nextCommand(r, ex, clock);
      const e = ex.apply(c).effects;
      checkEffects(e);
      trades += e.trades.length;
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
  const { ex, clock } = fresh(commandIds());
  const r = prng(42);
  for (let i = 0; i < 1500; i++) ex.apply(nextCommand(r, ex, clock));
  const snap = ex.snapshot();
  assert.ok(snap.orders.length > 10, 'the snapshot has resting orders');
  const copy = ExchangeCore.restore(structuredClone(snap), manualClock(0), commandIds());
  assert.deepEqual(copy.snapshot(), snap);
  checkInvariants(copy);
  for (const m of MARKETS) {
    for (const o of [0, 1]) assert.deepEqual(copy.book(m.tokenIds![o]!), ex.book(m.tokenIds![o]!));
  }
  for (let i = 0; i < 1500; i++) {
    const c = nextCommand(r, ex, clock);
    assert.deepEqual(copy.apply(c), ex.apply(c), `step ${i} ${JSON.stringify(c)}`);
  }
  assert.deepEqual(copy.snapshot(), ex.snapshot());
});

test('determinism: a second core applying the same commands (as journaled, through JSON) has an equal snapshot after every batch, across a restart of either side', () => {
  for (const seed of [7, 8, 9]) {
    const writer = fresh(commandIds());
    let follower = fresh(commandIds()).ex;
    let primary = writer.ex;
    const r = prng(seed);
    for (let batch = 0; batch < 150; batch++) {
      const size = 1 + Math.floor(r() * 20);
      const commands = Array.from({ length: size }, () => {
        const c = nextCommand(r, primary, writer.clock);
        primary.apply(c);
        return c;
      });
      for (const c of JSON.parse(JSON.stringify(commands))) follower.apply(c); // the journal stores JSON
      assert.deepEqual(follower.snapshot(), primary.snapshot(), `seed ${seed} batch ${batch}`);
      // A restart of one side: the core rebuilt from its snapshot (as from the database) goes on alike.
      if (batch % 50 === 25) follower = ExchangeCore.restore(structuredClone(follower.snapshot()), manualClock(0), commandIds());
      if (batch % 50 === 40) primary = ExchangeCore.restore(structuredClone(primary.snapshot()), manualClock(0), commandIds());
    }
    assert.ok(primary.snapshot().orders.length > 0, 'the stream left resting orders');
  }
});

test('determinism: a command reads no clock but its own time, and makes its ids from its seed', () => {
  const a = fresh(commandIds());
  const b = fresh(commandIds());
  b.clock.set(T0 + 123_456); // the cores' own clocks disagree; the commands carry the time
  const r = prng(3);
  for (let i = 0; i < 300; i++) {
    const c = nextCommand(r, a.ex, a.clock);
    assert.deepEqual(b.ex.apply(c), a.ex.apply(c), `step ${i}`);
  }
});
