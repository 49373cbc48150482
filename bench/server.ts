/**
 * Runs the service as a separate process for a benchmark suite: its own data directory (kept
 * under .bench-tmp/ and reused while the suite's cache key and the schema are unchanged), rate limits off, a
 * random operator token, a free port. Returns when `GET /` answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import type { BenchContext, BenchServerSpec } from './types.js';
import { SQLITE_PAGE_SIZE } from '../src/store/db.js';

const ROOT = resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => ok(port));
    });
  });
}

async function waitUp(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`bench server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/`);
      if (res.ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`bench server did not answer within ${timeoutMs} ms`);
}

export interface RunningServer {
  ctx: BenchContext;
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** A fingerprint of the migration history and the page size: a cached data set built on another schema is rebuilt. */
export function schemaFingerprint(): string {
  const dir = join(ROOT, 'src/store/migrations');
  const hash = createHash('sha1').update(`page_size ${SQLITE_PAGE_SIZE}`);
  for (const f of readdirSync(dir).sort()) hash.update(f).update(readFileSync(join(dir, f)));
  return hash.digest('hex').slice(0, 8);
}

export async function prepareDataDir(spec: BenchServerSpec, env: Record<string, string>, tag = ''): Promise<string> {
  const key = spec.prepare ? `${spec.prepare.cacheKey}-${schemaFingerprint()}` : 'fresh';
  const dataDir = join(ROOT, '.bench-tmp', `${spec.id}-${key}${tag}`);
  const marker = join(dataDir, '.prepared');
  if (spec.prepare && existsSync(marker)) return dataDir;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  if (spec.prepare) {
    console.error(`[bench] preparing data set ${spec.id} (${key}) — cached for later runs`);
    await spec.prepare.run(dataDir, { ...env, SIBYL_DATA_DIR: dataDir });
    writeFileSync(marker, new Date().toISOString());
  }
  return dataDir;
}

/**
 * `root`: the checkout whose `bin/sibyl.js` serves (another git ref's worktree for `--against`:
 * bench/against.ts); `tag`: a suffix of the data directory, so two servers of one suite never share it.
 */
export async function startServer(spec: BenchServerSpec, where: { root?: string; tag?: string } = {}): Promise<RunningServer> {
  const port = await freePort();
  const adminToken = randomBytes(16).toString('hex');
  const base: Record<string, string> = {
    ...(process.env as Record<string, string>),
    HOST: '127.0.0.1', PORT: String(port), SIBYL_RATE_LIMITS: 'off', LOG_LEVEL: 'warn',
    SIBYL_DEMO_LIVE: '0', // books move only when the bench moves them (docs/sandbox.md); a suite may opt in
    SIBYL_ADMIN_TOKEN: adminToken, ...spec.env,
  };
  delete base.DATABASE_URL; // benchmarks run on the embedded store unless a suite says otherwise
  delete base.MALLOC_TRIM_THRESHOLD_; // the load generator's allocator setting (README), not the server's
  if (spec.env?.DATABASE_URL) base.DATABASE_URL = spec.env.DATABASE_URL;
  const dataDir = await prepareDataDir(spec, base, where.tag);
  const env = { ...base, SIBYL_DATA_DIR: dataDir };
  // BENCH_SERVER_NODE_ARGS passes flags to the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, join(where.root ?? ROOT, 'bin/sibyl.js'), 'serve'], { cwd: where.root ?? ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUp(baseUrl, child, 120_000);
  return {
    ctx: { baseUrl, adminToken, dataDir, serverPid: child.pid },
    env,
    stop: () => new Promise((ok) => {
      if (child.exitCode !== null) return ok();
      child.once('exit', () => ok());
      child.kill('SIGTERM');
    }),
  };
}
