/** Shared CLI plumbing: flags that mirror environment variables, and config loading with a clean exit. */
import type { Command } from 'commander';
import { loadConfig, type Config } from '../config/config.js';
import { ConfigError } from '../config/errors.js';

export function withStoreFlags(cmd: Command): Command {
  return cmd
    .option('--data-dir <dir>', 'directory of the embedded database (SIBYL_DATA_DIR)')
    .option('--database-url <url>', 'PostgreSQL URL instead of the embedded database (DATABASE_URL)');
}

export function configFrom(flags: Record<string, unknown>): Config {
  const env = { ...process.env };
  const mirror: Record<string, string> = {
    dataDir: 'SIBYL_DATA_DIR', databaseUrl: 'DATABASE_URL', host: 'HOST', port: 'PORT',
  };
  for (const [flag, variable] of Object.entries(mirror)) {
    if (typeof flags[flag] === 'string') env[variable] = flags[flag] as string;
  }
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
}
