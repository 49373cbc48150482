/**
 * The explorer's files in memory, each with its gzipped copy: read from dist/explorer/ when that
 * build is there and newer than the browser sources, else built now with esbuild (a runtime
 * dependency) and stored there for the next start. When neither works (no build and no sources,
 * or a failing build), `loadAssets` answers the reason and /explorer shows it (routes.ts).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildExplorer, DIST_DIR, MANIFEST, newestSourceMs, WEB_DIR, writeBuild, type Build, type Manifest } from './build.js';
import { pageHtml } from './html.js';

export interface Asset { body: Buffer; gzip: Buffer; type: string }

export interface Assets {
  /** The page every /explorer path answers (the browser code routes by path). */
  html: Asset;
  /** Hashed files by name (served under /explorer/assets/). */
  files: Map<string, Asset>;
  manifest: Manifest;
  /** `disk` (dist/explorer/) or `built` (built by this start). */
  source: 'disk' | 'built';
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

function asset(body: Buffer, type: string): Asset {
  return { body, gzip: gzipSync(body, { level: 9 }), type };
}

function typeOf(name: string): string {
  const ext = name.slice(name.lastIndexOf('.'));
  return TYPES[ext] ?? 'application/octet-stream';
}

function fromBuild(build: Build, source: Assets['source']): Assets {
  const files = new Map<string, Asset>();
  for (const f of build.files) files.set(f.name, asset(f.body, typeOf(f.name)));
  const html = asset(Buffer.from(pageHtml(build.manifest)), 'text/html; charset=utf-8');
  return { html, files, manifest: build.manifest, source };
}

/** The stored build, if it is complete and not older than the sources. */
function readStored(dir: string, webDir: string): Build | undefined {
  const manifestPath = join(dir, MANIFEST);
  if (!existsSync(manifestPath)) return undefined;
  if (statSync(manifestPath).mtimeMs < newestSourceMs(webDir)) return undefined; // sources edited since
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const names = [manifest.js, manifest.css];
  if (!names.every((n) => typeof n === 'string' && existsSync(join(dir, n)))) return undefined;
  return { manifest, files: names.map((name) => ({ name, body: readFileSync(join(dir, name)) })) };
}

export async function loadAssets(opts: { dir?: string; webDir?: string; warn?: (msg: string) => void } = {}): Promise<Assets | { error: string }> {
  const dir = opts.dir ?? DIST_DIR;
  const webDir = opts.webDir ?? WEB_DIR;
  try {
    const stored = readStored(dir, webDir);
    if (stored) return fromBuild(stored, 'disk');
  } catch (err) {
    opts.warn?.(`explorer: the stored build in ${dir} could not be read (${(err as Error).message}); building it again`);
  }
  if (!existsSync(join(webDir, 'main.ts'))) {
    return { error: `the explorer is not built (${dir} is missing) and its sources (${webDir}) are not there: run \`npm run build:explorer\` in a source checkout` };
  }
  let build: Build;
  try {
    build = await buildExplorer(webDir);
  } catch (err) {
    return { error: `the explorer could not be built: ${(err as Error).message}` };
  }
  try {
    writeBuild(build, dir);
  } catch (err) {
    opts.warn?.(`explorer: built in memory, but ${dir} is not writable (${(err as Error).message}); the next start builds again`);
  }
  return fromBuild(build, 'built');
}
