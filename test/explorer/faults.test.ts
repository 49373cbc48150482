/**
 * The explorer's market page shows the venue-wide faults the operator provoked (GET /venue/faults,
 * docs/resilience.md), in a real browser; without one it shows none.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext } from 'playwright-core';
import { ADMIN } from '../trading/kit.js';
import { demoService, launchBrowser, screenshot, watchedPage, type Demo } from './kit.js';

const browserOrReason = await launchBrowser();
const skip = typeof browserOrReason === 'string' ? browserOrReason : false;

describe('explorer: provoked faults on a market page', { skip }, () => {
  let browser: Browser;
  let ctx: BrowserContext;
  let svc: Demo;
  let cid: string;
  before(async () => {
    browser = browserOrReason as Browser;
    svc = await demoService();
    ctx = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await (await fetch(`${svc.http}/markets`)).json() as { data: Array<{ condition_id: string; accepting_orders: boolean }> };
    cid = page.data.find((m) => m.accepting_orders)!.condition_id;
  });
  after(async () => {
    await ctx?.close();
    await browser?.close();
    await svc?.dispose();
  });

  it('warns of a venue-wide post-only window, and shows nothing once it ends', async () => {
    const headers = { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' };
    const r = await fetch(`${svc.http}/admin/faults`, { method: 'POST', headers, body: JSON.stringify({ kind: 'post_only', durationS: 600 }) });
    assert.equal(r.status, 200);
    const { page, errors } = await watchedPage(ctx);
    await page.goto(`${svc.http}/explorer/market/${cid}`);
    await page.waitForSelector('[data-testid=faults]', { timeout: 10_000 });
    assert.match((await page.textContent('[data-testid=faults]'))!, /post only until/);
    await screenshot(page, 'market-faults');
    await fetch(`${svc.http}/admin/faults`, { method: 'DELETE', headers: { authorization: headers.authorization } });
    await page.reload();
    await page.waitForSelector('[data-testid=book-hash]');
    assert.equal(await page.$('[data-testid=faults]'), null);
    assert.deepEqual(errors, []);
  });
});
