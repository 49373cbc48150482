/**
 * The explorer's HTTP side (no browser needed): the page and its hashed assets with their cache
 * headers, the JavaScript budget (≤ 150 KB gzipped, uPlot included, measured on the bytes
 * served), 404 for an unknown asset, and the build on start when dist/explorer/ is missing.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { backends } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';
import { loadAssets } from '../../src/explorer/assets.js';
import { JS_BUDGET_GZIP, MANIFEST, WEB_DIR } from '../../src/explorer/build.js';

describe('explorer over HTTP', () => {
  let svc: TestService;
  before(async () => { svc = await startTestService(backends()[0]!); });
  after(async () => { await svc?.dispose(); });

  it('answers the page at /explorer and every path under it, not cached, with its policy', async () => {
    for (const url of ['/explorer', '/explorer/', '/explorer/market/0xabc', '/explorer/event/some-slug?x=1', '/explorer/wallet/0x1']) {
      const res = await svc.app.inject({ url });
      assert.equal(res.statusCode, 200, url);
      assert.match(String(res.headers['content-type']), /^text\/html/);
      assert.equal(res.headers['cache-control'], 'no-cache');
      assert.match(String(res.headers['content-security-policy']), /script-src 'self'.*connect-src 'self'/);
      assert.match(res.body, /<script type="module" src="\/explorer\/assets\/main-[A-Z0-9]+\.js">/);
    }
    assert.equal((await svc.app.inject({ url: '/' })).body, '"OK"', '/ is still the health check');
    assert.equal((await svc.app.inject({ url: '/explorers' })).statusCode, 404, 'only /explorer and paths under it');
  });

  it('serves hashed assets for a year, gzipped, within the JavaScript budget', async () => {
    const html = (await svc.app.inject({ url: '/explorer' })).body;
    const urls = [...html.matchAll(/(?:src|href)="(\/explorer\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    assert.ok(urls.some((u) => u.endsWith('.js')) && urls.some((u) => u.endsWith('.css')), urls.join(', '));
    let jsGzip = 0;
    for (const url of urls) {
      const plain = await svc.app.inject({ url });
      assert.equal(plain.statusCode, 200, url);
      assert.equal(plain.headers['cache-control'], 'public, max-age=31536000, immutable');
      const zipped = await svc.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      assert.equal(zipped.headers['content-encoding'], 'gzip');
      assert.equal(zipped.headers.vary, 'Accept-Encoding');
      if (url.endsWith('.js')) {
        jsGzip += zipped.rawPayload.length;
        assert.ok(gzipSync(plain.rawPayload, { level: 9 }).length <= zipped.rawPayload.length + 16);
        assert.doesNotMatch(plain.body, /https?:\/\/(?!127\.0\.0\.1|localhost)[a-z0-9.-]+\.[a-z]{2,}\/[^\s"']*\.(js|css|woff2?)/i, 'no CDN');
      }
    }
    console.log(`# explorer JavaScript: ${(jsGzip / 1024).toFixed(1)} KB gzipped (budget ${JS_BUDGET_GZIP / 1024} KB)`);
    assert.ok(jsGzip > 10_000 && jsGzip <= JS_BUDGET_GZIP, `${jsGzip} bytes`);
    const missing = await svc.app.inject({ url: '/explorer/assets/main-NOPE.js' });
    assert.equal(missing.statusCode, 404);
    assert.ok(typeof missing.json().error === 'string');
    assert.equal((await svc.app.inject({ method: 'HEAD', url: urls[0]! })).statusCode, 200);
  });

  it('builds on start when the build is missing, reads it afterwards, and names the problem when it cannot', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sibyl-explorer-'));
    try {
      const first = await loadAssets({ dir: join(dir, 'dist') });
      assert.ok(!('error' in first) && first.source === 'built');
      assert.ok(existsSync(join(dir, 'dist', MANIFEST)) && existsSync(join(dir, 'dist', first.manifest.js)));
      const second = await loadAssets({ dir: join(dir, 'dist') });
      assert.ok(!('error' in second) && second.source === 'disk');
      assert.deepEqual(second.files.get(second.manifest.js)!.body, first.files.get(first.manifest.js)!.body);
      const none = await loadAssets({ dir: join(dir, 'none'), webDir: join(dir, 'no-sources') });
      assert.ok('error' in none && /not built .* sources .* are not there/.test(none.error), JSON.stringify(none));
      // A stored build older than the sources (edited since): built again.
      const past = new Date(Date.now() - 86_400_000);
      utimesSync(join(dir, 'dist', MANIFEST), past, past);
      const rebuilt = await loadAssets({ dir: join(dir, 'dist'), webDir: WEB_DIR });
      assert.ok(!('error' in rebuilt) && rebuilt.source === 'built');
      assert.ok(readFileSync(join(dir, 'dist', MANIFEST), 'utf8').includes(rebuilt.manifest.js));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
