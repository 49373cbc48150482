/**
 * Market-data benchmarks (issue #6). The data set is built with real exchange commands before
 * the server starts (the demo catalog first, then):
 * - market BOOK: 100 bid levels (0.300–0.399) and 100 ask levels (0.600–0.699), tick 0.001;
 * - 25 quoted markets → 50 tokens for POST /prices;
 * - market HIST: one fill a minute over the 8 days before preparation (a random walk).
 * Scenarios (ratio to `GET /`): GET /book unchanged (≥ 0.85) and while a second client places
 * and cancels orders on it through the signed order API continuously (≥ 0.5); POST /prices for
 * 50 tokens (≥ 0.5); GET /markets first page (≥ 0.3); GET /prices-history one week at 1-minute
 * fidelity (≥ 0.3).
 */
import { createHash } from 'node:crypto';
import { getAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { loadConfig } from '../src/config/config.js';
import { openStore } from '../src/store/db.js';
import { migrateToLatest } from '../src/store/migrate.js';
import { insertEvent } from '../src/catalog/write.js';
import { loadDemo } from '../src/demo/load.js';
import { ExchangeService } from '../src/exchange/service.js';
import type { CommandBody } from '../src/core/index.js';
import type { BenchContext, HttpSuite } from './types.js';
import { l1Headers, order, send, signed, type Trader } from './kit/client.js';

const MICRO = 1_000_000;
const hash = (label: string) => createHash('sha256').update(label).digest('hex');
const cid = (label: string) => `0x${hash(label)}`;
const wallet = (label: string) => getAddress(`0x${hash(label).slice(0, 40)}`);

const BOOK = cid('bench-md-book');
const HIST = cid('bench-md-history');
const QUOTED = Array.from({ length: 25 }, (_, i) => cid(`bench-md-quoted-${i}`));
const MM = wallet('bench-md-maker');
const TAKER = wallet('bench-md-taker');
const CHURN_KEY = `0x${hash('bench-md-churn-key')}` as const;
const CHURN = privateKeyToAccount(CHURN_KEY);

async function prepare(dataDir: string, env: Record<string, string>): Promise<void> {
  const config = loadConfig({ ...env, SIBYL_DATA_DIR: dataDir, SIBYL_DEMO: '0' });
  const store = openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(store);
  await loadDemo(store);
  const now = Date.now();
  await insertEvent(store.db, {
    slug: 'bench-market-data', title: 'Bench market data', markets: [
      { question: 'Deep book?', slug: 'bench-md-book', conditionId: BOOK, minimumTickSize: 1_000 },
      { question: 'Long history?', slug: 'bench-md-history', conditionId: HIST },
      ...QUOTED.map((c, i) => ({ question: `Quoted ${i}?`, slug: `bench-md-quoted-${i}`, conditionId: c })),
    ],
  }, now);
  const clock = { t: now - 8 * 86_400_000 };
  const ex = await ExchangeService.open(store, { clock: { now: () => clock.t } });
  const ok = async (cmd: Exclude<CommandBody, { type: 'cancel' | 'cancel-all' | 'cancel-market' | 'expire' }>) => {
    const r = await ex.submit(cmd);
    if (!r.ok) throw new Error(`bench prepare: ${r.reject.message}`);
  };
  for (const w of [MM, TAKER, CHURN.address]) await ok({ type: 'deposit', wallet: w, amount: 10_000_000 * MICRO });
  for (const c of [BOOK, HIST, ...QUOTED]) await ok({ type: 'split', wallet: MM, conditionId: c, amount: 100_000 * MICRO });
  const waves: Array<Promise<void>> = [];
  for (let i = 0; i < 100; i++) {
    waves.push(ok({ type: 'place', order: { wallet: MM, tokenId: ex.core.tokenIds(BOOK)![0], side: 'BUY', price: 300_000 + i * 1_000, size: (5 + i) * MICRO, type: 'GTC' } }));
    waves.push(ok({ type: 'place', order: { wallet: MM, tokenId: ex.core.tokenIds(BOOK)![0], side: 'SELL', price: 600_000 + i * 1_000, size: (5 + i) * MICRO, type: 'GTC' } }));
  }
  QUOTED.forEach((c, i) => {
    waves.push(ok({ type: 'place', order: { wallet: MM, tokenId: ex.core.tokenIds(c)![0], side: 'BUY', price: 200_000 + i * 10_000, size: 10 * MICRO, type: 'GTC' } }));
    waves.push(ok({ type: 'place', order: { wallet: MM, tokenId: ex.core.tokenIds(c)![0], side: 'SELL', price: 500_000 + i * 10_000, size: 10 * MICRO, type: 'GTC' } }));
  });
  await Promise.all(waves);
  // One fill a minute for 8 days: a resting SELL, then a FOK BUY against it, at the clock's time.
  let price = 500_000;
  let seed = 7;
  const rand = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  let pending: Array<Promise<void>> = [];
  for (let i = 0; i < 8 * 1440; i++) {
    clock.t = now - 8 * 86_400_000 + i * 60_000 + 5_000;
    price = Math.min(800_000, Math.max(200_000, price + (rand() < 0.5 ? -10_000 : 10_000)));
    const p = price;
    pending.push(ok({ type: 'place', order: { wallet: MM, tokenId: ex.core.tokenIds(HIST)![0], side: 'SELL', price: p, size: 5 * MICRO, type: 'GTC' } }));
    pending.push(ok({ type: 'place', order: { wallet: TAKER, tokenId: ex.core.tokenIds(HIST)![0], side: 'BUY', price: p, size: 5 * MICRO, type: 'FOK' } }));
    if (pending.length >= 1000) { await Promise.all(pending); pending = []; }
  }
  await Promise.all(pending);
  clock.t = Date.now();
  await ex.close();
  await store.close();
}

// ── the churn client: signed order entry over HTTP ─────────────────────────────────────────────
/** The churn wallet as a trader: its API key derived (or created) over L1. */
async function churnTrader(baseUrl: string): Promise<Trader> {
  const headers = await l1Headers(CHURN);
  let res = await fetch(`${baseUrl}/auth/derive-api-key`, { headers });
  if (!res.ok) res = await fetch(`${baseUrl}/auth/api-key`, { method: 'POST', headers });
  if (!res.ok) throw new Error(`churn: api key ${res.status} ${await res.text()}`);
  return { address: CHURN.address, ...((await res.json()) as Omit<Trader, 'address'>) };
}

/**
 * Places a BUY inside the bid levels and cancels it, over and over: every request changes the book.
 * Each request is signed when sent, and no two bodies are alike (a new salt per order, a new id
 * per cancel): the same write twice in one second would be refused as a replay.
 */
async function churn(ctx: BenchContext): Promise<() => Promise<void>> {
  const t = await churnTrader(ctx.baseUrl);
  let running = true;
  let changes = 0;
  const loop = (async () => {
    for (let i = 0; running; i++) {
      const price = 300_000 + (i % 100) * 1_000;
      const placed = (await send(ctx, signed(t, 'POST', '/order', order(t, `${BOOK}:0`, 'BUY', price, 5 * MICRO)))) as { orderID?: string };
      if (!placed.orderID) throw new Error(`churn: order not placed: ${JSON.stringify(placed)}`);
      await send(ctx, signed(t, 'DELETE', '/order', { orderID: placed.orderID }));
      changes += 2;
    }
  })();
  return async () => {
    running = false;
    await loop;
    console.error(`[bench] marketdata churn: ${changes} book changes`);
  };
}

export const marketDataSuite: HttpSuite = {
  name: 'marketdata',
  server: { id: 'marketdata', env: { SIBYL_DEMO: '1' }, prepare: { cacheKey: 'v1', run: prepare } },
  scenarios: [
    { name: 'GET /book 100 levels, unchanged', target: 0.85, requests: async () => [{ path: `/book?token_id=${BOOK}:0` }] },
    { name: 'GET /book 100 levels, changing', target: 0.5, requests: async () => [{ path: `/book?token_id=${BOOK}:0` }], during: churn },
    {
      name: 'POST /prices 50 tokens', target: 0.5,
      requests: async () => [{
        method: 'POST', path: '/prices', headers: { 'content-type': 'application/json' },
        body: JSON.stringify(QUOTED.flatMap((c) => [{ token_id: `${c}:0`, side: 'BUY' }, { token_id: `${c}:1`, side: 'SELL' }])),
      }],
    },
    { name: 'GET /markets first page', target: 0.3, requests: async () => [{ path: '/markets' }] },
    { name: 'GET /prices-history 1w @ 1 min', target: 0.3, requests: async () => [{ path: `/prices-history?market=${HIST}:0&interval=1w&fidelity=1` }] },
  ],
};
