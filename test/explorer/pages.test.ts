/**
 * The explorer in a real browser (Debian's chromium through playwright-core) against the demo
 * service listening on loopback: every page renders what the public API answers, with no console
 * error; the market page paints its book within 1 s, draws both charts, keeps its ladder equal to
 * REST /book while orders arrive, resyncs after a (forced) gap and reconnects after a lost
 * connection. Screenshots of every page go to test-artifacts/explorer/.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext } from 'playwright-core';
import { place, trader, type Trader } from '../streams/kit.js';
import { canvasInk, demoService, launchBrowser, readLadder, restLadder, screenshot, watchedPage, within, type Demo } from './kit.js';

/** Globals of the page, for the callbacks that run in the browser (this program has no DOM types). */
declare const document: any;
declare const window: any;

const browserOrReason = await launchBrowser();
const skip = typeof browserOrReason === 'string' ? browserOrReason : false;

interface Pick { cid: string; token: string; tick: number }

/** A demo market that trades, with at least three levels a side and a week of history. */
async function pickMarket(http: string): Promise<Pick> {
  const page = await (await fetch(`${http}/markets`)).json() as { data: Array<{ condition_id: string; accepting_orders: boolean; minimum_tick_size: number; tokens: Array<{ token_id: string }> }> };
  for (const m of page.data.filter((x) => x.accepting_orders)) {
    const token = m.tokens[0]!.token_id;
    const book = await restLadder(http, token);
    if (book.bids.length < 3 || book.asks.length < 3) continue;
    const h = await (await fetch(`${http}/prices-history?market=${encodeURIComponent(token)}&interval=1w&fidelity=60`)).json() as { history: unknown[] };
    if (h.history.length > 0) return { cid: m.condition_id, token, tick: m.minimum_tick_size };
  }
  throw new Error('no demo market with a two-sided book and a week of history');
}

/** A bid price (decimal text, as REST writes it) one or more ticks below the best bid where no bid rests yet. */
async function freshBidPrice(http: string, p: Pick, below = 1): Promise<string> {
  const book = await restLadder(http, p.token);
  const have = new Set(book.bids.map((l) => l.price));
  const ticks = Math.round(Number(book.bids[0]!.price) / p.tick);
  let skipped = 0;
  for (let k = ticks - 1; k > 0; k--) {
    const price = String(Number((k * p.tick).toFixed(6)));
    if (!have.has(price) && ++skipped >= below) return price;
  }
  throw new Error('no free bid level');
}

describe('explorer pages in a browser', { skip }, () => {
  let browser: Browser;
  let ctx: BrowserContext;
  let svc: Demo;
  let pick: Pick;
  let alice: Trader;
  before(async () => {
    browser = browserOrReason as Browser;
    svc = await demoService();
    ctx = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    pick = await pickMarket(svc.http);
    alice = await trader(svc, '100000');
  });
  after(async () => {
    await ctx?.close();
    await browser?.close();
    await svc?.dispose();
  });

  it('lists the demo events by volume with their markets, and filters and searches them', async () => {
    const { page, errors } = await watchedPage(ctx);
    await page.goto(`${svc.http}/explorer`);
    await page.waitForSelector('[data-testid=event-row]');
    const events = await (await fetch(`${svc.http}/events?order=volume&ascending=false&limit=20&offset=0&active=true&closed=false`)).json() as Array<{ slug: string }>;
    const shown = await page.$$eval('[data-testid=event-row]', (rows) => rows.map((r) => (r as any).dataset.slug));
    assert.deepEqual(shown, events.map((e) => e.slug), 'the active events, by volume');
    const first = await (await fetch(`${svc.http}/events/slug/${events[0]!.slug}`)).json() as { markets: Array<{ conditionId: string }> };
    const firstMarkets = await page.$$eval('[data-testid=event-row]:first-child [data-testid=market-row]', (rows) => rows.map((r) => (r as any).dataset.conditionId));
    assert.deepEqual(firstMarkets, first.markets.map((m) => m.conditionId));
    await screenshot(page, 'list');

    await page.selectOption('#f-status', 'closed');
    await page.waitForURL(/status=closed/);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=event-row]').length > 0 && !document.querySelector('.badge.ok'));
    await page.fill('#f-q', 'bitcoin');
    await page.press('#f-q', 'Enter');
    await page.waitForURL(/q=bitcoin/);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=event-row]').length > 0 && !document.querySelector('.badge.ok'));
    const found = await (await fetch(`${svc.http}/public-search?q=bitcoin&limit_per_type=20&search_tags=false`)).json() as { events: Array<{ slug: string }> };
    const hits = await page.$$eval('[data-testid=event-row]', (rows) => rows.map((r) => (r as any).dataset.slug!));
    assert.ok(hits.every((slug) => found.events.some((e) => e.slug === slug)), `search results ${hits.join(', ')}`);
    assert.deepEqual(errors, []);
  });

  it('shows an event with its markets; a neg-risk event shows its outcomes together', async () => {
    const { page, errors } = await watchedPage(ctx);
    const markets = await (await fetch(`${svc.http}/markets`)).json() as { data: Array<{ condition_id: string; neg_risk: boolean }> };
    const negRisk = markets.data.find((m) => m.neg_risk)!;
    const detail = await (await fetch(`${svc.http}/markets/${negRisk.condition_id}`)).json() as { event: { slug: string } };
    const event = await (await fetch(`${svc.http}/events/slug/${detail.event.slug}`)).json() as { markets: unknown[] };
    await page.goto(`${svc.http}/explorer/event/${detail.event.slug}`);
    await page.waitForSelector('[data-testid=neg-risk-outcomes]');
    assert.equal(await page.locator('[data-testid=neg-risk-outcomes] li').count(), event.markets.length);
    assert.equal(await page.locator('[data-testid=market-row]').count(), event.markets.length);
    await screenshot(page, 'event');
    assert.deepEqual(errors, []);
  });

  it('paints the market book within 1 s, draws both charts, and its ladder equals REST /book', async () => {
    const { page, errors } = await watchedPage(ctx);
    await page.goto(`${svc.http}/explorer/market/${pick.cid}`);
    await page.waitForSelector('[data-testid=live-status][data-state=live]');
    const painted = await page.evaluate(() => performance.getEntriesByName('explorer:book-painted')[0]?.startTime ?? -1);
    console.log(`# first paint of the book: ${painted.toFixed(0)} ms after navigation start`);
    assert.ok(painted > 0 && painted <= 1000, `book painted at ${painted} ms`);
    await page.waitForSelector('[data-testid=history-chart][data-points]');
    assert.ok(await canvasInk(page, 'depth-chart') > 2000, 'the depth chart is drawn');
    assert.ok(await canvasInk(page, 'history-chart') > 1000, 'the history chart is drawn');
    const rest = await restLadder(svc.http, pick.token);
    assert.deepEqual(await readLadder(page), { bids: rest.bids, asks: rest.asks });
    assert.equal(await page.textContent('[data-testid=book-hash]'), rest.hash);
    assert.ok(Number(await page.textContent('[data-testid=seq]')) > 0, 'the last seq is shown');
    await page.waitForSelector('[data-testid=trade-row]');
    await page.waitForSelector('[data-testid=holders] li');
    await screenshot(page, 'market');
    assert.deepEqual(errors, []);
  });

  it('shows an order placed through the API in the ladder and the depth chart within 1 s, without a reload', async () => {
    const { page, errors } = await watchedPage(ctx);
    await page.goto(`${svc.http}/explorer/market/${pick.cid}`);
    await page.waitForSelector('[data-testid=live-status][data-state=live]');
    const price = await freshBidPrice(svc.http, pick);
    const depthBefore = await page.$eval('[data-testid=depth-chart] canvas', (c) => (c as any).toDataURL());
    await place(svc, alice, pick.token, 'BUY', price, '7');
    const ms = await within(1000, `bid ${price} in the ladder`, async () => (await page.locator(`[data-testid=ladder] tr[data-side=bid][data-price="${price}"][data-size="7"]`).count()) === 1);
    await within(1000 - ms, `price ${price} on the depth chart`, async () => (await page.getAttribute('[data-testid=depth-chart]', 'data-prices'))!.split(',').map(Number).includes(Number(price)));
    console.log(`# order shown in the ladder ${ms.toFixed(0)} ms after the API answered`);
    assert.notEqual(await page.$eval('[data-testid=depth-chart] canvas', (c) => (c as any).toDataURL()), depthBefore, 'the depth chart was redrawn');
    const rest = await restLadder(svc.http, pick.token);
    assert.deepEqual(await readLadder(page), { bids: rest.bids, asks: rest.asks });
    assert.deepEqual(errors, []);
  });

  it('after a forced gap, shows the resynced mark and a ladder equal to REST /book', async () => {
    const { page, errors } = await watchedPage(ctx);
    await page.goto(`${svc.http}/explorer/market/${pick.cid}?test-hooks=1`);
    await page.waitForSelector('[data-testid=live-status][data-state=live]');
    assert.equal(await page.isVisible('[data-testid=resynced]'), false);
    await page.evaluate(() => { (window as any).__explorerTest.dropPriceChanges = 1; });
    const lost = await freshBidPrice(svc.http, pick);
    await place(svc, alice, pick.token, 'BUY', lost, '9');
    await page.waitForFunction(() => (window as any).__explorerTest.dropPriceChanges === 0, undefined, { timeout: 5000 });
    assert.equal(await page.locator(`[data-testid=ladder] tr[data-price="${lost}"]`).count(), 0, 'the dropped change is not shown');
    const next = await freshBidPrice(svc.http, pick);
    await place(svc, alice, pick.token, 'BUY', next, '11');
    await page.waitForSelector('[data-testid=resynced]', { state: 'visible', timeout: 5000 });
    assert.match(await page.textContent('[data-testid=resynced]') ?? '', /resynced .*gap: seq \d+ → \d+/);
    const rest = await restLadder(svc.http, pick.token);
    await within(2000, 'the ladder equals REST /book', async () => JSON.stringify(await readLadder(page)) === JSON.stringify({ bids: rest.bids, asks: rest.asks }));
    assert.ok(rest.bids.some((l) => l.price === lost) && rest.bids.some((l) => l.price === next));
    await screenshot(page, 'market-resynced');
    assert.deepEqual(errors, []);
  });

  it('shows a lost connection and reconnects by itself', async () => {
    const { page, errors } = await watchedPage(ctx);
    await page.goto(`${svc.http}/explorer/market/${pick.cid}?test-hooks=1`);
    await page.waitForSelector('[data-testid=live-status][data-state=live]');
    await page.evaluate(() => (window as any).__explorerTest.dropConnection());
    await page.waitForSelector('[data-testid=live-status][data-state=lost]', { timeout: 5000 });
    assert.match(await page.textContent('[data-testid=live-status]') ?? '', /connection lost.*reconnecting/);
    const price = await freshBidPrice(svc.http, pick);
    await place(svc, alice, pick.token, 'BUY', price, '6'); // while disconnected: the dump on reconnect brings it
    await page.waitForSelector('[data-testid=live-status][data-state=live]', { timeout: 10_000 });
    const rest = await restLadder(svc.http, pick.token);
    await within(2000, 'the ladder equals REST /book', async () => JSON.stringify(await readLadder(page)) === JSON.stringify({ bids: rest.bids, asks: rest.asks }));
    assert.deepEqual(errors, []);
  });

  it('shows an unknown market as a message, not a blank page', async () => {
    const { page, errors } = await watchedPage(ctx);
    await page.goto(`${svc.http}/explorer/market/0x${'ab'.repeat(32)}`);
    await page.waitForSelector('[data-testid=error]');
    assert.equal(await page.textContent('h1'), 'Unknown market');
    await screenshot(page, 'market-unknown');
    // The one console line is the browser's own note of the API's 404; nothing the page threw.
    assert.deepEqual(errors.filter((e) => !/Failed to load resource: the server responded with a status of 404/.test(e)), []);
  });

  it('shows a wallet: positions with PnL, activity and their counts', async () => {
    const { page, errors } = await watchedPage(ctx);
    const holders = await (await fetch(`${svc.http}/holders?market=${pick.cid}`)).json() as Array<{ holders: Array<{ proxyWallet: string }> }>;
    const wallet = holders[0]!.holders[0]!.proxyWallet;
    const positions = await (await fetch(`${svc.http}/positions?user=${wallet}&limit=500&sizeThreshold=0&sortBy=CURRENT`)).json() as unknown[];
    const activity = await (await fetch(`${svc.http}/activity?user=${wallet}&limit=500`)).json() as unknown[];
    await page.goto(`${svc.http}/explorer/wallet/${wallet}`);
    await page.waitForSelector('[data-testid=wallet-counts]');
    assert.equal(await page.locator('[data-testid=position-row]').count(), positions.length);
    assert.equal(await page.textContent('[data-testid=positions-count]'), positions.length >= 500 ? '500+' : String(positions.length));
    assert.equal(await page.textContent('[data-testid=activity-count]'), activity.length >= 500 ? '500+' : String(activity.length));
    assert.equal(await page.locator('[data-testid=activity-row]').count(), Math.min(100, activity.length));
    await screenshot(page, 'wallet');
    assert.deepEqual(errors, []);
  });

  it('is keyboard navigable, fits a phone-sized window and follows a dark colour scheme', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark', isMobile: true });
    try {
      const { page, errors } = await watchedPage(phone);
      await page.goto(`${svc.http}/explorer`);
      await page.waitForSelector('[data-testid=event-row]');
      const bg = await page.evaluate(() => window.getComputedStyle(document.body).backgroundColor);
      assert.equal(bg, 'rgb(15, 18, 22)', 'dark background');
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Skip to content');
      // Tab to the first event's link and follow it with Enter.
      for (let i = 0; i < 30; i++) {
        await page.keyboard.press('Tab');
        if (await page.evaluate(() => document.activeElement?.closest('[data-testid=event-row] h2') !== null)) break;
      }
      const slug = await page.evaluate(() => (document.activeElement?.closest('[data-testid=event-row]') as any)?.dataset.slug);
      assert.ok(slug, 'an event link takes the focus');
      await page.keyboard.press('Enter');
      await page.waitForURL(new RegExp(`/explorer/event/${slug}$`));
      await page.waitForSelector('[data-testid=market-row]');
      await page.goto(`${svc.http}/explorer/market/${pick.cid}`);
      await page.waitForSelector('[data-testid=live-status][data-state=live]');
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'no sideways scrolling on a phone');
      await screenshot(page, 'market-phone-dark');
      assert.deepEqual(errors, []);
    } finally {
      await phone.close();
    }
  });
});
