/**
 * `npm run bench [suite…] [-- --write --quick --rounds N --duration S --only TEXT --against REF]`
 * (`--against REF`: each HTTP suite — and the streams suite's fan-out — on REF's server and this checkout's, alternating: bench/against.ts)
 * Runs the named suites (all when none is named), prints their tables and, with --write,
 * records them in docs/benchmarks.md. `--only TEXT` keeps the HTTP scenarios whose name contains
 * TEXT (for profiling one; a partial table is never recorded). A benchmark, not a test: it never fails on a missed
 * target, it reports it.
 */
import { parseArgs } from 'node:util';
import { httpSuites, inProcessSuites } from './suites.js';
import { startServer } from './server.js';
import { measureReference, measureScenario, type LoadOptions } from './http.js';
import { table, writeSection } from './report.js';
import type { BenchRow } from './types.js';
import { prepareRef, runAgainst } from './against.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    write: { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    rounds: { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
    against: { type: 'string' },
  },
});
if (values.only !== undefined && values.write) {
  console.error('--only measures part of a suite: it cannot be recorded with --write');
  process.exit(2);
}
if (values.against !== undefined && values.write) {
  console.error('--against prints a before/after table: record it in docs/benchmarks.md by hand, with the two commits');
  process.exit(2);
}
const scenarioWanted = (name: string) => values.only === undefined || name.includes(values.only);

const quick = values.quick ?? false;
const opts: LoadOptions = {
  rounds: Number(values.rounds ?? (quick ? 1 : 5)),
  durationS: Number(values.duration ?? (quick ? 2 : 3)),
  connections: Number(values.connections),
};
const wanted = new Set(positionals);
const isWanted = (name: string) => wanted.size === 0 || wanted.has(name);
const selected = <T extends { name: string }>(s: T) => isWanted(s.name);

const allHttp = await httpSuites(isWanted);
const allInproc = await inProcessSuites();
const http = allHttp.filter(selected);
const inproc = allInproc.filter(selected);
const known = [...allHttp, ...allInproc].map((s) => s.name).concat('trading-pg');
const unknown = [...wanted].filter((n) => !known.includes(n));
if (unknown.length) {
  console.error(`unknown suite: ${unknown.join(', ')} (known: ${known.join(', ')})`);
  process.exit(2);
}

if (values.against !== undefined) {
  const ref = { name: values.against, ...prepareRef(values.against) };
  for (const suite of http) console.log(`\n## ${suite.name}: ${values.against} → this checkout\n${await runAgainst(suite, ref, opts, scenarioWanted)}\n`);
  for (const suite of inproc.filter((s) => s.against !== undefined)) console.log(`\n## ${suite.name}: ${values.against} → this checkout\n${await suite.against!({ quick }, ref)}\n`);
  const without = inproc.filter((s) => s.against === undefined);
  if (without.length > 0) console.error(`--against measures HTTP suites and streams only; not run: ${without.map((s) => s.name).join(', ')}`);
  process.exit(0);
}

for (const suite of http) {
  console.error(`[bench] ${suite.name}: starting server (${suite.server.id})`);
  const server = await startServer(suite.server);
  const rows: BenchRow[] = [];
  try {
    rows.push({ ...(await measureReference(server.ctx, opts)), suite: suite.name });
    for (const scenario of suite.scenarios.filter((sc) => scenarioWanted(sc.name))) {
      console.error(`[bench] ${suite.name}: ${scenario.name}`);
      rows.push({ ...(await measureScenario(server.ctx, scenario, opts)), suite: suite.name });
    }
  } finally {
    await server.stop();
  }
  const md = table(rows, 'http');
  console.log(`\n## ${suite.name}\n${md}\n`);
  if (values.write) writeSection(suite.name, `${opts.rounds} rounds × ${opts.durationS} s, ${opts.connections} connections.\n\n${md}`);
}

for (const suite of inproc) {
  console.error(`[bench] ${suite.name}: running in process`);
  const rows = await suite.run({ quick });
  const md = table(rows, suite.unit ?? 'ops');
  console.log(`\n## ${suite.name}\n${md}\n`);
  if (values.write) writeSection(suite.name, md);
}
