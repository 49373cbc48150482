/** Helpers for the demo tests: a migrated store on a fresh database, and full catalog dumps. */
import { openStore, type Store } from '../../src/store/db.js';
import { migrateToLatest } from '../../src/store/migrate.js';
import type { Database } from '../../src/store/schema.js';
import type { Backend } from '../support/backends.js';

export interface FreshStore { store: Store; dispose(): Promise<void> }

export async function freshStore(backend: Backend): Promise<FreshStore> {
  const { config, dispose } = await backend.fresh();
  const store = openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  await migrateToLatest(store);
  return { store, dispose: async () => { await store.close(); await dispose(); } };
}

/** Every catalog table with its key columns (the dump order). */
export const CATALOG_TABLES: ReadonlyArray<readonly [keyof Database, string[]]> = [
  ['sites', ['id']], ['event_creators', ['id']], ['tags', ['id']], ['series', ['id']], ['events', ['id']],
  ['event_tags', ['event_id', 'tag_id']], ['event_series', ['event_id', 'series_id']], ['event_sites', ['event_id', 'site_id']],
  ['markets', ['id']], ['market_tags', ['market_id', 'tag_id']], ['tokens', ['token_id']], ['profiles', ['address']],
  ['comments', ['id']], ['comment_reactions', ['id']],
];

export type Dump = Record<string, unknown[]>;

export async function dumpCatalog(store: Store): Promise<Dump> {
  const out: Dump = {};
  for (const [table, keys] of CATALOG_TABLES) {
    // Sorted here, not in SQL: PostgreSQL's text collation need not be byte order.
    const rows = (await store.db.selectFrom(table).selectAll().execute()) as Array<Record<string, unknown>>;
    for (const r of rows) delete r.search_seq; // SQLite's own bookkeeping for the search index (migration 0017)
    out[table] = rows.sort((a, b) => {
      for (const k of keys) {
        const x = a[k] as number | string;
        const y = b[k] as number | string;
        if (x !== y) return x < y ? -1 : 1;
      }
      return 0;
    });
  }
  return out;
}

export async function countOf(store: Store, table: keyof Database): Promise<number> {
  const row = await store.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
