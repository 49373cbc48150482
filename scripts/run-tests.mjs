#!/usr/bin/env node
// Runs every *.test.ts under src/ and test/ with node's test runner (TypeScript through tsx).
// Node 20's `--test` does not glob, so the files are listed here. Pass paths or substrings
// to run a subset: `node scripts/run-tests.mjs engine ledger`.
//
// Two passes: the files two at a time (each file is its own process, on its own databases,
// Redis prefixes and ports, so they do not meet), then, one by one, the files whose header
// says `@runs-alone` (they compare latencies or time a failover: a neighbour's load would be
// what they measure). A file that has not finished after FILE_TIMEOUT_MS is cancelled and fails
// (a hang fails the run; it never stalls it). SIBYL_TEST_CONCURRENCY=1 runs everything serially.
import { openSync, readSync, closeSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const FILE_TIMEOUT_MS = 10 * 60_000;
const concurrency = Math.max(1, Number(process.env.SIBYL_TEST_CONCURRENCY ?? 2) || 1);

function walk(dir, out) {
  let entries;
  try { entries = readdirSync(dir); } catch { return out; }
  for (const name of entries) {
    if (name === 'node_modules') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

/** True when the file's first 4 KB (its header) carries the `@runs-alone` tag. */
function runsAlone(file) {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(4096);
    const n = readSync(fd, buf, 0, buf.length, 0);
    return /@runs-alone\b/.test(buf.subarray(0, n).toString('utf8'));
  } finally {
    closeSync(fd);
  }
}

const filters = process.argv.slice(2);
const files = walk('test', walk('src', [])).sort()
  .filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)));
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}

function run(list, n) {
  if (list.length === 0) return 0;
  const res = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec',
    `--test-concurrency=${n}`, `--test-timeout=${FILE_TIMEOUT_MS}`, ...list], { stdio: 'inherit' });
  return res.status ?? 1;
}

const alone = files.filter(runsAlone);
const together = files.filter((f) => !alone.includes(f));
const started = Date.now();
const first = run(together, concurrency);
if (alone.length > 0) console.log(`\n# the ${alone.length} file(s) tagged @runs-alone, one at a time: ${alone.join(' ')}`);
const second = run(alone, 1);
console.log(`# ${files.length} test files in ${((Date.now() - started) / 60_000).toFixed(1)} min` +
  (first !== 0 || second !== 0 ? ` — FAILED (${[first !== 0 ? 'the shared pass' : '', second !== 0 ? 'the @runs-alone pass' : ''].filter(Boolean).join(', ')})` : ''));
process.exit(first !== 0 ? first : second);
