/**
 * The storage backends a test runs against: SQLite always, PostgreSQL when DATABASE_URL is set
 * (each call gets a fresh database of its own, dropped at the end). When DATABASE_URL is
 * absent the PostgreSQL variants are skipped with a visible notice, as docs/venue.md §14 requires.
 *
 *   for (const backend of backends()) describe(`events (${backend.name})`, { skip: backend.skip }, () => { ... });
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig, type Config } from '../../src/config/config.js';

export interface Backend {
  name: 'sqlite' | 'postgres';
  /** A reason to skip (string) or false. */
  skip: string | false;
  /** A config pointing at a fresh, empty database; call `dispose` when done. */
  fresh(env?: Record<string, string>): Promise<{ config: Config; dispose(): Promise<void> }>;
}

const PG_SKIP = 'PostgreSQL tests skipped: DATABASE_URL is not set';
let noticePrinted = false;

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try { await client.query(text); } finally { await client.end(); }
}

export function backends(): Backend[] {
  const pgUrl = process.env.DATABASE_URL;
  if (!pgUrl && !noticePrinted) {
    noticePrinted = true;
    console.log(`# NOTICE: ${PG_SKIP}`);
  }
  // Each service gets its own rate-limit key prefix, so services sharing one Redis never share counters.
  const baseEnv = (extra: Record<string, string> = {}) => ({
    // Simulated traders stay off unless a test opts in (books move only when the test moves them).
    SIBYL_DEMO: '0', SIBYL_DEMO_LIVE: '0', LOG_LEVEL: 'silent', PORT: '0', SIBYL_RATE_LIMIT_PREFIX: `test-${randomBytes(4).toString('hex')}`, ...extra,
  });
  return [
    {
      name: 'sqlite',
      skip: false,
      async fresh(env) {
        const dir = mkdtempSync(join(tmpdir(), 'sibyl-test-'));
        const config = loadConfig({ ...baseEnv(env), SIBYL_DATA_DIR: dir });
        return { config, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
      },
    },
    {
      name: 'postgres',
      skip: pgUrl ? false : PG_SKIP,
      async fresh(env) {
        const name = `sibyl_t_${randomBytes(6).toString('hex')}`;
        await adminQuery(pgUrl!, `CREATE DATABASE ${name}`);
        const dir = mkdtempSync(join(tmpdir(), 'sibyl-test-'));
        const config = loadConfig({ ...baseEnv(env), SIBYL_DATA_DIR: dir, DATABASE_URL: withDatabase(pgUrl!, name) });
        return {
          config,
          dispose: async () => {
            rmSync(dir, { recursive: true, force: true });
            await adminQuery(pgUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          },
        };
      },
    },
  ];
}
