/**
 * Migration 0029 (issue #37: one token id) on both stores, over a database holding data at 0028:
 * a trading history is written through the real service (orders resting and filled, trades,
 * positions, balances, recorded book history, and one imported market whose source gives its
 * token ids), then the database is taken back to exactly the schema a fresh database has at 0028
 * (checked: every table's columns and indexes) with every token id in its old spelling
 * `<condition_id>:<index>` and the imported market's ids in `token_sources`. Starting the service
 * migrates it; every read shows the same data under the position ids, the imported market keeps
 * its source ids, and a market created after the migration gets position ids too.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { backends, type Backend } from '../support/backends.js';
import type { TestService } from '../support/service.js';
import { tokenIdsOf } from '../support/tokens.js';
import { openStore, type Store } from '../../src/store/db.js';
import { migrationContext } from '../../src/store/migrations/context.js';
import { MIGRATIONS } from '../../src/store/migrations/index.js';
import { createService, type Service } from '../../src/server.js';
import { importEvent } from '../../src/catalog/import/gamma.js';
import { marketTokenIds } from '../../src/domain/ctf-ids.js';
import { backTo0028, COLUMNS } from './back-to-0028.js';
import { ADMIN, newMarket, orderBody, post, trader, type Trader } from '../trading/kit.js';

const IMPORTED = '0x2e6af11e4b853b05ba7135239b21d77e808889b6ce1e735de856c94c4e5b5fce';
const SOURCE: [string, string] = ['333333333333333333333333333333', '444444444444444444444444444444'];
const OLD = /0x[0-9a-f]{64}:[01]/;

/** Every table's columns (name, type, nullability) and indexes, dialect-neutral. */
async function shape(store: Store): Promise<string[]> {
  const db = store.db as Kysely<any>;
  if (store.dialect === 'postgres') {
    const cols = await sql<{ x: string }>`select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable as x from information_schema.columns
      where table_schema = current_schema() and table_name not like 'kysely%' order by table_name, column_name`.execute(db);
    const idx = await sql<{ x: string }>`select indexdef as x from pg_indexes where schemaname = current_schema() and tablename not like 'kysely%' order by indexname`.execute(db);
    return [...cols.rows.map((r) => r.x), ...idx.rows.map((r) => r.x)];
  }
  const out: string[] = [];
  const tables = (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'kysely%' and name not like 'sqlite%' order by name`.execute(db)).rows;
  for (const { name: t } of tables) {
    for (const c of (await sql<{ name: string; type: string; notnull: number }>`select name, type, "notnull" from pragma_table_info(${t})`.execute(db)).rows) {
      out.push(`${t}.${c.name} ${c.type} ${c.notnull}`);
    }
    for (const i of (await sql<{ name: string; unique: number }>`select name, "unique" from pragma_index_list(${t})`.execute(db)).rows) {
      const cols = (await sql<{ name: string }>`select name from pragma_index_info(${i.name}) order by seqno`.execute(db)).rows.map((r) => r.name);
      out.push(`${i.name} on ${t} (${cols.join(', ')}) unique=${i.unique}`);
    }
  }
  return out.sort();
}

/** A fresh database migrated to just before 0029. */
async function at0028(backend: Backend): Promise<{ store: Store; dispose(): Promise<void> }> {
  const { config, dispose } = await backend.fresh();
  const store = openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const ctx = migrationContext(store.dialect);
  const migrator = new Migrator({ db: store.db, provider: { getMigrations: async () => {
    const out: Record<string, Migration> = {};
    for (const [name, mod] of MIGRATIONS) if (name < '0029') out[name] = { up: (db) => mod.up(db, ctx) };
    return out;
  } } });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  return { store, dispose: async () => { await store.close(); await dispose(); } };
}

for (const backend of backends()) {
  describe(`migration 0029: token ids (${backend.name})`, { skip: backend.skip }, () => {
    it('reads the same orders, trades, positions, balances and books under the position ids; imported markets keep their source ids', async (t) => {
      const fresh = await backend.fresh({ SIBYL_ADMIN_TOKEN: ADMIN, SIBYL_BOOK_HISTORY_S: '1' });
      const zero = await at0028(backend);
      let service: Service | undefined;
      const svcOf = () => ({ ...service!, dispose: async () => {} }) as TestService;
      try {
        service = await createService(fresh.config, { logger: false });
        let svc = svcOf();
        const cid = await newMarket(svc);
        const [yes, no] = await tokenIdsOf(svc, cid);
        assert.deepEqual([yes, no], marketTokenIds(cid, false));
        assert.equal(await importEvent(svc.store.db, {
          slug: 'imported-migration', title: 'Imported',
          markets: [{ question: 'Up or down?', slug: 'imported-migration-m', conditionId: IMPORTED, outcomes: '["Up","Down"]', clobTokenIds: JSON.stringify(SOURCE) }],
        }, Date.now()), 'created');
        await svc.services.exchange.syncMarket(IMPORTED);
        const alice: Trader = await trader(svc);
        const bob: Trader = await trader(svc);
        const ok = async (p: Promise<{ statusCode: number; body: string }>) => { const r = await p; assert.equal(r.statusCode, 200, r.body); return r; };
        await ok(post(svc, bob, 'POST', '/split', { market: cid, amount: '50000000' }));
        await ok(post(svc, bob, 'POST', '/split', { market: IMPORTED, amount: '20000000' }));
        await ok(post(svc, alice, 'POST', '/order', orderBody(alice, yes, 'BUY', '0.40', '10')));
        await ok(post(svc, alice, 'POST', '/order', orderBody(alice, yes, 'BUY', '0.45', '10')));
        await ok(post(svc, alice, 'POST', '/order', orderBody(alice, no, 'BUY', '0.20', '5')));
        await ok(post(svc, bob, 'POST', '/order', orderBody(bob, yes, 'SELL', '0.45', '4', { orderType: 'FAK' })));
        await ok(post(svc, bob, 'POST', '/order', orderBody(bob, yes, 'SELL', '0.70', '6')));
        await ok(post(svc, alice, 'POST', '/order', orderBody(alice, SOURCE[0], 'BUY', '0.30', '10')));
        await ok(post(svc, bob, 'POST', '/order', orderBody(bob, SOURCE[0], 'SELL', '0.30', '3', { orderType: 'FAK' })));
        for (let i = 0; ; i++) { // the recorder writes on its timer
          const n = await (svc.store.db as Kysely<any>).selectFrom('book_history').select((eb) => eb.fn.countAll().as('n')).where('asset_id', '=', yes).executeTakeFirstOrThrow();
          if (Number(n.n) > 0) break;
          assert.ok(i < 400, 'book history recorded');
          await sleep(25);
        }

        const get = async (url: string) => { const r = await svc.app.inject({ method: 'GET', url }); assert.equal(r.statusCode, 200, `${url}: ${r.body}`); return r.json(); };
        const reads = async () => ({
          aliceOrders: (await ok(post(svc, alice, 'GET', '/data/orders'))).body,
          bobOrders: (await ok(post(svc, bob, 'GET', '/data/orders'))).body,
          aliceTrades: (await ok(post(svc, alice, 'GET', '/data/trades'))).body,
          balances: await Promise.all([yes, no, SOURCE[0], SOURCE[1]].map(async (tok) =>
            JSON.parse((await ok(post(svc, bob, 'GET', `/balance-allowance?asset_type=CONDITIONAL&token_id=${tok}`))).body).balance)),
          positions: [await get(`/positions?user=${alice.address}`), await get(`/positions?user=${bob.address}`)],
          books: await Promise.all([yes, no, SOURCE[0], SOURCE[1]].map((tok) => get(`/book?token_id=${tok}`))),
          trades: await get('/trades'),
          market: await get(`/markets/${cid}`),
          imported: await get(`/markets/${IMPORTED}`),
        });
        const before = await reads();
        assert.doesNotMatch(JSON.stringify(before), OLD, 'no answer names a token by its alias');
        assert.ok(before.positions[1].length >= 4 && before.trades.data.length === 2 && before.balances[0] === '46000000', JSON.stringify(before.balances));
        // What was recorded before the migration (a restarted recorder takes a new snapshot of each book).
        let recordedUntil = Number.MAX_SAFE_INTEGER;
        const history = async () => Promise.all([yes, SOURCE[0]].map((tok) => get(`/orderbook-history?asset_id=${tok}&limit=100&endTs=${recordedUntil}`)));
        const historyBefore = await history();
        recordedUntil = Date.now();
        assert.ok(historyBefore[0].data.length > 0, 'snapshots recorded');
        await service.close();
        service = undefined;

        const store = openStore({ databaseUrl: fresh.config.databaseUrl, dataDir: fresh.config.dataDir });
        try {
          await backTo0028(store, new Map([[IMPORTED, SOURCE]]));
          assert.deepEqual(await shape(store), await shape(zero.store), 'the database is at 0028 exactly');
          const stored = await store.db.selectFrom('orders').select('token_id').execute();
          assert.ok(stored.length >= 6 && stored.every((r) => OLD.test(r.token_id)), 'orders name their tokens the old way');
          for (const [table, column] of COLUMNS) {
            const left = await sql.raw<{ n: number }>(`select count(*) as n from ${table} where ${column} in ('${yes}', '${no}', '${SOURCE[0]}', '${SOURCE[1]}')`).execute(store.db);
            assert.equal(Number(left.rows[0]!.n), 0, `${table}.${column} holds old ids only`);
          }
        } finally {
          await store.close();
        }

        service = await createService(fresh.config, { logger: false }); // migrates to the latest
        svc = svcOf();
        assert.deepEqual(await tokenIdsOf(svc, cid), [yes, no], 'the same position ids derived by the migration');
        assert.deepEqual(await tokenIdsOf(svc, IMPORTED), SOURCE, 'the imported market keeps its source ids');
        const after = await reads();
        assert.deepEqual(after, before, 'every read the same under the position ids');
        assert.equal((await get(`/book?token_id=${cid}:0`)).asset_id, yes, 'the alias in, the position id out');
        await ok(post(svc, alice, 'POST', '/order', orderBody(alice, yes, 'BUY', '0.70', '5'))); // trades on after the migration
        assert.equal(JSON.parse((await ok(post(svc, alice, 'GET', `/balance-allowance?asset_type=CONDITIONAL&token_id=${yes}`))).body).balance, '9000000');

        const later = await newMarket(svc);
        assert.deepEqual(await tokenIdsOf(svc, later), marketTokenIds(later, false), 'a market created after the migration');
        assert.equal((await get(`/book?token_id=${marketTokenIds(later, false)[1]}`)).market, later);

        await t.test('recorded book history reads the same under the position ids', async () => {
          const historyAfter = await history();
          assert.doesNotMatch(JSON.stringify(historyAfter), OLD);
          assert.deepEqual(historyAfter, historyBefore);
        });
      } finally {
        await service?.close();
        await zero.dispose();
        await fresh.dispose();
      }
    });
  });
}
