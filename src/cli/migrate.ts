/** `sibyl migrate` — bring the database schema to the latest version and exit. */
import type { Command } from 'commander';
import { openStore } from '../store/db.js';
import { migrateToLatest } from '../store/migrate.js';
import { configFrom, withStoreFlags } from './env.js';
import { progress } from './progress.js';

export function migrateCommand(program: Command): void {
  withStoreFlags(program.command('migrate'))
    .description('apply pending database migrations')
    .action(async (flags: Record<string, unknown>) => {
      const config = configFrom(flags);
      const store = openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      try {
        const bar = progress();
        const { applied } = await migrateToLatest(store, { collateral: config.bots, progress: (what, done, total) => bar.update(what, done, total) })
          .finally(() => bar.stop());
        console.log(applied.length ? `applied: ${applied.join(', ')}` : 'schema is up to date');
      } finally {
        await store.close();
      }
    });
}
