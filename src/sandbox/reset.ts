/**
 * Reset (docs/sandbox.md): the venue's tables are replaced by those of a template database —
 * a fresh demo load (the demo's one entry point, `loadDemo`, then the event list's stored items,
 * as a first start does) or, to wipe, an empty migrated database. The template is an embedded
 * database built once per process in a temporary directory. The replacement is one synchronous
 * transaction on the embedded store's own handle (ATTACH the template, DELETE and INSERT …
 * SELECT every venue table), so no other work of the process — no request, no read — runs while
 * it is half done. Triggers fire as for any write, so every kept answer's version moves
 * (page_versions); the search index is told to start over
 * (`search:resets`). The event sequence only grows: the batch number and every book's `seq`
 * go on past their old values. Kept as they were: settings (exchange mode, master key), the
 * operator's audit trail, heartbeat sessions, the book history and its per-market settings,
 * and every table the template has not (the cluster's lease, the migration history).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { openStore } from '../store/db.js';
import { migrateToLatest } from '../store/migrate.js';
import { DEMO_SEED, loadDemo } from '../demo/load.js';
import { fillEventItems } from '../catalog/event-json.js';
import type { Collateral } from '../domain/ctf-ids.js';


/** Tables a reset never touches (state of the process or the operator, not of the venue). */
export const KEPT_TABLES = new Set([
  'settings', 'admin_audit', 'heartbeat_sessions', 'page_versions', 'book_history', 'book_history_markets',
  'sqlite_sequence', 'sqlite_stat1', 'sqlite_stat4',
]);

/** The settings row that says the database holds the demo data set, and its seed (written by `sibyl seed --demo` and a reset). */
export const DEMO_MARKER = 'sandbox.demo';

export interface Template { file: string; dispose(): void }

/**
 * Whether a database holds the demo data set: a demo load or reset marked it, or (a database
 * from before the marker) it is an embedded one with SIBYL_DEMO on and a catalog, which the
 * first start filled with the demo.
 */
export async function holdsDemo(db: Kysely<any>, demoConfigured: boolean, embedded: boolean): Promise<number | null> {
  const marker = await db.selectFrom('settings').select('value').where('key', '=', DEMO_MARKER).executeTakeFirst();
  if (marker !== undefined) return Number(marker.value);
  if (!demoConfigured || !embedded) return null;
  return (await db.selectFrom('events').select('id').limit(1).executeTakeFirst()) !== undefined ? DEMO_SEED : null;
}

/** Marks a database as holding the demo data set of `seed` (`sibyl seed --demo`, a reset). */
export async function markDemo(db: Kysely<any>, seed: number): Promise<void> {
  await db.insertInto('settings').values({ key: DEMO_MARKER, value: String(seed) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(seed) })).execute();
}

/** Builds a template database: the demo data set, or (`empty`) nothing but the schema. */
/** `day`: the demo's load day (`demoBaseOf` the database being reset: a reset restores its own day). */
export async function buildTemplate(kind: 'demo' | 'empty', seed = DEMO_SEED, collateral?: Collateral, day?: number): Promise<Template> {
  const dir = mkdtempSync(join(tmpdir(), `sibyl-${kind}-template-`));
  const dispose = () => rmSync(dir, { recursive: true, force: true });
  const store = openStore({ dataDir: dir, commitProbe: false });
  try {
    await migrateToLatest(store, { collateral });
    if (kind === 'demo') {
      await loadDemo(store, { seed, collateral, day });
      await fillEventItems(store.db);
    }
  } catch (err) {
    await store.close();
    dispose();
    throw err;
  }
  await store.close();
  return { file: join(dir, 'sibyl.db'), dispose };
}

/** The venue tables of a template: real tables, neither virtual (full-text) nor their shadow tables, nor kept ones. */
function venueTables(db: SqliteDatabase.Database): string[] {
  const rows = db.prepare("select name, sql from tmpl.sqlite_master where type = 'table'").all() as Array<{ name: string; sql: string | null }>;
  const virtual = rows.filter((r) => /^create virtual table/i.test(r.sql ?? '')).map((r) => r.name);
  return rows.map((r) => r.name)
    .filter((n) => !KEPT_TABLES.has(n) && !n.startsWith('kysely_') && !virtual.some((v) => n === v || n.startsWith(`${v}_`)))
    .sort();
}

/**
 * Replaces every venue table of the embedded database `db` with the template's rows, in one
 * transaction, and marks (or unmarks) the demo. Returns the tables replaced.
 */
export function replaceFromTemplate(db: SqliteDatabase.Database, template: string, demo: number | null): string[] {
  db.prepare('attach database ? as tmpl').run(template);
  try {
    const tables = venueTables(db);
    const columns = (t: string, schema: string) => (db.prepare(`select name from ${schema}.pragma_table_info(?)`).all(t) as Array<{ name: string }>).map((c) => c.name);
    db.transaction(() => {
      db.pragma('defer_foreign_keys = ON');
      const oldBatch = Number((db.prepare('select coalesce(max(batch_seq), 0) as s from main.exchange_state').get() as { s: number }).s);
      const oldBooks = Number((db.prepare('select coalesce(max(seq), 0) as s from main.books').get() as { s: number }).s);
      for (const t of tables) db.prepare(`delete from main."${t}"`).run();
      for (const t of tables) {
        const mine = new Set(columns(t, 'main'));
        const cols = columns(t, 'tmpl').filter((c) => mine.has(c)).map((c) => `"${c}"`).join(', ');
        db.prepare(`insert into main."${t}" (${cols}) select ${cols} from tmpl."${t}"`).run();
      }
      // The event sequence goes on: the reset is the next batch, and every book's seq moves past its old one.
      const next = Math.max(oldBatch, oldBooks) + 1;
      db.prepare(`insert into main.exchange_state (id, seq, deposited, withdrawn, taker_matched, maker_matched, batch_seq)
        values (1, 0, 0, 0, 0, 0, ?) on conflict (id) do update set batch_seq = excluded.batch_seq`).run(next);
      db.prepare('update main.books set seq = ?').run(next);
      db.prepare(`insert into main.page_versions (pages, id, version) values ('search:resets', 0, 1)
        on conflict (pages, id) do update set version = page_versions.version + 1`).run();
      if (demo !== null) db.prepare('insert into main.settings (key, value) values (?, ?) on conflict (key) do update set value = excluded.value').run(DEMO_MARKER, String(demo));
      else db.prepare('delete from main.settings where key = ?').run(DEMO_MARKER);
    })();
    return tables;
  } finally {
    db.prepare('detach database tmpl').run();
  }
}
