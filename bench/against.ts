/**
 * `npm run bench -- <suite…> --against <git-ref>`: the same HTTP suites on two servers in one
 * run — "before" served by <git-ref>, "after" by this checkout — rounds alternating between them
 * (bench/http.ts `measureAB`), and a table with both and the change per row.
 *
 * The ref is checked out in a temporary git worktree under `.bench-tmp/against/<commit>` (kept
 * for the next run of the same commit). Its `node_modules`: a symlink to this checkout's when
 * every package the ref's package-lock.json names is installed here at the same version and
 * integrity (this checkout only adds packages, say); otherwise `npm ci` runs in the worktree.
 * The scenarios (the load, the set-up requests) are this checkout's for both servers, so both
 * answer the same requests; each server has its own data directory.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { measureAB, type LoadOptions } from './http.js';
import { startServer } from './server.js';
import type { BenchRow, HttpSuite } from './types.js';

const ROOT = resolve(import.meta.dirname, '..');

type Lock = { packages?: Record<string, { version?: string; integrity?: string }> };

/** Whether this checkout's node_modules holds every package `refLock` names, at its version and integrity. */
function modulesCover(refLock: Lock, ours: Lock): boolean {
  for (const [path, p] of Object.entries(refLock.packages ?? {})) {
    if (path === '') continue;
    const o = ours.packages?.[path];
    if (o === undefined || o.version !== p.version || (p.integrity !== undefined && o.integrity !== p.integrity)) return false;
  }
  return true;
}

/** The ref's worktree, ready to serve (its commit and root). */
export function prepareRef(ref: string): { commit: string; root: string } {
  const git = (...args: string[]) => execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8' }).trim();
  const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
  const root = join(ROOT, '.bench-tmp', 'against', commit.slice(0, 12));
  if (!existsSync(join(root, 'bin/sibyl.js'))) {
    rmSync(root, { recursive: true, force: true });
    git('worktree', 'prune');
    mkdirSync(join(ROOT, '.bench-tmp', 'against'), { recursive: true });
    console.error(`[bench] --against ${ref}: checking out ${commit.slice(0, 12)} in ${root}`);
    git('worktree', 'add', '--detach', root, commit);
  }
  if (!existsSync(join(root, 'node_modules'))) {
    const refLock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as Lock;
    const ours = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as Lock;
    if (modulesCover(refLock, ours)) {
      console.error('[bench] --against: the ref\'s packages are all installed here at its versions: node_modules linked');
      symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(root, 'node_modules'));
    } else {
      console.error('[bench] --against: the ref locks other packages: npm ci in its worktree');
      const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
      if (r.status !== 0) throw new Error(`npm ci in ${root} failed (${r.status})`);
    }
  }
  return { commit, root };
}

const fmt = (n: number | undefined, digits = 0) => n === undefined ? '' : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const change = (before: number | undefined, after: number | undefined) => {
  if (before === undefined || after === undefined || before === 0) return '';
  const pct = (after / before - 1) * 100;
  return `${pct >= 0 ? '+' : ''}${pct.toFixed(1)} %`;
};

/** The before/after table: the ratio to the reference, server CPU per request and req/s of each server, and their changes. */
export function abTable(pairs: Array<[BenchRow, BenchRow]>, beforeName: string): string {
  const head = `| scenario | ratio before | ratio after | change | server µs/req before | after | change | req/s before | after | change | target | result after |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|`;
  const body = pairs.map(([b, a]) => `| ${a.scenario} | ${fmt(b.ratio, 2)}× | ${fmt(a.ratio, 2)}× | ${change(b.ratio, a.ratio)} | ${fmt(b.serverUs)} | ${fmt(a.serverUs)} | ${change(b.serverUs, a.serverUs)} | ${fmt(b.reqPerSec)} | ${fmt(a.reqPerSec)} | ${change(b.reqPerSec, a.reqPerSec)} | ${a.target ?? ''} | ${a.met === undefined ? '' : a.met ? 'met' : 'MISSED'} |`);
  return `Before: \`${beforeName}\`; after: this checkout. Rounds alternate between the two servers.\n\n${[head, ...body].join('\n')}`;
}

/** Runs `suite` on the ref's server and this checkout's, alternating; answers the table. */
export async function runAgainst(suite: HttpSuite, ref: { name: string; root: string; commit: string }, opts: LoadOptions, wanted: (name: string) => boolean): Promise<string> {
  console.error(`[bench] ${suite.name}: starting the servers of ${ref.name} (${ref.commit.slice(0, 12)}) and of this checkout`);
  const before = await startServer(suite.server, { root: ref.root, tag: `-against-${ref.commit.slice(0, 12)}` });
  let after: Awaited<ReturnType<typeof startServer>> | undefined;
  const pairs: Array<[BenchRow, BenchRow]> = [];
  try {
    after = await startServer(suite.server);
    pairs.push(await measureAB([before.ctx, after.ctx], null, opts));
    for (const scenario of suite.scenarios.filter((s) => wanted(s.name))) {
      console.error(`[bench] ${suite.name}: ${scenario.name} (before/after)`);
      pairs.push(await measureAB([before.ctx, after.ctx], scenario, opts));
    }
  } finally {
    await before.stop();
    await after?.stop();
  }
  return abTable(pairs, `${ref.name} (${ref.commit.slice(0, 12)})`);
}
