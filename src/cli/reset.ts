/**
 * `sibyl reset` — the venue back to the seeded demo state, offline (docs/sandbox.md): the same
 * replacement `POST /admin/reset` makes inside a running service (embedded or PostgreSQL), on a
 * database no service holds (it takes the writer lock, so it refuses while `sibyl serve` runs; use the operator API
 * then). On a database without the demo it refuses unless `--wipe`, which empties the venue.
 */
import type { Command } from 'commander';
import { openStore } from '../store/db.js';
import { migrateToLatest } from '../store/migrate.js';
import { acquireWriterLock } from '../store/writer-lock.js';
import { buildTemplate, holdsDemo, replaceFromTemplate } from '../sandbox/reset.js';
import { demoBaseOf } from '../demo/load.js';
import { replaceOnPostgres } from '../sandbox/reset-pg.js';
import { configFrom, withStoreFlags } from './env.js';

export function resetCommand(program: Command): void {
  withStoreFlags(program.command('reset'))
    .description('restore the seeded demo state (catalog, books, balances, keys); --wipe empties a database without the demo')
    .option('--wipe', 'empty the venue instead (a database without the demo data set)')
    .action(async (flags: Record<string, unknown>, cmd: Command) => {
      const config = configFrom(flags);
      const wipe = flags.wipe === true;
      const store = openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      let lock: Awaited<ReturnType<typeof acquireWriterLock>> | undefined;
      try {
        lock = await acquireWriterLock({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, location: store.location });
        await migrateToLatest(store, { collateral: config.bots });
        const seed = await holdsDemo(store.db, config.demo, store.sqlite !== undefined);
        if (!wipe && seed === null) {
          cmd.error('this database does not hold the demo data set (SIBYL_DEMO=0 or another catalog): a reset would replace it; pass --wipe to empty the venue instead');
        }
        const started = performance.now();
        const template = wipe || seed === null ? await buildTemplate('empty') : await buildTemplate('demo', seed, config.bots, await demoBaseOf(store.db));
        try {
          const mark = wipe ? null : seed;
          const tables = store.sqlite ? replaceFromTemplate(store.sqlite, template.file, mark) : await replaceOnPostgres(store.db, template.file, mark);
          console.log(`${wipe ? 'emptied' : 'reset to the demo data set'}: ${tables.length} tables in ${Math.round(performance.now() - started)} ms`);
        } finally {
          template.dispose();
        }
      } finally {
        await store.close();
        await lock?.release();
      }
    });
}
