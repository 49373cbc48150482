/**
 * The explorer's build: esbuild bundles the browser code (web/explorer/main.ts, its CSS and the
 * uPlot chart library it imports from node_modules) into content-hashed files. `buildExplorer`
 * builds in memory; `writeBuild` stores a build under dist/explorer/ (each file written to a
 * temporary name and renamed, the manifest last, so a reader never sees half a build).
 *
 * Run by `npm ci` (the `prepare` script) and `npm start` (`prestart`) through build-cli.ts, and by
 * the server itself when dist/explorer/ is missing or older than the sources (assets.ts).
 */
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

export const ROOT = resolve(import.meta.dirname, '../..');
export const WEB_DIR = join(ROOT, 'web', 'explorer');
export const DIST_DIR = join(ROOT, 'dist', 'explorer');
export const MANIFEST = 'manifest.json';
/** Budget of all JavaScript, gzipped (the limit, uPlot included). */
export const JS_BUDGET_GZIP = 150 * 1024;

export interface BuiltFile { name: string; body: Buffer }
export interface Manifest { js: string; css: string; builtAt: string; jsGzipBytes: number }
export interface Build { manifest: Manifest; files: BuiltFile[] }

/** Bundles the browser code in memory. Throws with esbuild's messages when it fails. */
export async function buildExplorer(webDir = WEB_DIR): Promise<Build> {
  const result = await esbuild.build({
    entryPoints: [join(webDir, 'main.ts')],
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    entryNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    outdir: '/explorer-out',
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
    absWorkingDir: ROOT,
    tsconfig: join(webDir, 'tsconfig.json'),
  });
  const files = result.outputFiles.map((f) => ({ name: basename(f.path), body: Buffer.from(f.contents) }));
  const js = files.find((f) => f.name.endsWith('.js'));
  const css = files.find((f) => f.name.endsWith('.css'));
  if (!js || !css) throw new Error(`explorer build: expected one .js and one .css file, got ${files.map((f) => f.name).join(', ')}`);
  const jsGzipBytes = files.filter((f) => f.name.endsWith('.js')).reduce((n, f) => n + gzipSync(f.body, { level: 9 }).length, 0);
  return { manifest: { js: js.name, css: css.name, builtAt: new Date().toISOString(), jsGzipBytes }, files };
}

/** Stores a build under `dir`: the hashed files first, then the manifest (each renamed into place). */
export function writeBuild(build: Build, dir = DIST_DIR): void {
  mkdirSync(dir, { recursive: true });
  const tmp = (name: string) => join(dir, `.${name}.${process.pid}.tmp`);
  const keep = new Set([MANIFEST, ...build.files.map((f) => f.name)]);
  for (const f of build.files) {
    writeFileSync(tmp(f.name), f.body);
    renameSync(tmp(f.name), join(dir, f.name));
  }
  writeFileSync(tmp(MANIFEST), JSON.stringify(build.manifest, null, 2));
  renameSync(tmp(MANIFEST), join(dir, MANIFEST));
  // Older builds' files: kept for an hour (a page loaded before a rebuild may still ask for them).
  const hourAgo = Date.now() - 3_600_000;
  for (const name of readdirSync(dir)) {
    if (keep.has(name) || name.startsWith('.')) continue;
    try { if (statSync(join(dir, name)).mtimeMs < hourAgo) rmSync(join(dir, name)); } catch { /* raced */ }
  }
}

/** The newest modification time of the browser sources (0 when they are not there, e.g. a packaged install). */
export function newestSourceMs(webDir = WEB_DIR): number {
  let newest = 0;
  const walk = (d: string) => {
    let names: string[];
    try { names = readdirSync(d); } catch { return; }
    for (const n of names) {
      const p = join(d, n);
      const s = statSync(p);
      if (s.isDirectory()) walk(p);
      else newest = Math.max(newest, s.mtimeMs);
    }
  };
  walk(webDir);
  return newest;
}
