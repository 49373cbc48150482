/**
 * Trading benchmarks (issue #5): `POST /order` with L2 authentication, durably acknowledged —
 * a resting order and a crossing one — on SQLite (target 0.25×) and PostgreSQL (0.1×, when
 * DATABASE_URL is set), `POST /heartbeats` and `POST /v1/heartbeats` (0.7×) and a 100-order page
 * of `GET /data/orders` (0.3×). State is built through the public API.
 */
import type { HttpScenario, HttpSuite } from './types.js';
import { newMarket, newTrader, order, send, signed } from './kit/client.js';

const SERVER_ENV = { SIBYL_DEMO: '0', SIBYL_AUTH_WINDOW_S: '3600' };

const resting: HttpScenario = {
  name: 'POST /order (L2, resting)',
  requests: async (ctx) => {
    const cid = await newMarket(ctx);
    const t = await newTrader(ctx, 2_000_000);
    // Bids spread over 20 price levels, far below any ask: every order rests.
    return Array.from({ length: 20 }, (_, i) => signed(t, 'POST', '/order', order(t, `${cid}:0`, 'BUY', (5 + i) * 10_000, 5_000_000)));
  },
};

const crossing: HttpScenario = {
  name: 'POST /order (L2, crossing)',
  requests: async (ctx) => {
    const cid = await newMarket(ctx);
    const buyer = await newTrader(ctx, 3_000_000);
    const seller = await newTrader(ctx, 1_000_000);
    for (let i = 0; i < 2; i++) await send(ctx, signed(seller, 'POST', '/split', { market: cid, amount: String(400_000 * 1_000_000) }));
    // Alternating bids and asks at one price: each order takes the other side's resting order.
    return [
      signed(seller, 'POST', '/order', order(seller, `${cid}:0`, 'SELL', 500_000, 5_000_000)),
      signed(buyer, 'POST', '/order', order(buyer, `${cid}:0`, 'BUY', 500_000, 5_000_000)),
    ];
  },
};

export const tradingSuite: HttpSuite = {
  name: 'trading',
  server: { id: 'trading', env: SERVER_ENV },
  scenarios: [
    { ...resting, target: 0.25 },
    { ...crossing, target: 0.25 },
    {
      name: 'POST /heartbeats (L2)',
      target: 0.7,
      requests: async (ctx) => {
        const t = await newTrader(ctx);
        return [signed(t, 'POST', '/heartbeats')];
      },
    },
    {
      name: 'POST /v1/heartbeats (L2)',
      target: 0.7,
      requests: async (ctx) => {
        const t = await newTrader(ctx);
        // A fixed request cannot chain ids: every beat starts a chain (`null`), which arms a fed switch anew.
        return [signed(t, 'POST', '/v1/heartbeats', { heartbeat_id: null })];
      },
    },
    {
      name: 'GET /data/orders (L2, page of 100)',
      target: 0.3,
      requests: async (ctx) => {
        const cid = await newMarket(ctx);
        const t = await newTrader(ctx, 1000);
        for (let i = 0; i < 150; i++) await send(ctx, signed(t, 'POST', '/order', order(t, `${cid}:0`, 'BUY', (1 + (i % 50)) * 10_000, 5_000_000)));
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
