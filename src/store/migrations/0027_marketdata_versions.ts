/**
 * The market lists' catalog version (src/marketdata/listings.ts) moves into `page_versions`
 * (migration 0018) as `marketdata` (id 0), so that every kept answer read from the database is
 * versioned by that one table: the row starts at `marketdata_version`'s value, 0005's triggers
 * (every write to markets, tokens, events, tags, event_tags, market_tags but volume/liquidity
 * updates) now bump it, and `marketdata_version` is dropped.
 *
 * The triggers keep their events exactly as 0005 wrote them (the UPDATE OF column lists were
 * taken from the tables then): SQLite's are written again from their stored text with the new
 * statement, PostgreSQL's share one function, which is replaced.
 */
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

const OLD_BUMP = 'UPDATE marketdata_version SET version = version + 1 WHERE id = 1';
const BUMP = "insert into page_versions (pages, id, version) values ('marketdata', 0, 1) on conflict (pages, id) do update set version = page_versions.version + 1";

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await sql.raw(`insert into page_versions (pages, id, version)
    select 'marketdata', 0, version from marketdata_version where id = 1`).execute(db);
  if (ctx.dialect === 'sqlite') {
    const triggers = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
      where type = 'trigger' and name like 'md\_%' escape '\\' order by name`.execute(db);
    for (const t of triggers.rows) {
      if (!t.sql.includes(OLD_BUMP)) throw new Error(`trigger ${t.name}: not the one 0005 wrote`);
      await sql.raw(`drop trigger ${t.name}`).execute(db);
      await sql.raw(t.sql.replace(OLD_BUMP, BUMP)).execute(db);
    }
  } else {
    await sql.raw(`create or replace function marketdata_bump() returns trigger language plpgsql as $$ begin ${BUMP}; return null; end $$`).execute(db);
  }
  await db.schema.dropTable('marketdata_version').execute();
}
