/**
 * What changed for the kept comment pages (src/catalog/comment-pages.ts): `comment_versions`
 * holds a version per commented entity (`Event`, `Series`, `market` and its id), bumped by every
 * change to what a page of that entity's comments shows: its comments, their reactions, their
 * authors' profiles. The row (`''`, 0) is bumped by every change, for pages that are not one
 * entity's. Triggers keep it whatever writes the rows: the service, the importer, another
 * process on the same database. A page is kept with the version it was built at and used only
 * while its entity's version is unchanged. (Positions, which trades change, are read with every
 * request and are not part of a kept page.)
 */
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/** Bumps the version of the entities `select` names (`entity_type, entity_id` rows, each once), and the global one. */
function bump(select: string): string {
  const upsert = 'on conflict (entity_type, entity_id) do update set version = comment_versions.version + 1';
  return `insert into comment_versions (entity_type, entity_id, version) ${select} ${upsert};
    insert into comment_versions (entity_type, entity_id, version) values ('', 0, 1) ${upsert};`;
}
const ofComment = (ref: string) => bump(`select ${ref}.parent_entity_type, ${ref}.parent_entity_id, 1 where true`);
const ofReaction = (ref: string) => bump(`select parent_entity_type, parent_entity_id, 1 from comments where id = ${ref}.comment_id`);
const ofAuthor = (ref: string) => bump(`select distinct parent_entity_type, parent_entity_id, 1 from comments where user_address = ${ref}.address`);

/** [table, trigger event (same words in both dialects), what it bumps for a row, which rows]. */
type Rule = [string, string, (ref: 'old' | 'new') => string, Array<'old' | 'new'>];
const RULES: Rule[] = [
  ['comments', 'insert', ofComment, ['new']],
  ['comments', 'delete', ofComment, ['old']],
  ['comments', 'update', ofComment, ['old', 'new']],
  ['comment_reactions', 'insert', ofReaction, ['new']],
  ['comment_reactions', 'delete', ofReaction, ['old']],
  ['comment_reactions', 'update', ofReaction, ['old', 'new']],
  ['profiles', 'insert', ofAuthor, ['new']],
  ['profiles', 'delete', ofAuthor, ['old']],
  ['profiles', 'update', ofAuthor, ['old', 'new']],
];

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  await sql.raw(`create table comment_versions (entity_type text not null, entity_id bigint not null, version bigint not null,
    primary key (entity_type, entity_id))${ctx.dialect === 'sqlite' ? ' without rowid' : ''}`).execute(db);
  const pg = ctx.dialect === 'postgres';
  for (const [i, [table, on, stmt, refs]] of RULES.entries()) {
    const name = `${table}_comment_versions_${i}`;
    const body = refs.map((r) => stmt(r)).join(' ');
    if (pg) {
      await sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`).execute(db);
      await sql.raw(`create trigger ${name} after ${on} on ${table} for each row execute function ${name}()`).execute(db);
    } else {
      await sql.raw(`create trigger ${name} after ${on} on ${table} begin ${body} end`).execute(db);
    }
  }
}
