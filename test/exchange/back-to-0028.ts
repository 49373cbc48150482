/**
 * Takes a database at the latest migration back to 0028 (before the one token id, migration
 * 0029): for the migration tests that build their history through today's service. The
 * migrations after 0029 (0030, 0031) are undone first (`backTo0029`).
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import type { Store } from '../../src/store/db.js';
import { hashOf, type BookSnapshot } from '../../src/marketdata/book.js';

/** Every place a token id is stored (as migration 0029 lists them). */
export const COLUMNS: Array<[string, string]> = [
  ['orders', 'token_id'], ['trades', 'asset'], ['trade_makers', 'asset'], ['balances', 'asset'], ['ledger_entries', 'asset'],
  ['positions', 'asset'], ['activity', 'asset'], ['book_history', 'asset_id'], ['tokens', 'token_id'],
];
/**
 * Takes a migrated database back to 0028: every stored token id (and the `asset_id` inside each
 * recorded book body, with that body's hash) in the old spelling, the imported market's source
 * ids in `token_sources`, the markets' token id columns gone, 0029 unrecorded.
 */
export async function backTo0028(store: Store, imported: Map<string, [string, string]>): Promise<void> {
  await backTo0029(store);
  const db = store.db as Kysely<any>;
  const markets: Array<{ condition_id: string; token_id_0: string; token_id_1: string }> =
    await db.selectFrom('markets').select(['condition_id', 'token_id_0', 'token_id_1']).execute();
  const old = new Map<string, string>();
  for (const m of markets) { old.set(m.token_id_0, `${m.condition_id}:0`); old.set(m.token_id_1, `${m.condition_id}:1`); }
  const bodies: Array<{ id: number; body: Uint8Array }> = await db.selectFrom('book_history').select(['id', 'body']).execute();
  for (const r of bodies) {
    const snap = JSON.parse(inflateRawSync(r.body).toString('utf8')) as BookSnapshot;
    snap.asset_id = old.get(snap.asset_id)!;
    snap.hash = hashOf({ ...snap, hash: '' });
    await db.updateTable('book_history').set({ body: deflateRawSync(Buffer.from(JSON.stringify(snap))) }).where('id', '=', r.id).execute();
  }
  await db.schema.createTable('t_old_ids').addColumn('new', 'text', (c) => c.primaryKey()).addColumn('old', 'text', (c) => c.notNull()).execute();
  await db.insertInto('t_old_ids').values([...old].map(([n, o]) => ({ new: n, old: o }))).execute();
  for (const [table, column] of COLUMNS) {
    await sql.raw(`update ${table} set ${column} = (select old from t_old_ids where new = ${table}.${column}) where ${column} in (select new from t_old_ids)`).execute(db);
  }
  await db.schema.dropTable('t_old_ids').execute();
  await db.schema.createTable('token_sources')
    .addColumn('token_id', 'text', (c) => c.primaryKey())
    .addColumn('source_id', 'text', (c) => c.notNull().unique())
    .execute();
  for (const [cid, ids] of imported) {
    await db.insertInto('token_sources').values(ids.map((source, i) => ({ token_id: `${cid}:${i}`, source_id: source }))).execute();
  }
  await db.schema.dropIndex('markets_token_0').execute();
  await db.schema.dropIndex('markets_token_1').execute();
  await db.schema.alterTable('markets').dropColumn('token_id_0').execute();
  await db.schema.alterTable('markets').dropColumn('token_id_1').execute();
  await sql`delete from kysely_migration where name = '0029_token_ids'`.execute(db);
}

/** Takes a migrated database back to 0029: the command journal (0031) and the builder codes and notification drops (0030) dropped and unrecorded. */
export async function backTo0029(store: Store): Promise<void> {
  const db = store.db as Kysely<any>;
  await db.schema.dropTable('journal').execute();
  await sql`delete from kysely_migration where name = '0031_journal'`.execute(db);
  await db.schema.dropTable('notification_drops').execute();
  for (const index of ['trades_builder_code', 'orders_builder_code', 'orders_unasked_cancel']) await db.schema.dropIndex(index).execute();
  for (const table of ['orders', 'trades']) await db.schema.alterTable(table).dropColumn('builder_code').execute();
  await sql`delete from kysely_migration where name = '0030_builder_codes'`.execute(db);
}
