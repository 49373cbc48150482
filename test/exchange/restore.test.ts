/**
 * Restart rebuilds every property of the live orders the restore encodes compactly (outcome,
 * side, GTC/GTD, post-only, api key, builder, builder code, partial fills) and what depends on them: the books
 * in price-time priority, reservations, balances, positions, each wallet's open orders in order
 * and the GTD expiry queue — on SQLite and on PostgreSQL, with the live orders in one page or in
 * many (SQLite: then read by the worker thread). A row outside that encoding is read whole
 * (SQLite's fallback).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends, type Backend } from '../support/backends.js';
import { ExchangeService } from '../../src/exchange/service.js';
import { restoreTuning } from '../../src/exchange/order-rows.js';
import { checkInvariants, counterIds, manualClock, type Clock, type ExchangeCore, type ExchangeSnapshot, type OrderCommand } from '../../src/core/index.js';
import type { Store } from '../../src/store/db.js';
import { addMarkets, freshStore, prng, WALLETS } from './support.js';

const T0 = Date.UTC(2026, 0, 2);

/** A random order; its token id is the market's (read from the core it is submitted to). */
function command(rand: () => number, markets: string[], i: number, core: ExchangeCore): OrderCommand {
  const wallet = WALLETS[i % WALLETS.length]!;
  const market = markets[i % markets.length]!;
  const outcome = rand() < 0.5 ? 0 : 1;
  const gtd = rand() < 0.4;
  const cmd: OrderCommand = {
    wallet, tokenId: core.tokenIds(market)![outcome], side: rand() < 0.5 ? 'BUY' : 'SELL',
    price: (30 + Math.floor(rand() * 40)) * 10_000, size: (5 + Math.floor(rand() * 20)) * 1_000_000,
    type: gtd ? 'GTD' : 'GTC',
  };
  if (gtd) cmd.expiration = T0 / 1000 + 60 + Math.floor(rand() * 3600);
  if (rand() < 0.3) cmd.postOnly = true;
  if (rand() < 0.5) cmd.apiKey = `key-${i % 3}`;
  if (rand() < 0.3) cmd.builder = `0xb${i % 2}`;
  if (rand() < 0.2) cmd.builderCode = `0x${String((i % 3) + 1).repeat(64)}`; // SQLite reads these rows whole
  return cmd;
}

/**
 * Stops `svc` and its store, opens the service again on a new handle of the same database,
 * checks the invariants and that the snapshot is `before`, then runs `more` on the new service.
 */
async function afterRestart(svc: ExchangeService, store: Store, reopen: () => Store, clock: Clock, before: ExchangeSnapshot,
  more: (again: ExchangeService) => Promise<void> = async () => {}): Promise<void> {
  await svc.close();
  await store.close();
  const store2 = reopen();
  try {
    const again = await ExchangeService.open(store2, { clock, ids: counterIds(10_000) });
    checkInvariants(again.core);
    assert.deepEqual(again.core.snapshot(), before);
    await more(again);
    await again.close();
  } finally {
    await store2.close();
  }
}

/** Places ~3,000 orders of every kind, restarts, and checks the restored exchange is the same. */
async function rebuildsExactly(backend: Backend): Promise<void> {
  const { store, reopen, dispose } = await freshStore(backend);
  try {
    const markets = await addMarkets(store, 3);
    const clock = manualClock(T0);
    const svc = await ExchangeService.open(store, { clock, ids: counterIds() });
    for (const w of WALLETS) {
      await svc.submit({ type: 'deposit', wallet: w, amount: 10_000_000_000 });
      for (const m of markets) await svc.submit({ type: 'split', wallet: w, conditionId: m, amount: 1_000_000_000 });
    }
    const rand = prng(11);
    let placed = 0;
    // Waves of 50 orders per tick (one commit each); more resting orders than one page of the SQLite read.
    for (let i = 0; i < 3000; i += 50) {
      const acks = Array.from({ length: 50 }, (_, k) => svc.submit({ type: 'place', order: command(rand, markets, i + k, svc.core) }));
      for (const r of await Promise.all(acks)) if (r.ok) placed++;
      clock.advance(7);
    }
    const before = svc.core.snapshot();
    assert.ok(placed > 2000 && before.orders.length > 512, `orders rest (${before.orders.length})`);
    for (const f of ['apiKey', 'builder'] as const) assert.ok(before.orders.some((o) => o[f] !== null), `some resting orders have a ${f}`);
    assert.ok(before.orders.some((o) => o.type === 'GTD') && before.orders.some((o) => o.postOnly), 'GTD and post-only orders rest');
    assert.ok(before.orders.some((o) => o.sizeMatched > 0), 'some resting orders are partly filled');
    const open = WALLETS.map((w) => svc.core.openOrders(w).map((o) => o.id));
    await afterRestart(svc, store, reopen, clock, before, async (again) => {
      // The queue only drops closed orders lazily: the restored one starts with the live ones.
      assert.equal(again.core.nextExpiry(), Math.min(...before.orders.filter((o) => o.type === 'GTD').map((o) => o.expiration * 1000)));
      assert.deepEqual(WALLETS.map((w) => again.core.openOrders(w).map((o) => o.id)), open);
      // The expiry queue holds the same orders in the same order.
      const due = before.orders.filter((o) => o.type === 'GTD').sort((a, b) => a.expiration - b.expiration || a.seq - b.seq);
      const cut = due[due.length >> 1]!.expiration * 1000;
      clock.set(cut); // 'expire' expires what is due at the service's clock
      const r = await again.submit({ type: 'expire' });
      assert.deepEqual(r.expired, due.filter((o) => o.expiration * 1000 <= cut).map((o) => o.id));
      checkInvariants(again.core);
    });
  } finally {
    await dispose();
  }
}

for (const backend of backends()) {
  describe(`restore (${backend.name})`, { skip: backend.skip }, () => {
    it('rebuilds books, reservations, open orders and GTD expiries exactly', () => rebuildsExactly(backend));

    it('restores every market of a catalog larger than one page of the market read, with its book', async () => {
      const { store, reopen, dispose } = await freshStore(backend);
      try {
        const markets = await addMarkets(store, 1_005);
        const clock = manualClock(T0);
        const svc = await ExchangeService.open(store, { clock, ids: counterIds() });
        const [first, last] = [markets[0]!, markets[markets.length - 1]!];
        await svc.submit({ type: 'deposit', wallet: WALLETS[0]!, amount: 1_000_000_000 });
        await svc.submit({ type: 'deposit', wallet: WALLETS[1]!, amount: 1_000_000_000 });
        for (const m of [first, last]) {
          await svc.submit({ type: 'split', wallet: WALLETS[1]!, conditionId: m, amount: 100_000_000 });
          await svc.submit({ type: 'place', order: { wallet: WALLETS[1]!, tokenId: svc.core.tokenIds(m)![0], side: 'SELL', price: 600_000, size: 20_000_000, type: 'GTC' } });
          clock.advance(5);
          await svc.submit({ type: 'place', order: { wallet: WALLETS[0]!, tokenId: svc.core.tokenIds(m)![0], side: 'BUY', price: 600_000, size: 10_000_000, type: 'GTC' } });
          clock.advance(5);
        }
        const before = svc.core.snapshot();
        assert.equal(before.markets.length, 1_005);
        assert.ok(before.markets.every((m) => markets.includes(m.conditionId)));
        assert.deepEqual([first, last].map((m) => before.markets.find((x) => x.conditionId === m)!.lastTradePrice), [600_000, 600_000]);
        await afterRestart(svc, store, reopen, clock, before);
      } finally {
        await dispose();
      }
    });

    it('rebuilds the same reading the live orders in many small pages (SQLite: on a worker thread, few in flight)', async () => {
      await smallPages(() => rebuildsExactly(backend));
    });

    if (backend.name === 'sqlite') {
      it('reads a live row outside the compact encoding whole, on this thread and on the worker', async () => {
        await readsOddRowWhole(backend);
        await smallPages(() => readsOddRowWhole(backend));
      });
    }
  });
}

/**
 * Runs `f` with live orders restored in pages of 97: on SQLite read by the worker thread from the
 * first order with two pages in flight, on PostgreSQL in keyset pages.
 */
async function smallPages(f: () => Promise<void>): Promise<void> {
  const saved = { ...restoreTuning };
  Object.assign(restoreTuning, { pgPage: 97, threadFrom: 0, threadPage: 97, ahead: 2 });
  try {
    await f();
  } finally {
    Object.assign(restoreTuning, saved);
  }
}

/** A live row with a cancel reason (outside the compact encoding) between two ordinary ones. */
async function readsOddRowWhole(backend: Backend): Promise<void> {
  const { store, reopen, dispose } = await freshStore(backend);
  try {
    const [m] = await addMarkets(store, 1);
    let svc = await ExchangeService.open(store);
    await svc.submit({ type: 'deposit', wallet: WALLETS[0]!, amount: 1_000_000_000 });
    const ids: string[] = [];
    for (const price of [400_000, 410_000, 420_000]) {
      const r = await svc.submit({ type: 'place', order: { wallet: WALLETS[0]!, tokenId: svc.core.tokenIds(m!)![0], side: 'BUY', price, size: 10_000_000, type: 'GTC' } });
      assert.ok(r.ok);
      ids.push(r.order.id);
    }
    const odd = svc.core.order(ids[1]!)!;
    await svc.close();
    await store.db.updateTable('orders').set({ cancel_reason: 'odd' }).where('id', '=', odd.id).execute();
    await store.close();
    const store2 = reopen();
    try {
      svc = await ExchangeService.open(store2);
      assert.deepEqual(svc.core.order(odd.id), { ...odd, cancelReason: 'odd' });
      assert.deepEqual(svc.core.openOrders(WALLETS[0]!).map((o) => o.id), ids);
      checkInvariants(svc.core);
      await svc.close();
    } finally {
      await store2.close();
    }
  } finally {
    await dispose();
  }
}
