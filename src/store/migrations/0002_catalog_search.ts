/**
 * Catalog reads at scale: full-text indexes for `/public-search` and the indexes the catalog's
 * sort orders and creator scoping use.
 * - SQLite: FTS5 external-content tables `events_fts(title, slug)` and `tags_fts(label, slug)`,
 *   kept in step with their base tables by triggers (the unicode61 tokenizer splits slugs on `-`).
 * - PostgreSQL: GIN indexes on `to_tsvector('simple', …)` expressions — built in, no extension
 *   needed. The `simple` configuration does not stem, which matches FTS5's unicode61, so both
 *   backends find the same words. src/catalog/queries/search-sql.ts uses the same expressions.
 */
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

async function sqliteFts(db: Kysely<any>, table: string, cols: [string, string]): Promise<void> {
  const fts = `${table}_fts`;
  const [a, b] = cols;
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
  if (ctx.dialect === 'sqlite') {
    await sqliteFts(db, 'events', ['title', 'slug']);
    await sqliteFts(db, 'tags', ['label', 'slug']);
  } else {
    await sql.raw(`CREATE INDEX events_search ON events USING gin (to_tsvector('simple', title || ' ' || slug))`).execute(db);
    await sql.raw(`CREATE INDEX tags_search ON tags USING gin (to_tsvector('simple', label || ' ' || slug))`).execute(db);
  }
  await db.schema.createIndex('events_volume').on('events').columns(['volume', 'id']).execute();
  await db.schema.createIndex('events_liquidity').on('events').columns(['liquidity', 'id']).execute();
  await db.schema.createIndex('events_start_date').on('events').columns(['start_date', 'id']).execute();
  await db.schema.createIndex('events_created_at').on('events').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('event_creators_wallet').on('event_creators').column('wallet').execute();
  await db.schema.createIndex('event_creators_handle').on('event_creators').column('creator_handle').execute();
  await db.schema.createIndex('profiles_base_address').on('profiles').column('base_address').execute();
  await db.schema.createIndex('market_tags_tag').on('market_tags').columns(['tag_id', 'market_id']).execute();
}
