/**
 * Runs the migration history (migrations/index.ts) up to the latest. Called on start and by
 * `sibyl migrate`. Kysely's migrator records applied migrations and takes a lock, so two
 * instances starting together against one PostgreSQL do not race.
 */
import { Migrator, type Migration } from 'kysely';
import type { Store } from './db.js';
import { migrationContext, type MigrationOptions } from './migrations/context.js';
import { MIGRATIONS } from './migrations/index.js';

export interface MigrateResult {
  applied: string[];
}

export async function migrateToLatest(store: Store, opts: MigrationOptions = {}): Promise<MigrateResult> {
  const ctx = migrationContext(store.dialect, opts);
  const migrator = new Migrator({
    db: store.db,
    // 0030 landed after 0031 (src/store/migrations/index.ts): a database already at 0031 takes it too.
    allowUnorderedMigrations: true,
    provider: {
      getMigrations: async () => {
        const out: Record<string, Migration> = {};
        for (const [name, mod] of MIGRATIONS) out[name] = { up: (db) => mod.up(db, ctx) };
        return out;
      },
    },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}
