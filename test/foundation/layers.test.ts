/**
 * The layers, enforced: every import under src/ is read and checked against the rules below
 * (data, not code: to change the architecture, change these tables and the README's picture).
 * Imports run one way — edge → routes → services → core/store — and a second check caps files
 * at 300 lines, with a short list of named exceptions.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
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
  cli: 'root', 'server.ts': 'root',
};

/** What each layer may import (besides itself). Anything not listed is a forbidden edge. */
const MAY_IMPORT: Record<string, string[]> = {
  domain: [],
  engine: ['domain'],
  ledger: ['domain', 'engine'],
  core: ['domain', 'engine', 'ledger'],
  floor: ['domain', 'core'],
  store: ['domain', 'floor'],
  service: ['domain', 'engine', 'ledger', 'core', 'floor', 'store', 'service'],
  edge: ['domain', 'floor', 'store', 'service', 'edge', 'routes'],
  routes: ['domain', 'floor', 'service', 'edge'],
  root: ['domain', 'engine', 'ledger', 'core', 'floor', 'store', 'service', 'edge', 'routes'],
};

/** Packages only some layers may import. */
const PACKAGE_LAYERS: Record<string, string[]> = {
  fastify: ['edge', 'routes', 'root'],
};

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

const IMPORT = /^\s*(?:import|export)\s(?:[^'"]*?\sfrom\s)?['"]([^'"]+)['"]/gm;

function importsOf(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  return [...text.matchAll(IMPORT)].map((m) => m[1]!);
}

describe('layers', () => {
  const all = files(SRC);

  it('knows the layer of every folder under src/', () => {
    assert.deepEqual(all.filter((f) => layerOf(f) === undefined), []);
  });

  it('imports run one way: no file imports a layer above its own', () => {
    const broken: string[] = [];
    for (const f of all) {
      const from = layerOf(f)!;
      for (const spec of importsOf(f)) {
        if (spec.startsWith('.')) {
          const target = normalize(join(dirname(f), spec));
          const to = layerOf(target);
          if (to === undefined || to === from || MAY_IMPORT[from]!.includes(to)) continue;
          broken.push(`${f} (${from}) imports ${relative(SRC, target)} (${to})`);
        } else {
          const pkg = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
          const allowed = PACKAGE_LAYERS[pkg];
          if (allowed && !allowed.includes(from)) broken.push(`${f} (${from}) imports the package ${pkg}`);
        }
      }
    }
    assert.deepEqual(broken, []);
  });

  it(`keeps files under ${MAX_LINES} lines, but for the named exceptions`, () => {
    const long = all.filter((f) => readFileSync(f, 'utf8').split('\n').length > MAX_LINES && !(relative(SRC, f) in LONG_FILES));
    assert.deepEqual(long, []);
    for (const name of Object.keys(LONG_FILES)) assert.ok(all.includes(join(SRC, name)), `${name} is named as an exception but does not exist`);
  });
});
