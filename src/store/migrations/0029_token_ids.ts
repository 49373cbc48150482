/**
 * One token id (issue #37): a market's token ids are the Conditional Tokens position ids of its
 * outcomes (an imported market keeps its source's `clobTokenIds`), derived once here for the
 * markets that exist and stored with the market (`markets.token_id_0/1`); every row that named a
 * token `<condition_id>:<index>` now names it by that id — orders, trades, maker fills, balances,
 * ledger entries, positions, activity, book history (its column, and in each recorded `/book`
 * body the `asset_id` and the `hash` over it) and the `tokens` table. `token_sources` is
 * folded into the markets' ids and dropped. The catalog's stored answers (they show
 * `clobTokenIds`) are emptied and rebuilt on start.
 *
 * Deriving an id costs ~0.3 ms (a square root in the alt_bn128 field): the large benchmark
 * catalog's 300,000 markets take minutes, so the migration reports its progress. One transaction
 * (SQLite: its own; PostgreSQL: the migrator's) — a crash leaves the old ids or the new ones.
 */
import { createHash } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { sql, type Kysely } from 'kysely';
import { marketTokenIds } from '../../domain/ctf-ids.js';
import type { MigrationContext } from './context.js';

const PAGE = 1000;
/** Table, column: every place a token id is stored. */
const COLUMNS: Array<[string, string]> = [
  ['orders', 'token_id'], ['trades', 'asset'], ['trade_makers', 'asset'], ['balances', 'asset'], ['ledger_entries', 'asset'],
  ['positions', 'asset'], ['activity', 'asset'], ['book_history', 'asset_id'], ['tokens', 'token_id'],
];

async function rewrite(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('markets').addColumn('token_id_0', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('markets').addColumn('token_id_1', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.createTable('token_map').addColumn('old', 'text', (c) => c.primaryKey()).addColumn('new', 'text', (c) => c.notNull()).execute();
  const sources = new Map((await db.selectFrom('token_sources').select(['token_id', 'source_id']).execute())
    .map((r: { token_id: string; source_id: string }) => [r.token_id, r.source_id]));
  const total = Number((await db.selectFrom('markets').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  let done = 0;
  for (let after = 0; ;) {
    const page: Array<{ id: number; condition_id: string; neg_risk: number }> = await db.selectFrom('markets')
      .select(['id', 'condition_id', 'neg_risk']).where('id', '>', after).orderBy('id').limit(PAGE).execute();
    if (page.length === 0) break;
    const map: Array<{ old: string; new: string }> = [];
    for (const m of page) {
      const old: [string, string] = [`${m.condition_id}:0`, `${m.condition_id}:1`];
      const derived = sources.has(old[0]) && sources.has(old[1]) ? [sources.get(old[0])!, sources.get(old[1])!]
        : marketTokenIds(m.condition_id, Number(m.neg_risk) === 1, ctx.collateral);
      map.push({ old: old[0], new: derived[0]! }, { old: old[1], new: derived[1]! });
      await db.updateTable('markets').set({ token_id_0: derived[0], token_id_1: derived[1] }).where('id', '=', m.id).execute();
    }
    await db.insertInto('token_map').values(map).execute();
    after = Number(page[page.length - 1]!.id);
    done += page.length;
    ctx.progress?.('token ids', done, total);
  }
  await rewriteBookBodies(db);
  for (const [table, column] of COLUMNS) {
    await sql.raw(`update ${table} set ${column} = (select new from token_map where old = ${table}.${column}) where ${column} in (select old from token_map)`).execute(db);
  }
  await db.schema.dropTable('token_map').execute();
  await db.schema.dropTable('token_sources').execute();
  await db.schema.createIndex('markets_token_0').on('markets').column('token_id_0').execute();
  await db.schema.createIndex('markets_token_1').on('markets').column('token_id_1').execute();
  await sql.raw('update events set list_json = null, detail_json = null').execute(db);
  await sql.raw('update markets set detail_json = null').execute(db);
}

/**
 * The recorded `/book` bodies (deflated JSON) name their token too: each gets its new `asset_id`
 * and the hash over the body as clients now receive it (SHA-1 of the compact snapshot with
 * `hash: ""`, as src/marketdata/book.ts computes it). Before the column is rewritten: by old id.
 */
async function rewriteBookBodies(db: Kysely<any>): Promise<void> {
  for (let after = 0; ;) {
    const rows: Array<{ id: number; body: Uint8Array; new: string }> = await db.selectFrom('book_history as h')
      .innerJoin('token_map as m', 'm.old', 'h.asset_id').select(['h.id', 'h.body', 'm.new'])
      .where('h.id', '>', after).orderBy('h.id').limit(PAGE).execute();
    if (rows.length === 0) break;
    for (const r of rows) {
      const snap = JSON.parse(inflateRawSync(r.body).toString('utf8')) as Record<string, unknown>;
      snap.asset_id = r.new;
      snap.hash = createHash('sha1').update(JSON.stringify({ ...snap, hash: '' })).digest('hex');
      await db.updateTable('book_history').set({ body: deflateRawSync(JSON.stringify(snap)) }).where('id', '=', r.id).execute();
    }
    after = Number(rows[rows.length - 1]!.id);
  }
}

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect === 'postgres') await rewrite(db, ctx);
  else await db.transaction().execute((tx) => rewrite(tx, ctx));
}
