/**
 * Market data (src/marketdata): a catalog version counter and the indexes of the price-history
 * and public-trades reads. The counter lets the market listings cache a serialised page and
 * check it with one single-row read: triggers on every catalog table an order-book market is
 * built from (markets, tokens, events, tags and their links) bump it in the writing transaction,
 * whoever writes (operator API, importer, demo loader, the exchange's resolution write).
 */
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/** Catalog tables whose rows appear in an order-book market object. */
export const VERSIONED_TABLES = ['markets', 'tokens', 'events', 'tags', 'event_tags', 'market_tags'] as const;
/** Columns whose updates alone leave order-book market objects unchanged. */
const UNVERSIONED_COLUMNS = ['volume', 'liquidity'];

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await db.schema.createTable('marketdata_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto('marketdata_version').values({ id: 1, version: 0 }).execute();

  const bump = 'UPDATE marketdata_version SET version = version + 1 WHERE id = 1';
  // Updates of the trading volume alone (every trade adds to it) are not part of an order-book
  // market object: they must not invalidate the listing caches, so UPDATE triggers name columns.
  const update = async (table: string) => {
    const cols = ctx.dialect === 'sqlite'
      ? (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows.map((r) => r.name)
      : (await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(db)).rows.map((r) => r.name);
    return `UPDATE OF ${cols.filter((c) => !UNVERSIONED_COLUMNS.includes(c)).join(', ')}`;
  };
  if (ctx.dialect === 'sqlite') {
    for (const table of VERSIONED_TABLES) {
      for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
        const event = op === 'UPDATE' ? await update(table) : op;
        await sql.raw(`CREATE TRIGGER md_${table}_${op.toLowerCase()} AFTER ${event} ON ${table} BEGIN ${bump}; END`).execute(db);
      }
    }
  } else {
    await sql.raw(`CREATE FUNCTION marketdata_bump() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${bump}; RETURN NULL; END $$`).execute(db);
    for (const table of VERSIONED_TABLES) {
      await sql.raw(`CREATE TRIGGER md_${table} AFTER INSERT OR ${await update(table)} OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION marketdata_bump()`).execute(db);
    }
  }

  // Price history: a market's fills in time order (trades_market is by seq, not time).
  await db.schema.createIndex('trades_market_time').on('trades').columns(['market', 'match_time']).execute();
  // Public trades filtered by asset: fills where the asset is on the maker side.
  await db.schema.createIndex('trade_makers_asset').on('trade_makers').columns(['asset', 'trade_id']).execute();
}
