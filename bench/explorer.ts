/**
 * Explorer benchmark: the market page in Debian's chromium (playwright-core) against the demo
 * service (a separate process, bench/server.ts). Rows:
 * - first paint of the book: the page's `explorer:book-painted` mark (ms after navigation start),
 *   over N loads of the market page in fresh tabs of one browser (HTTP cache warm, as a returning
 *   visitor; the first, cold load is in the note); target ≤ 1000 ms at p99;
 * - an order placed through the API until its level is in the ladder (ms after the API answered);
 * - the JavaScript the page loads, gzipped as served (the note; budget 150 KB).
 * `req/s` is page loads (or orders) per second, one at a time. Without chromium the suite says
 * why and reports no rows.
 *
 * Run alone: `node --import tsx bench/explorer.ts [--quick]`, or `npm run bench -- explorer`.
 */
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startServer } from './server.js';
import { table } from './report.js';
import type { BenchRow } from './types.js';
import { newTrader, order, send, signed } from './kit/client.js';
import { JS_BUDGET_GZIP } from '../src/explorer/build.js';

const CHROMIUM = process.env.SIBYL_CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const pct = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!; };

async function firstPaint(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('explorer:book-painted').length > 0, undefined, { timeout: 10_000 });
  return page.evaluate(() => performance.getEntriesByName('explorer:book-painted')[0]!.startTime);
}

/** Gzipped bytes of every script the page names, as the server sends them. */
async function jsGzipBytes(baseUrl: string): Promise<number> {
  const html = await (await fetch(`${baseUrl}/explorer`)).text();
  let n = 0;
  for (const m of html.matchAll(/src="(\/explorer\/assets\/[^"]+\.js)"/g)) {
    const res = await fetch(`${baseUrl}${m[1]}`, { headers: { 'accept-encoding': 'gzip' } });
    n += Number(res.headers.get('content-length') ?? (await res.arrayBuffer()).byteLength);
  }
  return n;
}

export async function runExplorerBench(opts: { quick: boolean }): Promise<BenchRow[]> {
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 30_000 });
  } catch (err) {
    console.error(`[bench] explorer skipped: chromium could not be launched from ${CHROMIUM} (${(err as Error).message.split('\n')[0]})`);
    return [];
  }
  const server = await startServer({ id: 'explorer', env: { SIBYL_DEMO: '1' }, prepare: { cacheKey: 'v1', run: async () => {} } });
  try {
    const { baseUrl } = server.ctx;
    const markets = await (await fetch(`${baseUrl}/markets`)).json() as { data: Array<{ condition_id: string; accepting_orders: boolean; tokens: Array<{ token_id: string }> }> };
    const market = markets.data.find((m) => m.accepting_orders)!;
    const url = `${baseUrl}/explorer/market/${market.condition_id}`;
    const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const loads = opts.quick ? 5 : 30;
    const cold = await firstPaint(await ctx.newPage(), url); // includes the build when dist/explorer/ was missing
    const paints: number[] = [];
    const started = performance.now();
    for (let i = 0; i < loads; i++) {
      const page = await ctx.newPage();
      paints.push(await firstPaint(page, url));
      await page.close();
    }
    const loadsPerS = loads / ((performance.now() - started) / 1000);

    // An order through the API until its level shows in the ladder of a live page.
    const page = await ctx.newPage();
    await page.goto(url);
    await page.waitForSelector('[data-testid=live-status][data-state=live]', { timeout: 10_000 });
    const token = market.tokens[0]!.token_id;
    const trader = await newTrader(server.ctx, 1000);
    const book = await (await fetch(`${baseUrl}/book?token_id=${encodeURIComponent(token)}`)).json() as { bids: Array<{ price: string }> };
    const best = book.bids.length ? Math.round(Number(book.bids[book.bids.length - 1]!.price) * 100) : 50;
    const orders = opts.quick ? 3 : 10;
    const shown: number[] = [];
    const t0 = performance.now();
    for (let i = 0; i < orders; i++) {
      const size = 5 + i; // each order changes the level's total: the ladder shows the new one
      const priceCents = Math.max(1, best - 1);
      await send(server.ctx, signed(trader, 'POST', '/order', order(trader, token, 'BUY', priceCents * 10_000, size * 1_000_000)));
      const after = performance.now();
      const rest = await (await fetch(`${baseUrl}/book?token_id=${encodeURIComponent(token)}`)).json() as { bids: Array<{ price: string; size: string }> };
      const level = rest.bids.find((l) => l.price === String(priceCents / 100))!;
      await page.waitForSelector(`[data-testid=ladder] tr[data-side=bid][data-price="${level.price}"][data-size="${level.size}"]`, { timeout: 5000 });
      shown.push(performance.now() - after);
    }
    const ordersPerS = orders / ((performance.now() - t0) / 1000);
    const js = await jsGzipBytes(baseUrl);
    return [
      {
        suite: 'explorer', scenario: 'market page: first paint of the book (ms after navigation start)', reqPerSec: loadsPerS,
        p50ms: pct(paints, 50), p99ms: pct(paints, 99), target: '≤ 1000 ms (p99)', met: pct(paints, 99) <= 1000,
        note: `${loads} loads, warm HTTP cache; cold first load ${cold.toFixed(0)} ms; JavaScript ${(js / 1024).toFixed(1)} KB gzipped (budget ${JS_BUDGET_GZIP / 1024} KB${js <= JS_BUDGET_GZIP ? ', met' : ', MISSED'})`,
      },
      {
        suite: 'explorer', scenario: 'order through the API → level in the ladder (ms after the API answered)', reqPerSec: ordersPerS,
        p50ms: pct(shown, 50), p99ms: pct(shown, 99), target: '≤ 1000 ms', met: pct(shown, 99) <= 1000,
        note: `${orders} orders, one at a time (each includes one REST /book read)`,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}

export const explorerSuite = { name: 'explorer', unit: 'http' as const, run: runExplorerBench };

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await runExplorerBench({ quick: process.argv.includes('--quick') });
  console.log(`\n## explorer\n${table(rows, 'http')}\n`);
}
