/**
 * Catalog reads at scale (issue #3), both backends:
 * - events_{volume,start_date,created_at}_flags replace 0002's (column, id) sort indexes with
 *   the same leading columns plus the list filters (active, closed, archived), and
 *   events_id_flags does the same for the default id order: a `GET /events` page walks and
 *   filters its skipped rows inside one narrow index, never touching the wide event rows;
 * - event_tags_order (event_id, position, tag_id): a page's tags come in their order straight
 *   off the index.
 * SQLite only: events_fts and tags_fts are rebuilt with prefix indexes for 1–4 characters, so
 * the last (as-you-type) word of a search no longer merges the doclists of every word it
 * starts. Same columns, tokenizer and triggers as 0002.
 */
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

const FLAGS = ['active', 'closed', 'archived'];

async function rebuildFts(db: Kysely<any>, table: string, [a, b]: [string, string]): Promise<void> {
  const fts = `${table}_fts`;
  for (const t of ['ai', 'ad', 'au']) await sql.raw(`DROP TRIGGER ${fts}_${t}`).execute(db);
  await sql.raw(`DROP TABLE ${fts}`).execute(db);
  await sql.raw(`CREATE VIRTUAL TABLE ${fts} USING fts5(${a}, ${b}, content='${table}', content_rowid='id',
    tokenize='unicode61 remove_diacritics 2', prefix='1 2 3 4')`).execute(db);
  await sql.raw(`CREATE TRIGGER ${fts}_ai AFTER INSERT ON ${table} BEGIN
    INSERT INTO ${fts}(rowid, ${a}, ${b}) VALUES (new.id, new.${a}, new.${b}); END`).execute(db);
  await sql.raw(`CREATE TRIGGER ${fts}_ad AFTER DELETE ON ${table} BEGIN
    INSERT INTO ${fts}(${fts}, rowid, ${a}, ${b}) VALUES ('delete', old.id, old.${a}, old.${b}); END`).execute(db);
  await sql.raw(`CREATE TRIGGER ${fts}_au AFTER UPDATE OF ${a}, ${b} ON ${table} BEGIN
    INSERT INTO ${fts}(${fts}, rowid, ${a}, ${b}) VALUES ('delete', old.id, old.${a}, old.${b});
    INSERT INTO ${fts}(rowid, ${a}, ${b}) VALUES (new.id, new.${a}, new.${b}); END`).execute(db);
  await sql.raw(`INSERT INTO ${fts}(${fts}) VALUES ('rebuild')`).execute(db);
}

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  for (const col of ['volume', 'start_date', 'created_at']) {
    await db.schema.dropIndex(`events_${col}`).execute();
    await db.schema.createIndex(`events_${col}_flags`).on('events').columns([col, 'id', ...FLAGS]).execute();
  }
  await db.schema.createIndex('events_id_flags').on('events').columns(['id', ...FLAGS]).execute();
  await db.schema.createIndex('event_tags_order').on('event_tags').columns(['event_id', 'position', 'tag_id']).execute();
  if (ctx.dialect === 'sqlite') {
    await rebuildFts(db, 'events', ['title', 'slug']);
    await rebuildFts(db, 'tags', ['label', 'slug']);
  }
}
