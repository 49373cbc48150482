/**
 * `sibyl seed` — fill an empty database with the deterministic demo data set (`--demo`) or a
 * large catalog for benchmarks (`--scale`). Migrates first. It refuses a database that already
 * holds catalog data, always: mixing two generated data sets would break their determinism
 * and slug uniqueness, so the answer is a fresh data directory or database, not `--force`.
 */
import { InvalidArgumentError, type Command } from 'commander';
import { openStore } from '../store/db.js';
import { migrateToLatest } from '../store/migrate.js';
import { DEMO_SEED, hasCatalogData, loadDemo } from '../demo/load.js';
import { SCALE_DEFAULTS, seedScale } from '../demo/scale.js';
import { configFrom, withStoreFlags } from './env.js';
import { progress } from './progress.js';
import { markDemo } from '../sandbox/reset.js'; // `sibyl reset` and the simulated traders know the demo (docs/sandbox.md)

function count(name: string, min = 0) {
  return (value: string): number => {
    const n = Number(value.replace(/_/g, ''));
    if (!Number.isSafeInteger(n) || n < min) throw new InvalidArgumentError(`${name} must be an integer >= ${min}`);
    return n;
  };
}

const HELP = `
Examples:
  sibyl seed --demo                         the demo data set (what an empty 'sibyl serve' loads)
  sibyl seed --demo --seed 7 --data-dir /tmp/demo7
  sibyl seed --scale                        ${SCALE_DEFAULTS.events.toLocaleString('en')} events, ${(SCALE_DEFAULTS.events * SCALE_DEFAULTS.marketsPerEvent).toLocaleString('en')} markets, ${SCALE_DEFAULTS.comments.toLocaleString('en')} comments
  sibyl seed --scale --events 5000 --markets-per-event 4 --comments 50000

The database must hold no catalog data yet; use a fresh --data-dir (or a new PostgreSQL
database). Start the server with SIBYL_DEMO=0 on a scale database you seeded elsewhere.`;

interface SeedFlags {
  demo?: boolean; scale?: boolean; seed?: number; events?: number; marketsPerEvent?: number;
  comments?: number; profiles?: number; quiet?: boolean; [key: string]: unknown;
}

export function seedCommand(program: Command): void {
  withStoreFlags(program.command('seed'))
    .description('fill an empty database with the demo data set (--demo) or a large benchmark catalog (--scale)')
    .option('--demo', 'the deterministic demo data set')
    .option('--scale', 'a large deterministic catalog for benchmarks')
    .option('--seed <n>', `PRNG seed (demo default ${DEMO_SEED}, scale default ${SCALE_DEFAULTS.seed})`, count('--seed'))
    .option('--events <n>', `scale: number of events (default ${SCALE_DEFAULTS.events})`, count('--events', 1))
    .option('--markets-per-event <n>', `scale: average markets per event (default ${SCALE_DEFAULTS.marketsPerEvent})`, count('--markets-per-event', 1))
    .option('--comments <n>', `scale: number of comments (default ${SCALE_DEFAULTS.comments})`, count('--comments'))
    .option('--profiles <n>', 'scale: wallets with profiles (default events/10, between 60 and 10,000)', count('--profiles', 1))
    .option('--quiet', 'no progress output')
    .addHelpText('after', HELP)
    .action(async (flags: SeedFlags, cmd: Command) => {
      if (Boolean(flags.demo) === Boolean(flags.scale)) cmd.error('choose exactly one of --demo and --scale');
      if (flags.demo) {
        const scaleOnly = ['events', 'marketsPerEvent', 'comments', 'profiles'].filter((k) => flags[k] !== undefined);
        if (scaleOnly.length) cmd.error('--events, --markets-per-event, --comments and --profiles go with --scale');
      }
      const config = configFrom(flags);
      const store = openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      try {
        await migrateToLatest(store, { collateral: config.bots });
        if (await hasCatalogData(store.db)) {
          console.error(`${store.location} already holds catalog data; 'sibyl seed' only fills an empty database, so that`
            + ' data sets never mix. Use a fresh data directory (--data-dir or SIBYL_DATA_DIR) or a new PostgreSQL database'
            + ' (--database-url). Note that \'sibyl serve\' loads the demo data set into an empty embedded database unless SIBYL_DEMO=0.');
          process.exitCode = 1;
          return;
        }
        const bar = progress(flags.quiet);
        const started = Date.now();
        const onProgress = (what: string, done: number, total: number) => bar.update(what, done, total);
        const counts = flags.demo
          ? await loadDemo(store, { seed: flags.seed, onProgress, collateral: config.bots, day: Date.now() }).then(async (c) => { await markDemo(store.db, flags.seed ?? DEMO_SEED); return c; })
          : await seedScale(store, { seed: flags.seed, events: flags.events, marketsPerEvent: flags.marketsPerEvent, comments: flags.comments, profiles: flags.profiles, onProgress });
        bar.stop();
        const summary = Object.entries(counts).map(([k, v]) => `${v} ${k}`).join(', ');
        console.log(`seeded ${store.location}: ${summary} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      } finally {
        await store.close();
      }
    });
}
