/**
 * Trading benchmarks (issue #5): `POST /order` with L2 authentication, durably acknowledged —
 * a resting order and a crossing one — on SQLite (target 0.25×) and PostgreSQL (0.1×, when
 * DATABASE_URL is set), `POST /heartbeats` and `POST /v1/heartbeats` (0.7×) and a 100-order page
 * of `GET /data/orders` (0.3×). State is built through the public API. Every write is signed
 * anew per request (the service refuses a replayed write signature, src/auth/README.md).
 */
import type { BenchContext, HttpRequestSpec, HttpScenario, HttpSuite } from './types.js';
import { generatePrivateKey } from 'viem/accounts';
import { signedOrderPool } from './kit/signed-orders.js';
import { distinctTimestamps, newMarket, newTrader, nowS, order, send, signed, signedEach } from './kit/client.js';

/** A wide window: it gives every heartbeat trader 2 × 3,600 distinct timestamps (below). */
const AUTH_WINDOW_S = 3600;
/**
 * Every write of a run claims its signature in the server's replay set until its timestamp can
 * no longer be fresh (up to 2 × window + 3 s, i.e. for the rest of the run at this window), and a
 * full set answers new writes 503. A full run of this suite sends ~0.6 M signed writes at the
 * rates of 2026-11 (orders ~5.7k + 3.2k/s, heartbeats ~11.7k/s ×2, 16 s each), above the default
 * 500,000: 4 M can never be filled by a run (~135 B a claim, so ≤ 0.54 GB, ~80 MB in practice).
 */
const REPLAY_MAX = 4_000_000;
const SERVER_ENV = { SIBYL_DEMO: '0', SIBYL_AUTH_WINDOW_S: String(AUTH_WINDOW_S), SIBYL_REPLAY_MAX: String(REPLAY_MAX) };

/**
 * Heartbeats carry no varying body, so their signatures differ by trader and timestamp only:
 * the load is spread over this many traders (one request spec each, which every connection
 * cycles through), each with strictly increasing timestamps inside the window — no (trader,
 * timestamp, body) repeats. Capacity ≈ 100 × 7,100 = 710k beats per scenario, ~3.5× a full run.
 */
const HEARTBEAT_TRADERS = 100;

async function heartbeatLoad(ctx: BenchContext, path: string, body?: string): Promise<HttpRequestSpec[]> {
  const traders = await Promise.all(Array.from({ length: HEARTBEAT_TRADERS }, () => newTrader(ctx)));
  return traders.map((t) => {
    const ts = distinctTimestamps(AUTH_WINDOW_S, `POST ${path}`);
    return signedEach(t, 'POST', path, () => ({ body, ts: ts() }));
  });
}

const resting: HttpScenario = {
  name: 'POST /order (L2, resting)',
  requests: async (ctx) => {
    const cid = await newMarket(ctx);
    const t = await newTrader(ctx, 2_000_000);
    // Bids spread over 20 price levels, far below any ask: every order rests. Each order has a new salt and signature.
    return Array.from({ length: 20 }, (_, i) => signedEach(t, 'POST', '/order', () => ({ body: order(t, `${cid}:0`, 'BUY', (5 + i) * 10_000, 5_000_000) })));
  },
};

/**
 * The resting scenario with V1 EIP-712 signatures verified (issue #28: ≥ 0.6× the unsigned row of
 * the same run). Orders are signed before the load (bench/kit/signed-orders.ts); a run uses at
 * most SIGNED_POOL of them (each is accepted once: a second post is a replay).
 */
const SIGNED_POOL = 60_000; // a quiet host takes ~2,000 a second: 5 rounds × 3 s and the warm-up stay under it
const signedResting: HttpScenario = {
  name: 'POST /order (L2, resting, V1 signature verified)',
  requests: async (ctx) => {
    const cid = await newMarket(ctx);
    const key = generatePrivateKey();
    const t = await newTrader(ctx, 2_000_000, key);
    const pool = signedOrderPool(t, key, cid, SIGNED_POOL);
    let next = 0;
    return [signedEach(t, 'POST', '/order', () => ({ body: pool[next++ % pool.length] }))];
  },
};

const crossing: HttpScenario = {
  name: 'POST /order (L2, crossing)',
  requests: async (ctx) => {
    const cid = await newMarket(ctx);
    const buyer = await newTrader(ctx, 3_000_000);
    const seller = await newTrader(ctx, 1_000_000);
    // Two identical splits: signed at different seconds, or the second would be a replay.
    const ts = nowS();
    for (let i = 0; i < 2; i++) await send(ctx, signed(seller, 'POST', '/split', { market: cid, amount: String(400_000 * 1_000_000) }, ts - i));
    // Alternating bids and asks at one price: each order takes the other side's resting order.
    return [
      signedEach(seller, 'POST', '/order', () => ({ body: order(seller, `${cid}:0`, 'SELL', 500_000, 5_000_000) })),
      signedEach(buyer, 'POST', '/order', () => ({ body: order(buyer, `${cid}:0`, 'BUY', 500_000, 5_000_000) })),
    ];
  },
};

export const tradingSuite: HttpSuite = {
  name: 'trading',
  server: { id: 'trading', env: SERVER_ENV },
  scenarios: [
    { ...resting, target: 0.25 },
    { ...crossing, target: 0.25 },
    signedResting,
    {
      name: 'POST /heartbeats (L2)',
      target: 0.7,
      requests: (ctx) => heartbeatLoad(ctx, '/heartbeats'),
    },
    {
      name: 'POST /v1/heartbeats (L2)',
      target: 0.7,
      // Beats do not chain ids (that would tie each trader to one connection): every beat starts
      // a chain (`null`) and is answered a new id.
      requests: (ctx) => heartbeatLoad(ctx, '/v1/heartbeats', JSON.stringify({ heartbeat_id: null })),
    },
    {
      name: 'GET /data/orders (L2, page of 100)',
      target: 0.3,
      requests: async (ctx) => {
        const cid = await newMarket(ctx);
        const t = await newTrader(ctx, 1000);
        // (Each order body has its own salt: two alike in one second would be a replayed write.)
        for (let i = 0; i < 150; i++) await send(ctx, signed(t, 'POST', '/order', order(t, `${cid}:0`, 'BUY', (1 + (i % 50)) * 10_000, 5_000_000)));
        // A read: GET headers may repeat within the window, so one signed request serves the run.
        return [signed(t, 'GET', '/data/orders')];
      },
    },
  ],
};

/** The order-entry scenarios on PostgreSQL, on a database of its own. */
export function tradingPgSuite(databaseUrl: string): HttpSuite {
  return {
    name: 'trading-pg',
    server: { id: 'trading-pg', env: { ...SERVER_ENV, DATABASE_URL: databaseUrl } },
    scenarios: [{ ...resting, target: 0.1 }, { ...crossing, target: 0.1 }],
  };
}
