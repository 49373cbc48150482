/**
 * The event page of an event created without `endDate` — the README's own operator example —
 * renders its title and market with no console error (issue #39, item 8). Once it failed on
 * `endDate.slice`. Debian's chromium through playwright-core, against a service on loopback.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { backends } from '../support/backends.js';
import { ADMIN } from '../trading/kit.js';
import { liveService, type LiveService } from '../streams/kit.js';
import { launchBrowser, watchedPage } from './kit.js';

const browserOrReason = await launchBrowser();
const skip = typeof browserOrReason === 'string' ? browserOrReason : false;

describe('explorer: an event without endDate', { skip }, () => {
  let browser: Browser;
  let svc: LiveService;
  let http: string;
  before(async () => {
    browser = browserOrReason as Browser;
    svc = await liveService(backends()[0]!);
    http = svc.url.replace(/^ws:/, 'http:');
  });
  after(async () => { await browser?.close(); await svc?.dispose(); });

  it('shows the README example event: title and market, no console error', async () => {
    const made = await fetch(`${http}/admin/events`, {
      method: 'POST', headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ slug: 'rain-tomorrow', title: 'Rain tomorrow?', markets: [{ question: 'Will it rain tomorrow?', slug: 'rain-tomorrow-yes' }] }),
    });
    assert.equal(made.status, 200, await made.text());
    const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    try {
      const { page, errors } = await watchedPage(ctx);
      await page.goto(`${http}/explorer/event/rain-tomorrow`);
      await page.waitForSelector('[data-testid=market-row], .error', { timeout: 10_000 });
      assert.equal(await page.locator('.error').count(), 0, await page.locator('main').innerText());
      assert.equal(await page.locator('h1').first().textContent(), 'Rain tomorrow?');
      assert.equal(await page.locator('[data-testid=market-row]').count(), 1);
      assert.deepEqual(errors, []);
    } finally { await ctx.close(); }
  });
});
