/**
 * The exchange's event sequence (src/exchange/events.ts): committed batches numbered without a
 * gap, in commit order, on and across restarts; a book rebuilt from the level changes alone equals
 * the exchange's book; every committed order and trade is in the database; a rebuild is told.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { ExchangeService } from '../../src/exchange/service.js';
import type { CommittedBatch } from '../../src/exchange/events.js';
import { hasEffects } from '../../src/exchange/batch.js';
import { addMarkets, freshStore, prng, randomCommand, WALLETS } from './support.js';
import { faultyIds } from '../support/faulty-ids.js';
import { EXPIRED_REASON, manualClock } from '../../src/core/index.js';

/** Applies level changes to books kept per token: price → size. */
function follow(books: Map<string, { bids: Map<number, number>; asks: Map<number, number> }>, b: CommittedBatch): void {
  for (const c of b.books) {
    let book = books.get(c.assetId);
    if (book === undefined || c.reset) books.set(c.assetId, (book = { bids: new Map(), asks: new Map() }));
    for (const [side, levels] of [[book.bids, c.bids], [book.asks, c.asks]] as const) {
      for (const l of levels) {
        if (l.size === 0) side.delete(l.price);
        else side.set(l.price, l.size);
      }
    }
  }
}

for (const backend of backends()) {
  describe(`event sequence (${backend.name})`, { skip: backend.skip }, () => {
    it('numbers committed batches without a gap, and their level changes rebuild every book', async () => {
      const { store, reopen, dispose } = await freshStore(backend);
      try {
        const markets = await addMarkets(store, 3);
        let svc = await ExchangeService.open(store);
        const batches: CommittedBatch[] = [];
        let applied = 0;
        svc.subscribe({ applied: () => { applied++; }, committed: (b) => { batches.push(b); } });
        for (const w of WALLETS) await svc.submit({ type: 'deposit', wallet: w, amount: 1_000_000_000 });
        const rand = prng(7);
        let commands = WALLETS.length;
        for (let round = 0; round < 20; round++) {
          // Many commands in one tick share a batch (group commit); some are rejections (no effects).
          const results = await Promise.all(Array.from({ length: 15 }, () => svc.submit(randomCommand(rand, markets, svc.core).command)));
          commands += results.filter((r) => hasEffects(r.effects)).length;
        }
        assert.equal(applied, commands, 'every command with effects was told once applied');
        assert.ok(batches.length < commands, 'commands were grouped into batches');
        batches.forEach((b, i) => assert.equal(b.seq, i + 1, 'seq grows by one per batch'));
        assert.ok(batches.every((b) => b.generation === batches[0]!.generation));

        const books = new Map<string, { bids: Map<number, number>; asks: Map<number, number> }>();
        for (const b of batches) follow(books, b);
        // Per token, seq grows by one for each batch that changed its book.
        const lastSeq = new Map<string, number>();
        for (const b of batches) {
          for (const c of b.books) {
            assert.equal(c.seq, (lastSeq.get(c.assetId) ?? 0) + 1, `${c.assetId} seq without a gap`);
            lastSeq.set(c.assetId, c.seq);
          }
        }
        for (const cid of markets) {
          for (const token of svc.core.tokenIds(cid)!) {
            const view = svc.core.book(token)!;
            const mine = books.get(token) ?? { bids: new Map(), asks: new Map() };
            assert.deepEqual([...mine.bids].sort((a, b) => a[0] - b[0]), view.bids.map((l) => [l.price, l.size]).sort((a, b) => a[0] - b[0]), `${token} bids`);
            assert.deepEqual([...mine.asks].sort((a, b) => a[0] - b[0]), view.asks.map((l) => [l.price, l.size]).sort((a, b) => a[0] - b[0]), `${token} asks`);
            const last = [...batches].reverse().find((b) => b.books.some((c) => c.assetId === token))?.books.find((c) => c.assetId === token);
            if (last) {
              assert.equal(last.bestBid, view.bids.length ? Math.max(...view.bids.map((l) => l.price)) : null, `${token} best bid`);
              assert.equal(last.bestAsk, view.asks.length ? Math.min(...view.asks.map((l) => l.price)) : null, `${token} best ask`);
            }
          }
        }

        const orderIds = new Set((await store.db.selectFrom('orders').select('id').execute()).map((r) => r.id));
        const tradeIds = new Set((await store.db.selectFrom('trades').select('id').execute()).map((r) => r.id));
        const toldOrders = batches.flatMap((b) => b.orders.map((o) => o.id));
        const toldTrades = batches.flatMap((b) => b.trades.map((t) => t.id));
        assert.ok(toldTrades.length > 0, 'the workload traded');
        assert.deepEqual(toldOrders.filter((id) => !orderIds.has(id)), [], 'every order told is stored');
        // Each order is told as placed in exactly one batch: the first that holds it.
        const placedIn = new Map<string, number>();
        for (const b of batches) for (const o of b.orders) if (o.seq >= b.firstOrderSeq) placedIn.set(o.id, (placedIn.get(o.id) ?? 0) + 1);
        const firstSeen = new Set<string>();
        for (const b of batches) for (const o of b.orders) firstSeen.add(o.id);
        assert.deepEqual([...firstSeen].filter((id) => placedIn.get(id) !== 1), [], 'placed once, in its first batch');
        assert.deepEqual([...tradeIds].filter((id) => !toldTrades.includes(id)).length, 0, 'every stored trade was told');

        // Across a restart the sequence goes on.
        await svc.close();
        await store.close();
        const again = reopen();
        svc = await ExchangeService.open(again);
        const after: CommittedBatch[] = [];
        svc.subscribe({ committed: (b) => { after.push(b); } });
        await svc.submit({ type: 'deposit', wallet: WALLETS[0]!, amount: 1_000_000 });
        assert.equal(after[0]?.seq, batches.length + 1, 'the sequence continues after a restart');
        const token = svc.core.tokenIds(markets[0]!)![0];
        await svc.submit({ type: 'place', order: { wallet: WALLETS[0]!, tokenId: token, side: 'BUY', price: 10_000, size: 5_000_000, type: 'GTC' } });
        const change = after.at(-1)!.books.find((c) => c.assetId === token);
        assert.equal(change?.seq, (lastSeq.get(token) ?? 0) + 1, 'a book\'s seq continues after a restart');
        assert.deepEqual(change?.bids, [{ price: 10_000, size: 5_000_000 + (books.get(token)?.bids.get(10_000) ?? 0) }]);
        await svc.close();
        await again.close();
      } finally {
        await dispose();
      }
    });

    it('tells a rebuild with a new generation, and nothing of the discarded commands', async () => {
      const { store, dispose } = await freshStore(backend);
      try {
        const [cid] = await addMarkets(store, 1);
        const ids = faultyIds();
        const svc = await ExchangeService.open(store, { ids });
        const told: string[] = [];
        svc.subscribe({ committed: (b) => told.push(`c${b.seq}/g${b.generation}`), rebuilt: (g) => told.push(`r/g${g}`) });
        const [seller, buyer] = [WALLETS[0]!, WALLETS[1]!];
        const token = svc.core.tokenIds(cid!)![0];
        // One tick, one batch: a resting ask to cross.
        const setup = await Promise.all([
          svc.submit({ type: 'deposit', wallet: seller, amount: 10_000_000 }),
          svc.submit({ type: 'deposit', wallet: buyer, amount: 100_000_000 }),
          svc.submit({ type: 'split', wallet: seller, conditionId: cid!, amount: 10_000_000 }),
          svc.submit({ type: 'place', order: { wallet: seller, tokenId: token, side: 'SELL', price: 500_000, size: 10_000_000, type: 'GTC' } }),
        ]);
        assert.deepEqual(setup.map((r) => r.ok), [true, true, true, true]);
        const before = svc.core.snapshot();
        // The buy crosses: its trade id throws after the order was created and its collateral reserved.
        ids.failOn('trade');
        const broken = svc.submit({ type: 'place', order: { wallet: buyer, tokenId: token, side: 'BUY', price: 500_000, size: 5_000_000, type: 'GTC' } });
        await assert.rejects(broken);
        assert.equal(ids.thrown, 1, 'the fault was met inside the command');
        for (let i = 0; i < 100 && told.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
        assert.deepEqual(svc.core.snapshot(), before, 'the rebuilt core holds nothing of the broken command');
        await svc.submit({ type: 'deposit', wallet: WALLETS[2]!, amount: 1_000_000 });
        const g = Number(told[1]?.split('/g')[1]); // a rebuild moves the generation when it starts and when it adopts the new core
        assert.ok(g > 0, told.join(' '));
        assert.deepEqual(told, ['c1/g0', `r/g${g}`, `c2/g${g}`]);
        await svc.close();
      } finally {
        await store.close();
        await dispose();
      }
    });
    it('expires a GTD order on time and tells the cancellation', async () => {
      const { store, dispose } = await freshStore(backend);
      try {
        const [cid] = await addMarkets(store, 1);
        const clock = manualClock(Date.UTC(2026, 0, 1));
        const svc = await ExchangeService.open(store, { clock });
        const told: CommittedBatch[] = [];
        svc.subscribe({ committed: (b) => { told.push(b); } });
        await svc.submit({ type: 'deposit', wallet: WALLETS[0]!, amount: 100_000_000 });
        const expiration = clock.now() / 1000 + 1;
        const placed = await svc.submit({ type: 'place', order: { wallet: WALLETS[0]!, tokenId: svc.core.tokenIds(cid!)![0], side: 'BUY', price: 100_000, size: 5_000_000, type: 'GTD', expiration } });
        assert.equal(placed.ok, true);
        clock.advance(1000);
        for (let i = 0; i < 40 && svc.core.openOrderCount() > 0; i++) await new Promise((r) => setTimeout(r, 50));
        assert.equal(svc.core.openOrderCount(), 0, 'the timer expired the order');
        for (let i = 0; i < 40 && !told.some((b) => b.orders.some((o) => o.status === 'CANCELED')); i++) await new Promise((r) => setTimeout(r, 25));
        const cancelled = told.flatMap((b) => b.orders).find((o) => o.status === 'CANCELED');
        assert.equal(cancelled?.cancelReason, EXPIRED_REASON);
        await svc.close();
      } finally {
        await store.close();
        await dispose();
      }
    });
  });
}
