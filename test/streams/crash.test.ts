/**
 * SIGKILL while subscribed, on both stores: the service runs in a child process under a random
 * order stream, with a market-channel and a user-channel client attached; it is killed mid-
 * stream. Every order and trade any event named is in the database after the restart, no
 * `seq` seen before the kill is ahead of the restarted books, and after resubscribing the books
 * equal REST /book.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { backends } from '../support/backends.js';
import { createService } from '../../src/server.js';
import { Client, restBook } from './kit.js';
import type { TestService } from '../support/service.js';

for (const backend of backends()) {
  describe(`streams across SIGKILL (${backend.name})`, { skip: backend.skip }, () => {
    it('never told of an order the database lacks; books equal REST /book after restart', async () => {
      const { config, dispose } = await backend.fresh();
      const clients: Client[] = [];
      try {
        const env: Record<string, string> = { ...process.env as Record<string, string>, SIBYL_DATA_DIR: config.dataDir, SEED: '9' };
        if (config.databaseUrl) env.DATABASE_URL = config.databaseUrl; else delete env.DATABASE_URL;
        const child = spawn(process.execPath, ['--import', 'tsx', new URL('./serve-child.ts', import.meta.url).pathname], { env, stdio: ['ignore', 'pipe', 'inherit'] });
        const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
        const ready = await new Promise<string[]>((resolve, reject) => {
          const t = setTimeout(() => { child.kill("SIGKILL"); reject(new Error("child did not start")); }, 60_000);
          createInterface({ input: child.stdout! }).on('line', (line) => { if (line.startsWith('READY ')) { clearTimeout(t); resolve(line.split(' ')); } });
        });
        const [, port, cid, credsJson, tokenList] = ready as [string, string, string, string, string];
        const creds = JSON.parse(credsJson) as { apiKey: string; secret: string; passphrase: string };
        const assets = tokenList.split(',');
        assert.equal(assets.length, 2, `the market ${cid}'s two token ids`);
        const market = await Client.open(`ws://127.0.0.1:${port}/ws/market`);
        const user = await Client.open(`ws://127.0.0.1:${port}/ws/user`);
        clients.push(market, user);
        market.send({ type: 'market', assets_ids: assets });
        user.send({ type: 'user', auth: creds });
        await market.until(() => market.events().length >= 150 && user.events().length >= 30, 'events before the kill', 30_000)
          .finally(() => child.kill('SIGKILL'));
        await exited;
        const seen = { market: market.events(), user: user.events() };

        const restarted = await createService(config, { logger: false });
        const svc = { ...restarted, dispose: async () => {} } as TestService;
        try {
          const orderIds = new Set<string>();
          const tradeIds = new Set<string>();
          for (const e of seen.user) {
            if (e.event_type === 'order') orderIds.add(String(e.id));
            if (e.event_type === 'trade') {
              tradeIds.add(String(e.id));
              orderIds.add(String(e.taker_order_id));
              for (const m of e.maker_orders as Array<{ order_id: string }>) orderIds.add(m.order_id);
            }
          }
          assert.ok(orderIds.size >= 10, `the user channel named ${orderIds.size} orders`);
          const storedOrders = new Set((await restarted.store.db.selectFrom('orders').select('id').execute()).map((r) => r.id));
          const storedTrades = new Set((await restarted.store.db.selectFrom('trades').select('id').execute()).map((r) => r.id));
          assert.deepEqual([...orderIds].filter((id) => !storedOrders.has(id)), [], 'every order an event named is stored');
          assert.deepEqual([...tradeIds].filter((id) => !storedTrades.has(id)), [], 'every trade an event named is stored');
          const maxSeen = Math.max(...seen.market.map((e) => (typeof e.seq === 'number' ? e.seq : 0)));
          await restarted.app.listen({ host: '127.0.0.1', port: 0 });
          const again = await Client.open(`ws://127.0.0.1:${(restarted.app.server.address() as { port: number }).port}/ws/market`);
          clients.push(again);
          again.send({ type: 'market', assets_ids: assets });
          const dump = await again.frame(0) as Array<Record<string, unknown>>;
          for (const [i, a] of assets.entries()) {
            const { event_type: _e, seq, ...snap } = dump[i]!;
            assert.deepEqual(snap, await restBook(svc, a));
            assert.ok(Number(seq) >= maxSeen, `the restarted book (seq ${seq}) is not behind an event seen before the kill (seq ${maxSeen})`);
          }
        } finally {
          for (const c of clients) c.close();
          await restarted.close();
        }
      } finally {
        await dispose();
      }
    });
  });
}
