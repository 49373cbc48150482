/**
 * Group commit: commands of one tick share a transaction, and while a write is in flight the
 * commands of later ticks gather into the next one (one commit for all of them), each still
 * acknowledged only once its transaction has committed. Checked on PostgreSQL, where every
 * row's `xmin` names the transaction that wrote it and a table lock can hold a write open.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as nextTick } from 'node:timers/promises';
import pg from 'pg';
import { backends } from '../support/backends.js';
import { ExchangeService } from '../../src/exchange/service.js';
import { addMarkets, freshStore, WALLETS } from './support.js';

const postgres = backends().find((b) => b.name === 'postgres')!;

describe('group commit (postgres)', { skip: postgres.skip }, () => {
  it('gathers the commands that arrive during a write into the next transaction', async () => {
    const fresh = await freshStore(postgres);
    const svc = await ExchangeService.open(fresh.store);
    const locker = new pg.Client({ connectionString: fresh.config.databaseUrl });
    try {
      const [cid] = await addMarkets(fresh.store, 1);
      await svc.syncMarket(cid!);
      const wallet = WALLETS[0]!;
      await svc.submit({ type: 'deposit', wallet, amount: 1_000_000_000 });
      const token = svc.core.tokenIds(cid!)![0];
      const place = (price: number) => svc.submit({ type: 'place', order: { wallet, tokenId: token, side: 'BUY', price, size: 10_000_000, type: 'GTC' } });

      await locker.connect();
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE orders IN EXCLUSIVE MODE'); // readers go on, the writer waits
      const acked: number[] = [];
      const first = place(100_000).then((r) => { acked.push(1); return r; });
      await nextTick();
      const second = place(200_000).then((r) => { acked.push(2); return r; });
      await nextTick();
      const third = place(300_000).then((r) => { acked.push(3); return r; });
      await new Promise((r) => setTimeout(r, 200));
      assert.deepEqual(acked, [], 'nothing is acknowledged before its commit');
      await locker.query('COMMIT');
      const [a, b, c] = await Promise.all([first, second, third]);
      assert.ok(a.ok && b.ok && c.ok, 'all three orders were accepted');

      const ids = [a.order.id, b.order.id, c.order.id];
      const { rows } = await locker.query<{ id: string; tx: string }>('SELECT id, xmin::text AS tx FROM orders WHERE id = ANY($1)', [ids]);
      const tx = new Map(rows.map((r) => [r.id, r.tx]));
      assert.equal(tx.size, 3, 'all three orders are stored');
      assert.notEqual(tx.get(ids[0]!), tx.get(ids[1]!), 'the first tick had its own transaction');
      assert.equal(tx.get(ids[1]!), tx.get(ids[2]!), 'the ticks during that write share the next one');
    } finally {
      await locker.end().catch(() => {});
      await svc.close();
      await fresh.store.close();
      await fresh.dispose();
    }
  });
});
