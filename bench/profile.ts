/**
 * Where a write's server CPU goes (issue #40, docs/benchmarks.md): `npx tsx bench/profile.ts
 * <suite> "<scenario name>" [seconds]` starts the suite's server with `--cpu-prof`, loads ONLY
 * that scenario (no reference rounds: the profile is that request's) for a warm-up and then
 * `seconds` (default 10), stops the server and splits its CPU samples by phase. A sample goes
 * to the phase of the innermost frame of its stack that one of `PHASES` claims (most specific
 * first); the µs per request are that share of the measured window's server CPU per request.
 * Only the last `seconds` of the profile count (the measured load; start-up, set-up and warm-up
 * are left out); idle is not CPU.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { httpSuites } from './suites.js';
import { startServer } from './server.js';
import { load } from './http.js';

/** [phase, test on a frame's "function url"], most specific first. */
const PHASES: Array<[string, RegExp]> = [
  ['garbage collection', /^\(garbage collector\)/],
  ['SQL outside the group commit (kysely: signed-order claims, key reads)', /kysely/],
  ['signature (EIP-712 digest, recovery)', /\/src\/trading\/signed\/|secp256k1|viem|@noble/],
  ['replay check', /\/src\/auth\/replay/],
  ['auth (L2 HMAC, key, headers)', /\/src\/auth\/|requireL2/],
  ['commit (SQLite write, group commit)', /\/src\/exchange\/(sqlite-writer|writer|batch|rows|columns|pg-writer)|better-sqlite3|\/src\/store\//],
  ['event sequence (batch event, kept pages, streams)', /\/src\/exchange\/events|\/src\/streams\/|wallet-stamps|\/src\/trading\/account|\/src\/dataapi\/|\/src\/marketdata\//],
  ['engine (match, ledger, order rows)', /\/src\/(core|engine|ledger)\//],
  ['queue (exchange.submit, seal)', /\/src\/exchange\//],
  ['heartbeat service', /\/src\/heartbeats\//],
  ['validation (schema, order input)', /ajv|\/src\/trading\/(order-input|order-json|wire)|\/src\/http\/validation|validate/],
  ['answer (serialise, headers, send)', /fast-json-stringify|serializ|\/src\/trading\/(format|responses)|\/reply\.js|_http_outgoing|node:net|writeGeneric|writev|onSend|\/src\/edge\//],
  ['parse (HTTP, JSON body)', /_http_common|_http_server|parserOn|contentTypeParser|JSON\.parse|\/src\/http\/body|secure-json-parse/],
  ['routing, hooks, handlers (fastify, the app\'s own code)', /fastify|find-my-way|avvio|\/src\/http\/|\/src\/routes\/|\/src\/trading\//],
];

const [suiteName, scenarioName, secondsArg] = process.argv.slice(2);
if (!suiteName || !scenarioName) { console.error('usage: tsx bench/profile.ts <suite> "<scenario>" [seconds]'); process.exit(2); }
const suite = (await httpSuites((n) => n === suiteName)).find((s) => s.name === suiteName);
const scenario = suite?.scenarios.find((s) => s.name === scenarioName);
if (!suite || !scenario) { console.error(`no scenario "${scenarioName}" in suite ${suiteName}`); process.exit(2); }
const dir = mkdtempSync(join(tmpdir(), 'sibyl-prof-'));
process.env.BENCH_SERVER_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${dir}`;
const server = await startServer(suite.server);
let sample;
try {
  const reqs = await scenario.requests(server.ctx);
  await load(server.ctx, reqs, { rounds: 1, durationS: 2, connections: 10 });
  sample = await load(server.ctx, reqs, { rounds: 1, durationS: Number(secondsArg ?? 10), connections: 10 });
} finally {
  await server.stop();
}
if (sample.failure) throw new Error(sample.failure);

interface Node { id: number; callFrame: { functionName: string; url: string }; children?: number[] }
const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))!;
const prof = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const label = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url}`;
// The measured window is the profile's last `seconds` (the server stops right after the load).
const at: number[] = [];
prof.timeDeltas.reduce((t, d, i) => (at[i] = t + d), 0);
const from = at[at.length - 1]! - Number(secondsArg ?? 10) * 1e6;
const phaseUs = new Map<string, number>();
const leaves = new Map<string, number>();
let total = 0;
prof.samples.forEach((id, i) => {
  const dt = prof.timeDeltas[i + 1] ?? 0; // the time until the next sample is this one's
  const leaf = byId.get(id)!;
  if (at[i]! < from || leaf.callFrame.functionName === '(idle)') return;
  total += dt;
  let phase = 'other (node, libuv, program)';
  for (let c: number | undefined = id; c !== undefined; c = parent.get(c)) {
    const hit = PHASES.find(([, re]) => re.test(label(byId.get(c!)!)));
    if (hit) { phase = hit[0]; break; }
  }
  const key = `${phase}: ${label(leaf)}`;
  leaves.set(key, (leaves.get(key) ?? 0) + dt);
  phaseUs.set(phase, (phaseUs.get(phase) ?? 0) + dt);
});
const perReq = sample.serverUs ?? NaN;
console.log(`\n${suiteName} / ${scenarioName}: ${sample.rps.toFixed(0)} req/s, server ${perReq.toFixed(0)} µs/req (measured window), client ${sample.clientUs.toFixed(0)} µs/req; profile ${(total / 1e6).toFixed(1)} CPU-s of samples\n`);
console.log('| phase | share of server CPU | µs/request |\n|---|---:|---:|');
for (const [p, us] of [...phaseUs].sort((a, b) => b[1] - a[1])) console.log(`| ${p} | ${((100 * us) / total).toFixed(1)} % | ${((perReq * us) / total).toFixed(0)} |`);
console.log('\nlargest leaves (phase: function file):');
for (const [l, us] of [...leaves].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.LEAVES ?? 25))) console.log(`  ${((100 * us) / total).toFixed(1)} % ${l.replace(/file:\/\/\/\S*?node_modules\//, '').replace(/file:\/\/\/\S*?\/src\//, 'src/')}`);
