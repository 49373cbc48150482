/**
 * `sibyl import <file|directory>` — load catalog data shaped like the public Gamma API's
 * responses (src/catalog/import). Idempotent; one transaction per record; bad records are
 * listed with their position and reason while the good ones are imported. Exits 1 when any
 * record failed, so scripts notice.
 */
import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { openStore } from '../store/db.js';
import { migrateToLatest } from '../store/migrate.js';
import { runImport } from '../catalog/import/run.js';
import { configFrom, withStoreFlags } from './env.js';
import { progress } from './progress.js';

export function importCommand(program: Command): void {
  withStoreFlags(program.command('import'))
    .argument('<path>', 'a .json/.jsonl file, or a directory of them')
    .description('import Gamma-shaped events and markets into the catalog')
    .option('-q, --quiet', 'no progress output')
    .action(async (path: string, flags: Record<string, unknown>) => {
      if (!existsSync(path)) {
        console.error(`no such file or directory: ${path}`);
        process.exit(2);
      }
      const config = configFrom(flags);
      const store = openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      const bar = progress(flags.quiet === true);
      try {
        await migrateToLatest(store, { collateral: config.bots });
        const s = await runImport(store.db, path, { onProgress: (done, total) => bar.update('importing', done, total) });
        bar.stop();
        for (const p of s.problems) console.error(`${p.position}: ${p.reason}`);
        console.log(`records: ${s.records}, created: ${s.created}, updated: ${s.updated}, unchanged: ${s.unchanged}, failed: ${s.failed}`);
        if (s.failed > 0) process.exitCode = 1;
      } finally {
        bar.stop();
        await store.close();
      }
    });
}
