/**
 * `npm run build:explorer` (also run by `npm ci` through `prepare`, and before `npm start`):
 * bundles the explorer into dist/explorer/ and prints the files and the gzipped JavaScript size
 * against its budget. Exits 1 when the build fails or is over budget.
 */
import { buildExplorer, DIST_DIR, JS_BUDGET_GZIP, writeBuild } from './build.js';

try {
  const started = performance.now();
  const build = await buildExplorer();
  writeBuild(build);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const { jsGzipBytes } = build.manifest;
  console.log(`explorer: built ${build.files.map((f) => `${f.name} (${kb(f.body.length)})`).join(', ')} into ${DIST_DIR} `
    + `in ${Math.round(performance.now() - started)} ms; JavaScript ${kb(jsGzipBytes)} gzipped (budget ${kb(JS_BUDGET_GZIP)})`);
  if (jsGzipBytes > JS_BUDGET_GZIP) {
    console.error('explorer: the JavaScript is over its budget');
    process.exit(1);
  }
} catch (err) {
  console.error(`explorer: build failed: ${(err as Error).message}`);
  process.exit(1);
}
