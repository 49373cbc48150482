/**
 * Every Prometheus metric of the service, in one registry of its own (served by GET /metrics,
 * src/routes/basics/metrics.ts). Metrics are per process: several app instances in one process
 * (tests) share them. Other layers import the objects below and update them — cheap calls,
 * no I/O, safe on hot paths:
 *
 *   import { engineMetrics, dbMetrics, heartbeatMetrics } from '../metrics/index.js';
 *   engineMetrics.orders.inc({ result: 'accepted' });        // or 'rejected'
 *   engineMetrics.fills.inc();  engineMetrics.cancels.inc({ reason: 'user' });
 *   engineMetrics.openOrders.set(n);  (book levels: set by GET /metrics at scrape time)
 *   engineMetrics.settlements.inc();
 *   const end = dbMetrics.query.startTimer({ op: 'place_order' }); ...; end();
 *   heartbeatMetrics.switchFirings.inc();  engineMetrics.cancels.inc({ reason: 'heartbeat' }, k);
 *
 * Label values must come from small closed sets (never ids, addresses or URLs).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'sibyl_' });

const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** Edge: requests, rate limiting, connections. Updated by src/edge only. */
export const edgeMetrics = {
  requests: new Counter({
    name: 'sibyl_http_requests_total', help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const, registers: [registry],
  }),
  duration: new Histogram({
    name: 'sibyl_http_request_duration_seconds', help: 'HTTP request latency by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const, buckets: LATENCY_BUCKETS, registers: [registry],
  }),
  rateLimited: new Counter({
    name: 'sibyl_rate_limit_rejections_total', help: 'Requests refused with 429, by the rule that refused them and family',
    labelNames: ['rule', 'family'] as const, registers: [registry],
  }),
  rateLimitFallbacks: new Counter({
    name: 'sibyl_rate_limit_fallback_requests_total', help: 'Requests counted in memory because Redis was unavailable',
    registers: [registry],
  }),
  rateLimitRedisUp: new Gauge({
    name: 'sibyl_rate_limit_redis_up', help: '1 while rate-limit counters are shared in Redis, 0 otherwise',
    registers: [registry],
  }),
  connectionsOpen: new Gauge({ name: 'sibyl_http_connections_open', help: 'Open client connections', registers: [registry] }),
  connectionsRefused: new Counter({
    name: 'sibyl_http_connections_refused_total',
    help: 'Connections refused, by reason: capacity (503 over SIBYL_MAX_CONNECTIONS) | per_ip (429 over SIBYL_MAX_CONNECTIONS_PER_IP)',
    labelNames: ['reason'] as const, registers: [registry],
  }),
  connectionsReaped: new Counter({
    name: 'sibyl_http_connections_idle_closed_total', help: 'Idle connections closed early because open connections neared SIBYL_MAX_CONNECTIONS',
    registers: [registry],
  }),
};

/** Matching engine and ledger. */
export const engineMetrics = {
  orders: new Counter({
    name: 'sibyl_orders_total', help: 'Orders submitted, by result (accepted | rejected)',
    labelNames: ['result'] as const, registers: [registry],
  }),
  fills: new Counter({ name: 'sibyl_fills_total', help: 'Fills (trades) executed', registers: [registry] }),
  cancels: new Counter({
    name: 'sibyl_cancels_total', help: 'Orders cancelled, by reason (user | heartbeat | expiry | resolution | operator)',
    labelNames: ['reason'] as const, registers: [registry],
  }),
  openOrders: new Gauge({ name: 'sibyl_open_orders', help: 'Open (resting) orders', registers: [registry] }),
  bookLevels: new Gauge({
    name: 'sibyl_book_levels', help: 'Price levels across all books, by side (bid | ask)',
    labelNames: ['side'] as const, registers: [registry],
  }),
  settlements: new Counter({ name: 'sibyl_ledger_settlements_total', help: 'Ledger settlements committed', registers: [registry] }),
};

/** Database timings, by operation name. */
export const dbMetrics = {
  query: new Histogram({
    name: 'sibyl_db_query_duration_seconds', help: 'Database operation latency, by operation name',
    labelNames: ['op'] as const, buckets: LATENCY_BUCKETS, registers: [registry],
  }),
};

/** Heartbeat dead-man's switch. */
export const heartbeatMetrics = {
  switchFirings: new Counter({ name: 'sibyl_heartbeat_switch_firings_total', help: 'Heartbeat switches that fired', registers: [registry] }),
};

/** Which secp256k1 recovery verifies signatures: 1 on `native` (libsecp256k1) or `js` (@noble/curves), 0 on the other. */
export const cryptoMetrics = {
  secp256k1Backend: new Gauge({
    name: 'sibyl_secp256k1_backend', help: 'The secp256k1 recovery in use for order and L1 signatures (1 = in use)',
    labelNames: ['backend'] as const, registers: [registry],
  }),
};

export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/** The process's kept answers (src/store/cache.ts): read at scrape time from the cache last given to `watchCache`. */
let cacheSource: (() => { bytes: number; entries: number; hits: number; misses: number }) | undefined;
export function watchCache(stats: () => { bytes: number; entries: number; hits: number; misses: number }): void {
  cacheSource = stats;
}
const cacheGauge = (name: string, help: string, pick: (s: { bytes: number; entries: number; hits: number; misses: number }) => number) =>
  new Gauge({ name, help, registers: [registry], collect() { if (cacheSource) this.set(pick(cacheSource())); } });
cacheGauge('sibyl_cache_bytes', 'Bytes of kept answers (SIBYL_CACHE_MB is the budget)', (s) => s.bytes);
cacheGauge('sibyl_cache_entries', 'Kept answers', (s) => s.entries);
cacheGauge('sibyl_cache_hits', 'Lookups answered from kept answers since start', (s) => s.hits);
cacheGauge('sibyl_cache_misses', 'Lookups that built their answer since start', (s) => s.misses);
