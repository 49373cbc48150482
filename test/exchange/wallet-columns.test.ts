/**
 * Migration 0028 (`owner` → `wallet` in orders, trades and trade_makers) on both stores, over a
 * database holding data at 0027: a trading history is written, the database is taken back to
 * exactly the schema a fresh database has at 0027 (checked: columns and indexes), and migrating
 * again must keep every row, name the indexes after the wallet, leave no index, trigger, view or
 * function reading `owner`, and restore the same exchange (live orders, reservations, books).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql, type Kysely } from 'kysely';
import { backends, type Backend } from '../support/backends.js';
import { openStore, type Store } from '../../src/store/db.js';
import { migrateToLatest } from '../../src/store/migrate.js';
import { migrationContext } from '../../src/store/migrations/context.js';
import { MIGRATIONS } from '../../src/store/migrations/index.js';
import { Migrator, type Migration } from 'kysely';
import { ExchangeService } from '../../src/exchange/service.js';
import { checkInvariants, counterIds, manualClock } from '../../src/core/index.js';
import { addMarkets, freshStore, WALLETS } from './support.js';
import { backTo0028 } from './back-to-0028.js';

const TABLES = ['orders', 'trades', 'trade_makers'];
const T0 = Date.UTC(2026, 0, 3);

/** Columns and indexes (name → columns, uniqueness, partial) of the three tables, dialect-neutral. */
async function shape(store: Store): Promise<{ columns: string[]; indexes: string[] }> {
  const db = store.db as Kysely<any>;
  if (store.dialect === 'postgres') {
    const cols = await sql<{ t: string; c: string }>`select table_name as t, column_name as c from information_schema.columns
      where table_schema = current_schema() and table_name in (${sql.join(TABLES)}) order by table_name, ordinal_position`.execute(db);
    const idx = await sql<{ d: string }>`select indexdef as d from pg_indexes where schemaname = current_schema() and tablename in (${sql.join(TABLES)})
      order by indexname`.execute(db);
    return { columns: cols.rows.map((r) => `${r.t}.${r.c}`), indexes: idx.rows.map((r) => r.d) };
  }
  const columns: string[] = [];
  const indexes: string[] = [];
  for (const t of TABLES) {
    for (const c of (await sql<{ name: string }>`select name from pragma_table_info(${t})`.execute(db)).rows) columns.push(`${t}.${c.name}`);
    const list = (await sql<{ name: string; unique: number; partial: number }>`select name, "unique", partial from pragma_index_list(${t})`.execute(db)).rows;
    for (const i of list) {
      const cols = (await sql<{ name: string }>`select name from pragma_index_info(${i.name}) order by seqno`.execute(db)).rows.map((r) => r.name);
      indexes.push(`${i.name} on ${t} (${cols.join(', ')}) unique=${i.unique} partial=${i.partial}`);
    }
  }
  return { columns, indexes: indexes.sort() };
}

/** Every trigger, view and (PostgreSQL) function body of the database that mentions `owner`. */
async function ownerReaders(store: Store): Promise<string[]> {
  const db = store.db as Kysely<any>;
  if (store.dialect === 'postgres') {
    const r = await sql<{ n: string }>`select 'view ' || viewname as n from pg_views where schemaname = current_schema() and definition ~* '\\mowner\\M'
      union all select 'function ' || p.proname from pg_proc p join pg_namespace s on s.oid = p.pronamespace
        where s.nspname = current_schema() and p.prosrc ~* '\\mowner\\M'
      union all select 'index ' || indexname from pg_indexes where schemaname = current_schema() and indexdef ~* '\\mowner\\M'`.execute(db);
    return r.rows.map((x) => x.n);
  }
  const r = await sql<{ n: string; s: string | null }>`select type || ' ' || name as n, sql as s from sqlite_master where type in ('trigger', 'view', 'index')`.execute(db);
  return r.rows.filter((x) => x.s !== null && /\bowner\b/i.test(x.s)).map((x) => x.n);
}

/** A fresh database migrated to just before 0028. */
async function at0027(backend: Backend): Promise<{ store: Store; dispose(): Promise<void> }> {
  const { config, dispose } = await backend.fresh();
  const store = openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const ctx = migrationContext(store.dialect);
  const migrator = new Migrator({ db: store.db, provider: { getMigrations: async () => {
    const out: Record<string, Migration> = {};
    for (const [name, mod] of MIGRATIONS) if (name < '0028') out[name] = { up: (db) => mod.up(db, ctx) };
    return out;
  } } });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  return { store, dispose: async () => { await store.close(); await dispose(); } };
}

/** Takes a migrated database back to 0027: back to 0028 first (token ids), then the columns and indexes as 0003 made them, 0028 unrecorded. */
async function backTo0027(store: Store): Promise<void> {
  await backTo0028(store, new Map());
  const db = store.db as Kysely<any>;
  for (const t of TABLES) await sql.raw(`alter table ${t} rename column wallet to owner`).execute(db);
  for (const [now, was, table, cols] of [['trades_wallet', 'trades_owner', 'trades', '"owner", "seq"'], ['trade_makers_wallet', 'trade_makers_owner', 'trade_makers', '"owner", "trade_id"']]) {
    await sql.raw(`drop index ${now}`).execute(db);
    await sql.raw(`create index "${was}" on "${table}" (${cols})`).execute(db);
  }
  await sql`delete from kysely_migration where name = '0028_wallet_columns'`.execute(db);
}

for (const backend of backends()) {
  describe(`migration 0028: wallet columns (${backend.name})`, { skip: backend.skip }, () => {
    it('keeps every order and trade, names the indexes after the wallet and restores the same exchange', async () => {
      const { store, reopen, dispose } = await freshStore(backend);
      const fresh = await at0027(backend);
      let open = true;
      try {
        const [m] = await addMarkets(store, 1);
        const clock = manualClock(T0);
        const svc = await ExchangeService.open(store, { clock, ids: counterIds() });
        const [a, b, c] = WALLETS as [string, string, string];
        for (const w of [a, b, c]) await svc.submit({ type: 'deposit', wallet: w, amount: 1_000_000_000 });
        const [yes, no] = svc.core.tokenIds(m!)!;
        await svc.submit({ type: 'split', wallet: b, conditionId: m!, amount: 100_000_000 });
        await svc.submit({ type: 'place', order: { wallet: b, tokenId: yes, side: 'SELL', price: 600_000, size: 20_000_000, type: 'GTC', apiKey: 'key-b' } });
        await svc.submit({ type: 'place', order: { wallet: c, tokenId: no, side: 'BUY', price: 300_000, size: 10_000_000, type: 'GTC' } });
        const taken = await svc.submit({ type: 'place', order: { wallet: a, tokenId: yes, side: 'BUY', price: 700_000, size: 25_000_000, type: 'GTC', apiKey: 'key-a' } });
        assert.ok(taken.ok && taken.tradeIds.length === 1, 'one trade with two makers');
        await svc.submit({ type: 'place', order: { wallet: a, tokenId: yes, side: 'BUY', price: 100_000, size: 5_000_000, type: 'GTC' } });
        const before = svc.core.snapshot();
        assert.ok(before.orders.length > 0, 'orders rest');
        await svc.close();
        const read = async (s: Store) => ({
          orders: await s.db.selectFrom('orders').selectAll().orderBy('id').execute(),
          trades: await s.db.selectFrom('trades').selectAll().orderBy('id').execute(),
          makers: await s.db.selectFrom('trade_makers').selectAll().orderBy('trade_id').orderBy('idx').execute(),
        });
        const rows = await read(store);
        assert.deepEqual(rows.makers.map((r) => r.wallet).sort(), [b, c].sort(), 'both makers of the trade');
        assert.equal(rows.trades[0]!.wallet, a);

        await backTo0027(store);
        const zero = await shape(fresh.store);
        assert.ok(zero.columns.includes('trades.owner') && zero.indexes.some((x) => x.includes('trade_makers_owner')), 'a 0027 database as 0003 made it');
        assert.deepEqual(await shape(store), zero, 'the database is at 0027 exactly');
        await store.close();
        open = false;

        const again = reopen();
        try {
          assert.deepEqual((await migrateToLatest(again)).applied, ['0028_wallet_columns', '0029_token_ids', '0030_builder_codes', '0031_journal']);
          const after = await shape(again);
          assert.deepEqual(after.columns.filter((x) => /owner|wallet/.test(x)).sort(), ['orders.wallet', 'trade_makers.wallet', 'trades.wallet']);
          // 0030's partial index of the orders cancelled unasked (notifications) leads with wallet too.
          const named = after.indexes.filter((x) => /wallet|owner/.test(x) && !x.includes('orders_unasked_cancel'));
          assert.equal(named.length, 2, named.join('\n'));
          assert.match(named.find((x) => x.includes('trades_wallet'))!, /\(\s*wallet, seq\s*\)/);
          assert.match(named.find((x) => x.includes('trade_makers_wallet'))!, /\(\s*wallet, trade_id\s*\)/);
          assert.deepEqual(await ownerReaders(again), [], 'nothing reads an owner column');
          assert.deepEqual(await read(again), rows, 'every row, with its wallet');
          const restored = await ExchangeService.open(again, { clock, ids: counterIds(10_000) });
          try {
            checkInvariants(restored.core);
            assert.deepEqual(restored.core.snapshot(), before);
            assert.deepEqual(restored.core.openOrders(a).map((o) => o.id), before.orders.filter((o) => o.wallet === a).map((o) => o.id));
          } finally {
            await restored.close();
          }
        } finally {
          await again.close();
        }
      } finally {
        if (open) await store.close();
        await fresh.dispose();
        await dispose();
      }
    });
  });
}
