/**
 * Two page versions (page_versions, migration 0018) for the data API's kept answers
 * (src/dataapi/service.ts), bumped by triggers whoever writes the rows (the operator, the
 * importer, a plain SQL statement, another process):
 * - `profiles`: any profile inserted, deleted or changed. `/holders` and `/activity` show
 *   profile fields.
 * - `activity`: activity rows deleted — the sandbox's pruning of simulated accounts' old history
 *   (src/sandbox/prune*.ts) or a reset. Rows are only ever appended otherwise, by the exchange's
 *   batches, which the data API follows through the exchange's event sequence; inserts (the hot
 *   write path) carry no trigger. On PostgreSQL the statement trigger bumps only when the
 *   statement deleted a row (the pruner runs its delete every step, mostly finding nothing).
 * PostgreSQL: one bump per statement; SQLite: one per row (a reset's bulk delete bumps often, cheaply).
 */
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

const bump = (pages: string) => `insert into page_versions (pages, id, version) values ('${pages}', 0, 1) on conflict (pages, id) do update set version = page_versions.version + 1;`;

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  const rules: Array<[name: string, on: string, table: string]> = [
    ['profiles_viewed_ai', 'insert', 'profiles'],
    ['profiles_viewed_ad', 'delete', 'profiles'],
    ['profiles_viewed_au', 'update', 'profiles'],
  ];
  for (const [name, on, table] of rules) {
    if (ctx.dialect === 'postgres') {
      await sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${bump('profiles')} return null; end $$`).execute(db);
      await sql.raw(`create trigger ${name} after ${on} on ${table} for each statement execute function ${name}()`).execute(db);
    } else {
      await sql.raw(`create trigger ${name} after ${on} on ${table} begin ${bump('profiles')} end`).execute(db);
    }
  }
  if (ctx.dialect === 'postgres') {
    // A truncate (no transition table) bumps as it is; SQLite has no truncate.
    await sql.raw(`create function profiles_viewed_at() returns trigger language plpgsql as $$ begin ${bump('profiles')} return null; end $$`).execute(db);
    await sql.raw('create trigger profiles_viewed_at after truncate on profiles for each statement execute function profiles_viewed_at()').execute(db);
    await sql.raw(`create function activity_deleted_at() returns trigger language plpgsql as $$ begin ${bump('activity')} return null; end $$`).execute(db);
    await sql.raw('create trigger activity_deleted_at after truncate on activity for each statement execute function activity_deleted_at()').execute(db);
    await sql.raw(`create function activity_deleted_ad() returns trigger language plpgsql as $$
      begin if exists (select 1 from gone) then ${bump('activity')} end if; return null; end $$`).execute(db);
    await sql.raw('create trigger activity_deleted_ad after delete on activity referencing old table as gone for each statement execute function activity_deleted_ad()').execute(db);
  } else {
    await sql.raw(`create trigger activity_deleted_ad after delete on activity begin ${bump('activity')} end`).execute(db);
  }
}
