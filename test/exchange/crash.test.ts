/**
 * Crash recovery: a workload runs in a child process that is killed with SIGKILL in the middle.
 * After a restart every acknowledged order is in the database, the rebuilt exchange satisfies
 * every invariant (so nothing was half-written), and each trade's maker fills add up to it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { backends } from '../support/backends.js';
import { ExchangeService } from '../../src/exchange/service.js';
import { checkInvariants } from '../../src/core/index.js';
import { addMarkets, freshStore, WALLETS } from './support.js';

for (const backend of backends()) {
  describe(`crash recovery (${backend.name})`, { skip: backend.skip }, () => {
    it('keeps every acknowledged command across SIGKILL and half-writes nothing', async () => {
      const { store, config, reopen, dispose } = await freshStore(backend);
      try {
        const markets = await addMarkets(store, 3);
        const setup = await ExchangeService.open(store);
        for (const w of WALLETS) await setup.submit({ type: 'deposit', wallet: w, amount: 1_000_000_000 });
        await setup.close();
        await store.close();

        const env: Record<string, string> = { ...process.env as Record<string, string>, MARKETS: markets.join(','), SEED: '42', SIBYL_DATA_DIR: config.dataDir };
        if (config.databaseUrl) env.DATABASE_URL = config.databaseUrl;
        else delete env.DATABASE_URL;
        const child = spawn(process.execPath, ['--import', 'tsx', new URL('./kill-child.ts', import.meta.url).pathname], { env, stdio: ['ignore', 'pipe', 'inherit'] });
        const acked: string[] = [];
        await new Promise<void>((resolve, reject) => {
          const lines = createInterface({ input: child.stdout! });
          lines.on('line', (line) => {
            if (line.startsWith('ACK ')) acked.push(line.slice(4));
            if (acked.length === 400) child.kill('SIGKILL');
          });
          child.on('exit', () => resolve());
          child.on('error', reject);
        });
        assert.ok(acked.length >= 400, `child acknowledged ${acked.length} orders before the kill`);

        const store2 = reopen();
        const svc = await ExchangeService.open(store2);
        checkInvariants(svc.core);
        const ids = new Set((await store2.db.selectFrom('orders').select('id').execute()).map((r) => r.id));
        const missing = acked.filter((id) => !ids.has(id));
        assert.deepEqual(missing, [], 'every acknowledged order is stored');
        const unbalanced = await store2.db.selectFrom('trades as t')
          .leftJoin('trade_makers as m', 'm.trade_id', 't.id')
          .select(['t.id', 't.size', (eb) => eb.fn.sum<number>('m.matched_amount').as('made')])
          .groupBy(['t.id', 't.size'])
          .execute();
        for (const t of unbalanced) assert.equal(Number(t.made), t.size, `trade ${t.id} has both sides`);
        await svc.close();
        await store2.close();
      } finally {
        await dispose();
      }
    });
  });
}

