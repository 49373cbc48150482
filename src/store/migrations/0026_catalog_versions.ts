/**
 * Two page versions (page_versions, migration 0018) for the catalog's kept answers
 * (src/catalog/page-versions.ts), so that they are kept by version instead of "until a commit":
 *
 * - `markets:shown`: a market added or removed, or a column of it that the catalog's answers show
 *   changed (0015's MARKET_SHOWN: its ids, event, question, slug, texts, dates, outcomes, flags) —
 *   whoever writes it (the operator, naming a neg-risk placeholder, the importer, a resolution,
 *   another process). Trading's volume updates and the stored answers written back do not bump it.
 *   With `events` (0018: every event column but volume, tags, series, sites, creators) it covers
 *   everything `GET /events/slug/{slug}` and `GET /markets/slug/{slug}` show or select by.
 * - `comments:positions`: a position of a wallet that has commented changed (comment threads show
 *   their authors' positions, and `holders_only` selects by them). Positions of wallets that never
 *   commented change with every trade and bump nothing.
 *
 * PostgreSQL: statement-level triggers (the positions ones read the statement's transition table
 * once); SQLite has only row-level ones.
 */
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';
import { MARKET_SHOWN } from './0015_event_json.js';

const bump = (pages: string) =>
  `insert into page_versions (pages, id, version) values ('${pages}', 0, 1) on conflict (pages, id) do update set version = page_versions.version + 1;`;
const MARKETS = bump('markets:shown');
const POSITIONS = bump('comments:positions');
const commented = (ref: string) => `exists (select 1 from comments where user_address = ${ref}.wallet)`;

async function postgres(db: Kysely<any>): Promise<void> {
  await sql.raw(`create function markets_shown_bump() returns trigger language plpgsql as $$ begin ${MARKETS} return null; end $$`).execute(db);
  for (const [name, on] of [['ai', 'insert'], ['ad', 'delete'], ['au', `update of ${MARKET_SHOWN}`], ['at', 'truncate']]) {
    await sql.raw(`create trigger markets_shown_${name} after ${on} on markets for each statement execute function markets_shown_bump()`).execute(db);
  }
  await sql.raw(`create function positions_commented_bump() returns trigger language plpgsql as $$ begin
    if exists (select 1 from changed p where ${commented('p')}) then ${POSITIONS} end if; return null; end $$`).execute(db);
  for (const [name, on, table] of [['ai', 'insert', 'new'], ['au', 'update', 'new'], ['ad', 'delete', 'old']]) {
    await sql.raw(`create trigger positions_commented_${name} after ${on} on positions referencing ${table} table as changed
      for each statement execute function positions_commented_bump()`).execute(db);
  }
  await sql.raw(`create function positions_truncated_bump() returns trigger language plpgsql as $$ begin ${POSITIONS} return null; end $$`).execute(db);
  await sql.raw('create trigger positions_commented_at after truncate on positions for each statement execute function positions_truncated_bump()').execute(db);
}

async function sqlite(db: Kysely<any>): Promise<void> {
  for (const [name, on] of [['ai', 'insert'], ['ad', 'delete'], ['au', `update of ${MARKET_SHOWN}`]]) {
    await sql.raw(`create trigger markets_shown_${name} after ${on} on markets begin ${MARKETS} end`).execute(db);
  }
  for (const [name, on, when] of [['ai', 'insert', commented('new')], ['au', 'update', commented('new')] /* the wallet is the key: never changed */, ['ad', 'delete', commented('old')]]) {
    await sql.raw(`create trigger positions_commented_${name} after ${on} on positions when ${when} begin ${POSITIONS} end`).execute(db);
  }
}

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect === 'postgres') await postgres(db);
  else await sqlite(db);
}
