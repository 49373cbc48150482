/**
 * The durable exchange keeps what it acknowledged: a random workload through the group-commit
 * path, a clean close and a restart give back exactly the same exchange (snapshot equality)
 * with every invariant holding — on SQLite and on PostgreSQL.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { ExchangeService } from '../../src/exchange/service.js';
import { checkInvariants } from '../../src/core/index.js';
import { addMarkets, freshStore, prng, randomCommand, WALLETS } from './support.js';

for (const backend of backends()) {
  describe(`durable exchange (${backend.name})`, { skip: backend.skip }, () => {
    it('restores exactly what it acknowledged after a restart', async () => {
      const { store, reopen, dispose } = await freshStore(backend);
      try {
        const markets = await addMarkets(store, 3);
        let svc = await ExchangeService.open(store);
        for (const w of WALLETS) await svc.submit({ type: 'deposit', wallet: w, amount: 1_000_000_000 });
        const rand = prng(7);
        // Commands issued in the same tick share a transaction; await them in waves.
        for (let wave = 0; wave < 20; wave++) {
          const acks = Array.from({ length: 25 }, () => svc.submit(randomCommand(rand, markets, svc.core).command));
          await Promise.all(acks);
          checkInvariants(svc.core);
        }
        const before = svc.core.snapshot();
        assert.ok(before.orders.length > 0, 'the workload leaves resting orders');
        await svc.close();
        await store.close();

        const store2 = reopen();
        svc = await ExchangeService.open(store2);
        const after = svc.core.snapshot();
        checkInvariants(svc.core);
        assert.deepEqual(after, before);
        const trades = await store2.db.selectFrom('trades').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        assert.ok(Number(trades.n) > 0, 'trades were recorded');
        // The catalog's volume is the collateral traded, kept by the same transactions.
        const traded = await store2.db.selectFrom('trades').select(['market', (eb) => eb.fn.sum<number>('usdc_size').as('v')]).groupBy('market').execute();
        const volumes = new Map((await store2.db.selectFrom('markets').select(['condition_id', 'volume']).execute()).map((m) => [m.condition_id, m.volume]));
        for (const t of traded) assert.equal(volumes.get(t.market), Number(t.v), `volume of ${t.market}`);
        const event = await store2.db.selectFrom('events').select('volume').executeTakeFirstOrThrow();
        assert.equal(event.volume, traded.reduce((a, t) => a + Number(t.v), 0), 'the event adds up its markets');
        await svc.close();
        await store2.close();
      } finally {
        await dispose();
      }
    });

    it('refuses nothing silently: a rejected order changes nothing and resolves at once', async () => {
      const { store, dispose } = await freshStore(backend);
      try {
        const [m] = await addMarkets(store, 1);
        const svc = await ExchangeService.open(store);
        const r = await svc.submit({ type: 'place', order: { wallet: WALLETS[0]!, tokenId: svc.core.tokenIds(m!)![0], side: 'BUY', price: 500_000, size: 10_000_000, type: 'GTC' } });
        assert.equal(r.ok, false);
        const orders = await store.db.selectFrom('orders').selectAll().execute();
        assert.equal(orders.length, 0);
        await svc.close();
        await store.close();
      } finally {
        await dispose();
      }
    });

    it('records a resolution on the catalog market and its tokens', async () => {
      const { store, dispose } = await freshStore(backend);
      try {
        const [m] = await addMarkets(store, 1);
        const svc = await ExchangeService.open(store);
        await svc.submit({ type: 'deposit', wallet: WALLETS[0]!, amount: 100_000_000 });
        await svc.submit({ type: 'split', wallet: WALLETS[0]!, conditionId: m!, amount: 10_000_000 });
        const r = await svc.submit({ type: 'resolve', conditionId: m!, payouts: [1_000_000, 0] });
        assert.equal(r.ok, true);
        const row = await store.db.selectFrom('markets').select(['payouts', 'accepting_orders']).where('condition_id', '=', m!).executeTakeFirstOrThrow();
        assert.equal(row.payouts, '[1000000,0]');
        assert.equal(row.accepting_orders, 0);
        const winner = await store.db.selectFrom('tokens').select(['winner', 'payout']).where('token_id', '=', svc.core.tokenIds(m!)![0]).executeTakeFirstOrThrow();
        assert.deepEqual(winner, { winner: 1, payout: 1_000_000 });
        await svc.close();
        await store.close();
      } finally {
        await dispose();
      }
    });
  });
}
