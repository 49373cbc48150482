/**
 * Request hardening at the edge:
 * - the HTTP server (fastify `serverFactory`): slow-client timeouts (all headers within
 *   SIBYL_HEADERS_TIMEOUT_MS, the whole request within SIBYL_REQUEST_TIMEOUT_MS, idle sockets
 *   closed after SIBYL_IDLE_TIMEOUT_MS) and the connection caps — in all (SIBYL_MAX_CONNECTIONS)
 *   and per client address (SIBYL_MAX_CONNECTIONS_PER_IP) — with idle sockets closed early
 *   near the cap (connections.ts);
 * - body limits per route (`onRoute`): batch and operator routes get SIBYL_BODY_LIMIT, every
 *   other route SIBYL_BODY_LIMIT_SMALL (a route that sets `bodyLimit` itself keeps it);
 * - security headers for a JSON API (helmet) and CORS (default: GET/HEAD from any origin).
 * Input bounds every route gets are in input-bounds.ts.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';
import helmet from 'helmet';
import cors from '@fastify/cors';
import type { Config } from '../config/config.js';
import { guardConnections } from './connections.js';
import { trustedPeer } from './trusted-proxy.js';
import { noRoute } from '../http/errors.js';
import { unmounted } from '../http/mounts.js';

/** Routes whose bodies are lists (batch reads and writes); the operator family is large too. */
export const LARGE_BODY_ROUTES = new Set([
  'POST /books', 'POST /prices', 'POST /batch-prices-history', 'POST /spreads', 'POST /midpoints',
  'POST /last-trades-prices', 'POST /orders', 'DELETE /orders',
]);

export function edgeServerFactory(config: Config): FastifyServerFactory {
  return (handler) => {
    const server = createServer({
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      // how often node checks the two timeouts above (its default, 30 s, lets a slow client linger)
      connectionsCheckingInterval: Math.min(1000, config.headersTimeoutMs),
    }, handler);
    server.keepAliveTimeout = Math.min(72_000, config.idleTimeoutMs);
    server.setTimeout(config.idleTimeoutMs);
    guardConnections(server, {
      max: config.maxConnections, perIp: config.maxConnectionsPerIp, isTrustedProxy: trustedPeer(config.trustProxy),
    });
    return server;
  };
}

export function registerBodyLimits(app: FastifyInstance, config: Config): void {
  const small = Math.min(config.bodyLimit, config.smallBodyLimit);
  app.addHook('onRoute', (opts) => {
    if (opts.bodyLimit !== undefined) return;
    const methods = Array.isArray(opts.method) ? opts.method : [opts.method];
    const large = opts.config?.family === 'admin' || methods.some((m) => LARGE_BODY_ROUTES.has(`${m} ${unmounted(opts.url)}`));
    opts.bodyLimit = large ? config.bodyLimit : small;
  });
}

/** What helmet is told: headers for a JSON API. */
const HELMET_OPTIONS: Parameters<typeof helmet>[0] = {
  // A JSON API loads nothing; /docs (Swagger UI) sets its own policy on its routes.
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
  },
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: { policy: 'cross-origin' }, // public data, read cross-origin through CORS
  referrerPolicy: { policy: 'no-referrer' },
  frameguard: { action: 'deny' },
  strictTransportSecurity: false, // set by the TLS-terminating proxy, which knows whether TLS is in use
};

/**
 * The headers helmet sets with HELMET_OPTIONS. They depend on nothing in the request, so helmet
 * runs once, here, against a response that records them (the fastify plugin built helmet's
 * middleware anew for every request: a fifth of a `GET /`).
 */
function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) { headers[name.toLowerCase()] = String(value); },
    removeHeader(name: string) { delete headers[name.toLowerCase()]; },
  };
  helmet(HELMET_OPTIONS)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: @fastify/cors adds no headers to this route's answers. */
    cors?: false;
  }
}

/**
 * CORS with the plugin's static options, built once: only the configured methods get CORS
 * headers. A route of another method opts out as it is added (`config.cors = false`); a request
 * no route answers, or a preflight asking for another method, is answered 404 here, before the
 * plugin's hook (a preflight is only answered as one for a configured method). A per-request
 * options delegator did the same at a few µs a request on every route: the plugin normalises
 * a delegator's options again for each request.
 */
export async function registerCors(app: FastifyInstance, config: Config): Promise<void> {
  if (config.corsOrigins === 'off') return;
  const allowed = new Set(config.corsMethods);
  app.addHook('onRoute', (opts) => {
    const methods = Array.isArray(opts.method) ? opts.method : [opts.method];
    if (methods.every((m) => m !== 'OPTIONS' && !allowed.has(m))) opts.config = { ...opts.config, cors: false };
  });
  app.addHook('onRequest', (req, _reply, done) => {
    const method = req.method === 'OPTIONS' ? String(req.headers['access-control-request-method'] ?? '').toUpperCase() : req.method;
    if ((req.method === 'OPTIONS' || req.is404) && !allowed.has(method)) done(noRoute(req.method, req.url));
    else done();
  });
  await app.register(cors, {
    origin: config.corsOrigins === '*' ? '*' : config.corsOrigins,
    methods: config.corsMethods,
    credentials: false,
    maxAge: 600,
    exposedHeaders: ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after', 'x-request-id'],
  });
}
