/**
 * The simulated traders (docs/sandbox.md), over a minute of simulated time with a fixed seed on
 * an injected clock: orders, trades and cancels on several markets, all through the ordinary
 * command path (their trades in /trades, their accounts with keys and deposits); the ledger
 * invariants hold, also after a rebuild from the database; two runs with the same seed make the
 * same trades, and another seed makes others.
 */
import { after, describe, it } from 'node:test';
import { sql } from 'kysely';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';
import { findViolations } from '../../src/core/index.js';
import { simAddresses } from '../../src/sandbox/accounts.js';
import { createService } from '../../src/server.js';
import type { Config } from '../../src/config/config.js';
import { openStore } from '../../src/store/db.js';
import { migrateToLatest } from '../../src/store/migrate.js';
import { DEMO_SEED, loadDemo } from '../../src/demo/load.js';
import { markDemo } from '../../src/sandbox/reset.js';

async function seedDemo(config: Config): Promise<void> {
  const store = openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(store);
    await loadDemo(store);
    await markDemo(store.db, DEMO_SEED);
  } finally {
    await store.close();
  }
}

const START = Date.UTC(2026, 10, 2, 12, 0, 0);
const ADMIN = 'sandbox-admin-token-0123456789';

interface Run { svc: TestService; trades: string[]; orders: number; cancels: number; markets: number }

async function simulate(seed: string, seconds = 60, rate = '20', env: Record<string, string> = {}): Promise<Run> {
  const clock = { now: START };
  const svc = await startTestService(backends()[0]!, {
    SIBYL_DEMO: '1', SIBYL_DEMO_LIVE: '1', SIBYL_DEMO_RATE: rate, SIBYL_DEMO_SEED: seed, SIBYL_ADMIN_TOKEN: ADMIN, SIBYL_BOOK_HISTORY_S: '0', ...env,
  }, { now: () => clock.now, sandboxManual: true });
  for (let t = 0; t < seconds * 10; t++) {
    clock.now += 100;
    await svc.services.sandbox.advance();
  }
  const db = svc.store.db;
  const rows = await db.selectFrom('trades').select(['market', 'asset', 'side', 'price', 'size', 'wallet', 'fee', 'match_time'])
    .where('match_time', '>', START).orderBy('seq').execute();
  const makers = await db.selectFrom('trade_makers').innerJoin('trades', 'trades.id', 'trade_makers.trade_id')
    .select(['trades.seq', 'trade_makers.wallet', 'trade_makers.matched_amount', 'trade_makers.price']).where('trades.match_time', '>', START).orderBy('trades.seq').orderBy('idx').execute();
  const trades = rows.map((r) => JSON.stringify(r)).concat(makers.map((m) => JSON.stringify({ ...m, seq: undefined })));
  const counts = svc.services.sandbox.counts()!;
  return { svc, trades, orders: counts.orders, cancels: counts.cancels, markets: new Set(rows.map((r) => r.market)).size };
}

describe('simulated traders (sqlite)', () => {
  const runs: Run[] = [];
  after(async () => { for (const r of runs) await r.svc.dispose(); });

  it('trade, quote and cancel on several markets through the ordinary command path', async () => {
    const run = await simulate('7');
    runs.push(run);
    console.log('# simulated minute:', JSON.stringify({ ...run.svc.services.sandbox.counts(), trades: run.trades.length, markets: run.markets }));
    assert.ok(run.orders >= 600, `orders: ${run.orders}`); // 1,200 moves at 20/s over 60 s, most of them orders
    assert.ok(run.trades.length >= 50, `trades: ${run.trades.length}`);
    assert.ok(run.cancels >= 50, `cancels: ${run.cancels}`);
    assert.ok(run.markets >= 10, `markets traded: ${run.markets}`);
    const { svc } = run;
    // Their orders are ordinary orders, their accounts ordinary accounts (keys, deposits).
    const { makers, takers } = simAddresses(7);
    const keys = await svc.store.db.selectFrom('api_keys').select('address').where('address', 'in', [...makers, ...takers]).execute();
    assert.equal(keys.length, makers.length + takers.length);
    const deposits = await svc.store.db.selectFrom('activity').select('wallet').where('type', '=', 'DEPOSIT').where('wallet', 'in', [...makers, ...takers]).execute();
    assert.ok(deposits.length >= makers.length, `deposits: ${deposits.length}`);
    const pub = await svc.app.inject({ url: `/trades?market=${JSON.parse(run.trades[0]!).market}` });
    assert.equal(pub.statusCode, 200);
    const ms = (t: string) => (/^\d+$/.test(t) ? Number(t) * 1000 : Date.parse(t));
    assert.ok(pub.json().data.some((t: { match_time: string }) => ms(t.match_time) > START), 'the simulated trades are public trades');
    const positions = await svc.app.inject({ url: `/positions?user=${takers[0]}` });
    assert.equal(positions.statusCode, 200);
    // The ledger invariants hold in memory and after a rebuild from the database.
    assert.deepEqual(findViolations(svc.services.exchange.core), []);
    const status = await svc.app.inject({ url: '/admin/status', headers: { authorization: `Bearer ${ADMIN}` } });
    assert.equal(status.statusCode, 200);
    assert.deepEqual(status.json().demo, { live: true, rate: 20 });
  });

  it('make the same trades for the same seed and clock, other trades for another seed', async () => {
    const again = await simulate('7');
    runs.push(again);
    assert.ok(again.trades.length > 0);
    assert.deepEqual(again.trades, runs[0]!.trades);
    const other = await simulate('8', 20);
    runs.push(other);
    assert.notDeepEqual(other.trades, runs[0]!.trades.slice(0, other.trades.length));
  });
});

describe('simulated traders on a venue that requires signed orders (sqlite)', () => {
  it('sign their orders as clob-client does (V1, CTF position ids), and trade', async () => {
    const run = await simulate('7', 20, '20', { SIBYL_REQUIRE_ORDER_SIGNATURES: '1' });
    try {
      const counts = run.svc.services.sandbox.counts()!;
      assert.ok(counts.accepted >= 100, JSON.stringify(counts));
      assert.ok(run.trades.length > 0, 'trades');
      const { makers, takers } = simAddresses(7);
      const signers = [...makers, ...takers].map((a) => a.toLowerCase());
      const signed = await sql<{ signer: string }>`select signer from signed_orders where order_id != ''`.execute(run.svc.store.db);
      assert.equal(signed.rows.filter((r) => signers.includes(r.signer)).length, counts.accepted, 'every accepted order was a verified signed order');
    } finally {
      await run.svc.dispose();
    }
  });
});

for (const backend of backends()) {
describe(`retention of the simulated accounts' history (${backend.name})`, { skip: backend.skip }, () => {
  it('prunes their closed orders, trades, activity and journal past the retention; the ledger stays whole across a restart', async () => {
    const clock = { now: START };
    const { config, dispose } = await backend.fresh({
      SIBYL_DEMO: '1', SIBYL_DEMO_LIVE: '1', SIBYL_DEMO_RATE: '5', SIBYL_DEMO_RETENTION_H: '1', SIBYL_ADMIN_TOKEN: ADMIN, SIBYL_BOOK_HISTORY_S: '0',
      SIBYL_HEARTBEAT_TIMEOUT_MS: '3600000',
    });
    try {
      if (backend.name === 'postgres') await seedDemo(config); // as `sibyl seed --demo` does: PostgreSQL runs the traders on a seeded demo
      const svc = await createService(config, { logger: false, now: () => clock.now, sandboxManual: true });
      for (let s = 0; s < 80 * 60; s++) { // 80 simulated minutes
        clock.now += 1000;
        await svc.services.sandbox.advance();
      }
      const pruned = svc.services.sandbox.pruned;
      const { makers, takers } = simAddresses(29);
      const sim = [...makers, ...takers];
      const cutoff = clock.now - 3_600_000;
      const db = svc.store.db;
      const n = async (q: { executeTakeFirstOrThrow(): Promise<{ n: number | string }> }) => Number((await q.executeTakeFirstOrThrow()).n);
      const oldClosed = await n(db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('wallet', 'in', sim).where('status', '!=', 'LIVE').where('created_at', '<', cutoff - 20_000));
      const young = await n(db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('wallet', 'in', sim).where('created_at', '>=', cutoff));
      console.log('# pruned after 80 simulated minutes, 1 h retention:', JSON.stringify(pruned), 'old closed orders left', oldClosed, 'young orders', young);
      assert.ok((pruned.orders ?? 0) > 1000 && (pruned.ledger_entries ?? 0) > 1000 && (pruned.activity ?? 0) > 100 && (pruned.trades ?? 0) > 10, JSON.stringify(pruned));
      assert.equal(oldClosed, 0, 'no closed order of a simulated account older than the retention (and one pruning step) is left');
      assert.ok(young > 1000, 'the last hour is kept');
      assert.deepEqual(findViolations(svc.services.exchange.core), []);
      await svc.close();
      const again = await createService(config, { logger: false, now: () => clock.now, sandboxManual: true });
      try {
        const status = await again.app.inject({ url: '/admin/status', headers: { authorization: `Bearer ${ADMIN}` } });
        assert.equal(status.json().integrity.ok, true, JSON.stringify(status.json().integrity));
      } finally {
        await again.close();
      }
    } finally {
      await dispose();
    }
  });
});
}
