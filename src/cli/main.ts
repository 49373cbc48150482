/**
 * The `sibyl` command line. Each subcommand lives in its own file and registers itself here.
 * Configuration comes from the environment (docs/venue.md §14); flags mirror the common variables.
 */
import { Command } from 'commander';
import { serveCommand } from './serve.js';
import { migrateCommand } from './migrate.js';
import { seedCommand } from './seed.js';
import { importCommand } from './import.js';
import { resetCommand } from './reset.js';
import { scenarioCommand } from './scenario.js';

const program = new Command()
  .name('sibyl')
  .description('Sibyl: a self-hostable prediction-market exchange (catalog, CLOB and data APIs).')
  .version('0.1.0')
  .showHelpAfterError();

for (const add of [serveCommand, migrateCommand, seedCommand, importCommand, resetCommand, scenarioCommand]) add(program);

program.parseAsync(process.argv).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
