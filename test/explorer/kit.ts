/**
 * Explorer browser-test kit: Debian's chromium driven by playwright-core (the reason is printed
 * and the tests skip only when it cannot be launched), the demo service listening on loopback,
 * pages that record every console error, screenshots under test-artifacts/explorer/, and readers
 * of what a page shows (ladder rows, canvas ink).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { backends } from '../support/backends.js';
import { liveService, type LiveService } from '../streams/kit.js';

/** Globals of the page, for the callbacks that run in the browser (this program has no DOM types). */
declare const document: any;
declare const window: any;

export const ARTIFACTS = resolve(import.meta.dirname, '../../test-artifacts/explorer');
export const CHROMIUM = process.env.SIBYL_CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The browser, or why there is none (printed once, as the test's skip reason). */
export async function launchBrowser(): Promise<Browser | string> {
  try {
    return await chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 30_000 });
  } catch (err) {
    const why = `explorer browser tests skipped: chromium could not be launched from ${CHROMIUM} (${(err as Error).message.split('\n')[0]}); install it (apt-get install chromium) or set SIBYL_CHROMIUM`;
    console.log(`# NOTICE: ${why}`);
    return why;
  }
}

export interface Demo extends LiveService { http: string }

/** The demo data set on SQLite (what `npm start` serves), listening on a loopback port. */
export async function demoService(): Promise<Demo> {
  const sqlite = backends().find((b) => b.name === 'sqlite')!;
  // SIBYL_DEMO_LIVE=0: no simulated traders (src/config/sandbox.ts), so the books move only when a test moves them.
  const svc = await liveService(sqlite, { SIBYL_DEMO: '1', SIBYL_DEMO_LIVE: '0' });
  return { ...svc, http: svc.url.replace(/^ws:/, 'http:') };
}

export interface Watched { page: Page; errors: string[] }

/** A page whose console errors and uncaught exceptions are collected. */
export async function watchedPage(ctx: BrowserContext): Promise<Watched> {
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()} (${m.location().url})`); });
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
  return { page, errors };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

export interface Ladder { bids: Array<{ price: string; size: string }>; asks: Array<{ price: string; size: string }> }

/** The ladder the page shows (its rows' raw prices and sizes), best first on each side. */
export function readLadder(page: Page): Promise<Ladder> {
  return page.$$eval('[data-testid=ladder] tr[data-side]', (rows) => {
    const out = { bids: [] as Array<{ price: string; size: string }>, asks: [] as Array<{ price: string; size: string }> };
    for (const r of rows as any[]) (r.dataset.side === 'bid' ? out.bids : out.asks).push({ price: r.dataset.price!, size: r.dataset.size! });
    out.asks.reverse(); // shown highest first: best (lowest) first here
    return out;
  });
}

/** REST /book in the ladder's order: bids and asks best first. */
export async function restLadder(http: string, token: string): Promise<Ladder & { hash: string }> {
  const b = await (await fetch(`${http}/book?token_id=${encodeURIComponent(token)}`)).json() as Ladder & { hash: string };
  return { bids: [...b.bids].reverse(), asks: [...b.asks].reverse(), hash: b.hash };
}

/** How many pixels of the chart's canvas are drawn on (alpha > 0). */
export function canvasInk(page: Page, testId: string): Promise<number> {
  return page.$eval(`[data-testid=${testId}] canvas`, (c) => {
    const canvas = c as any;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
    return n;
  });
}

/** Polls `pred` until it holds or `ms` passed; answers the elapsed ms (throws with `what` on timeout). */
export async function within(ms: number, what: string, pred: () => Promise<boolean>): Promise<number> {
  const start = performance.now();
  for (;;) {
    if (await pred()) return performance.now() - start;
    if (performance.now() - start > ms) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
