/**
 * Prints benchmark rows as a table and keeps docs/benchmarks.md up to date: each suite owns a
 * section between markers, so running one suite rewrites only its own section.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { execSync } from 'node:child_process';
import type { BenchRow } from './types.js';

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** 'met' or 'MISSED' for a row with a target ('' without one). */
export function verdict(row: Pick<BenchRow, 'met'>): string {
  return row.met === undefined ? '' : row.met ? 'met' : 'MISSED';
}

export function table(rows: BenchRow[], unit: 'http' | 'ops'): string {
  const head = unit === 'http'
    ? '| scenario | req/s | p50 ms | p99 ms | server µs/req | client µs/req | ratio to reference | target | result | note |\n|---|---:|---:|---:|---:|---:|---:|---|---|---|'
    : '| scenario | ops/s | p50 µs | p99 µs | ratio | target | result | note |\n|---|---:|---:|---:|---:|---|---|---|';
  const body = rows.map((r) => {
    const cells = [r.scenario, fmt(r.reqPerSec), fmt(r.p50ms, 2), fmt(r.p99ms, 2)];
    if (unit === 'http') cells.push(r.serverUs === undefined ? '' : fmt(r.serverUs), r.clientUs === undefined ? '' : fmt(r.clientUs));
    cells.push(r.ratio === undefined ? '' : `${fmt(r.ratio, 2)}×`, r.target ?? '', verdict(r), r.note ?? '');
    return `| ${cells.join(' | ')} |`;
  });
  return [head, ...body].join('\n');
}

function machine(): string {
  let commit = 'uncommitted';
  try { commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim(); } catch { /* not a checkout */ }
  return `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${cpus().length} cores · node ${process.version} · commit ${commit}`;
}

const FILE = 'docs/benchmarks.md';
const HEADER = `# Benchmarks

Measured with \`npm run bench\` (see bench/README.md). HTTP rows are ratios to the reference
\`GET /\` on the same server, measured in interleaved rounds in the same run (the median of the
per-round ratios): this machine is shared and noisy, so absolute numbers drift while ratios hold. Each section is rewritten when
its suite runs (\`npm run bench -- <suite> --write\`).
`;

export function writeSection(suite: string, markdown: string): void {
  const start = `<!-- suite:${suite} -->`;
  const end = `<!-- /suite:${suite} -->`;
  const section = `${start}\n## ${suite}\n\n_${machine()}_\n\n${markdown}\n${end}`;
  let doc = existsSync(FILE) ? readFileSync(FILE, 'utf8') : HEADER;
  const re = new RegExp(`${start}[\\s\\S]*?${end}`);
  doc = re.test(doc) ? doc.replace(re, section) : `${doc.trimEnd()}\n\n${section}\n`;
  writeFileSync(FILE, doc);
}
