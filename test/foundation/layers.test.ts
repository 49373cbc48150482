/**
 * The layers, enforced: every import under src/ is read and checked against the rules below
 * (data, not code: to change the architecture, change these tables and the README's picture).
 * Imports run one way — root → edge → routes → services → core/store — and the services are
 * ordered among themselves (exchange at the bottom, the readers and desks above it, operator,
 * sandbox, cluster and demo on top). No file-level import circle anywhere under src/, no I/O
 * package in the pure core, and files stay under 300 lines, with short lists of named exceptions.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const SRC = 'src';

/** Each top-level folder (or root file) of src/ and the layer it belongs to. */
const LAYER_OF: Record<string, string> = {
  domain: 'domain', errors: 'domain', config: 'domain',
  engine: 'engine', ledger: 'ledger', core: 'core',
  metrics: 'floor', store: 'store',
  exchange: 'service', trading: 'service', marketdata: 'service', dataapi: 'service', catalog: 'service',
  heartbeats: 'service', operator: 'service', streams: 'service', demo: 'service', sandbox: 'service',
  faults: 'service', // provoked faults (src/faults/README.md)
  cluster: 'service', // the writer lease, the committed-batch feed, following and forwarding (src/cluster/README.md)
  auth: 'edge', edge: 'edge', http: 'edge',
  routes: 'routes', explorer: 'routes', // the explorer's routes, its build and page (browser code is in web/explorer/)
  app: 'root', cli: 'root', 'server.ts': 'root', // the composition root: src/app/ builds the HTTP app and names the Services
};

/**
 * The service folders, lowest first: a service imports only services before it in this list.
 * `exchange` is the bottom; the readers and desks sit on it (catalog … streams, in an order their
 * imports allow); cluster, demo, sandbox and operator are on top, wiring the ones below.
 */
const SERVICE_ORDER = [
  'exchange',
  'catalog', 'heartbeats', 'faults', 'dataapi', 'marketdata', 'trading', 'streams',
  'cluster', 'demo', 'sandbox', 'operator',
];

/** What each layer may import (besides itself). Anything not listed is a forbidden edge. */
const MAY_IMPORT: Record<string, string[]> = {
  domain: [],
  engine: ['domain'],
  ledger: ['domain', 'engine'],
  core: ['domain', 'engine', 'ledger'],
  floor: ['domain', 'core'],
  store: ['domain', 'floor'],
  service: ['domain', 'engine', 'ledger', 'core', 'floor', 'store', 'service'],
  edge: ['domain', 'floor', 'store', 'service'],
  routes: ['domain', 'floor', 'service', 'edge'],
  root: ['domain', 'engine', 'ledger', 'core', 'floor', 'store', 'service', 'edge', 'routes'],
};

/**
 * Imports allowed across the rules only as `import type` (erased: no run-time edge), each with why.
 * A route module's signature names the `Services` the composition root builds (src/app/services.ts).
 */
const TYPE_ONLY: Record<string, string[]> = {
  routes: ['root'],
};

/** Packages only some layers may import. */
const PACKAGE_LAYERS: Record<string, string[]> = {
  fastify: ['edge', 'routes', 'root'],
};

/** The pure core: no I/O package (files, sockets, databases, HTTP) is imported here. */
const PURE = ['domain', 'errors', 'engine', 'ledger', 'core'];
const IO_PACKAGES = [
  'node:fs', 'node:fs/promises', 'fs', 'node:net', 'node:http', 'node:https', 'node:http2', 'node:dgram', 'node:child_process',
  'node:worker_threads', 'node:cluster', 'kysely', 'ioredis', 'redis', 'fastify', 'pg', 'better-sqlite3', 'ws', 'undici',
];

/**
 * Edges the rules forbid, each named with why (none today). Keep it short: an entry that no longer
 * matches fails the test, so an exception cannot outlive its reason.
 */
const EXCEPTIONS: Record<string, string> = {};

/** Files allowed past 300 lines, each with why. */
const LONG_FILES: Record<string, string> = {
  'engine/book.ts': 'the order book: one array-backed structure whose invariants (levels, FIFO links, occupancy bits) are kept together',
  'catalog/search-index/doc-index.ts': 'one in-memory search structure: postings, rank order and prefix ranges change together',
};
const MAX_LINES = 300;

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) files(p, out);
    else if (p.endsWith('.ts') && !p.endsWith('.test.ts') && !p.endsWith('test-kit.ts')) out.push(p);
  }
  return out;
}

function layerOf(path: string): string | undefined {
  const top = relative(SRC, path).split('/')[0]!;
  return LAYER_OF[top];
}

const IMPORT = /(?:^|;)\s*(?:import|export)\s((?:type\s)?)(?:[^'"]*?\sfrom\s)?['"]([^'"]+)['"]/gm;

interface Import { spec: string; typeOnly: boolean }

function importsOf(path: string): Import[] {
  const text = readFileSync(path, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => ({ spec: m[2]!, typeOnly: m[1] !== '' }));
}

/** The file a relative import names (`./x.js` → src/…/x.ts, a folder → its index.ts). */
function resolveFile(from: string, spec: string): string {
  const base = normalize(join(dirname(from), spec));
  const ts = base.replace(/\.js$/, '.ts');
  if (existsSync(ts) && statSync(ts).isFile()) return ts;
  return existsSync(join(base, 'index.ts')) ? join(base, 'index.ts') : ts;
}

const serviceOf = (path: string) => relative(SRC, path).split('/')[0]!;
const packageOf = (spec: string) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);

/** The circles of the file graph (strongly connected components of more than one file, or a file importing itself). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next); low.set(v, next); next++;
    stack.push(v); onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const c: string[] = [];
    for (let w = stack.pop()!; ; w = stack.pop()!) { onStack.delete(w); c.push(w); if (w === v) break; }
    if (c.length > 1 || graph.get(v)!.includes(v)) out.push(c.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe('layers', () => {
  const all = files(SRC);

  it('knows the layer of every folder under src/', () => {
    assert.deepEqual(all.filter((f) => layerOf(f) === undefined), []);
  });

  /** Every forbidden edge, as one line each; the named exceptions are taken out (and must still occur). */
  function unexcepted(broken: string[], prefix: string): string[] {
    for (const name of Object.keys(EXCEPTIONS)) {
      if (name.startsWith(prefix)) assert.ok(broken.includes(name), `${name} is named as an exception but does not occur: take it out of EXCEPTIONS`);
    }
    return broken.filter((b) => !(b in EXCEPTIONS));
  }

  it('imports run one way: no file imports a layer above its own', () => {
    const broken: string[] = [];
    for (const f of all) {
      const from = layerOf(f)!;
      for (const { spec, typeOnly } of importsOf(f)) {
        if (spec.startsWith('.')) {
          const target = resolveFile(f, spec);
          const to = layerOf(target);
          if (to === undefined || to === from || MAY_IMPORT[from]!.includes(to)) continue;
          if (typeOnly && TYPE_ONLY[from]?.includes(to)) continue;
          broken.push(`layer: ${relative(SRC, f)} (${from}) imports ${relative(SRC, target)} (${to})`);
        } else {
          const allowed = PACKAGE_LAYERS[packageOf(spec)];
          if (allowed && !allowed.includes(from)) broken.push(`layer: ${relative(SRC, f)} (${from}) imports the package ${packageOf(spec)}`);
        }
      }
    }
    assert.deepEqual(unexcepted(broken, 'layer:'), []);
  });

  it('services are ordered: each imports only the services below it (SERVICE_ORDER)', () => {
    assert.deepEqual(Object.keys(LAYER_OF).filter((k) => LAYER_OF[k] === 'service').sort(), [...SERVICE_ORDER].sort());
    const broken: string[] = [];
    for (const f of all) {
      if (layerOf(f) !== 'service') continue;
      const from = serviceOf(f);
      for (const { spec } of importsOf(f)) {
        if (!spec.startsWith('.')) continue;
        const target = resolveFile(f, spec);
        if (layerOf(target) !== 'service') continue;
        const to = serviceOf(target);
        if (to !== from && SERVICE_ORDER.indexOf(to) > SERVICE_ORDER.indexOf(from)) broken.push(`service: ${relative(SRC, f)} (${from}) imports ${relative(SRC, target)} (${to}, above it)`);
      }
    }
    assert.deepEqual(unexcepted(broken, 'service:'), []);
  });

  it('no file-level import circle under src/', () => {
    const graph = new Map(all.map((f) => [f, importsOf(f).filter((i) => i.spec.startsWith('.')).map((i) => resolveFile(f, i.spec))]));
    const found = circles(graph).map((c) => `circle: ${c.join(' ')}`).sort();
    assert.deepEqual(unexcepted(found, 'circle:'), []);
  });

  it('the pure core (domain, engine, ledger, core) imports no I/O package', () => {
    const broken: string[] = [];
    for (const f of all) {
      if (!PURE.includes(serviceOf(f))) continue;
      for (const { spec } of importsOf(f)) {
        if (!spec.startsWith('.') && (IO_PACKAGES.includes(spec) || IO_PACKAGES.includes(packageOf(spec)))) broken.push(`io: ${relative(SRC, f)} imports ${spec}`);
      }
    }
    assert.deepEqual(unexcepted(broken, 'io:'), []);
  });

  it('the circle finder finds circles (a self-check on a made-up graph)', () => {
    const g = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']], ['e', ['e']]]);
    assert.deepEqual(circles(g).sort(), [['a', 'b', 'c'], ['e']]);
  });

  it(`keeps files under ${MAX_LINES} lines, but for the named exceptions`, () => {
    const long = all.filter((f) => readFileSync(f, 'utf8').split('\n').length > MAX_LINES && !(relative(SRC, f) in LONG_FILES));
    assert.deepEqual(long, []);
    for (const name of Object.keys(LONG_FILES)) assert.ok(all.includes(join(SRC, name)), `${name} is named as an exception but does not exist`);
  });
});
