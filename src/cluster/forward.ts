/**
 * Forwarding writes from a follower to the writer (issue #30). Runs as the app's first
 * `onRequest` hook, before the follower's own rate limits, authentication and body parsing, so:
 * - the request goes through unchanged: method, path and query, body bytes, and every header
 *   (authentication headers included) except hop-by-hop ones; the writer checks the signature,
 *   the replay guard and its rate limits exactly once, as if the client had called it. The
 *   client's address travels in `X-Forwarded-For` (the writer uses it when the instances are
 *   among its trusted proxies, SIBYL_TRUST_PROXY; docs/deployment.md);
 * - the answer comes back unchanged: status, headers (minus hop-by-hop) and body bytes;
 * - a forward is never retried: when the writer cannot be reached, or the connection breaks
 *   before its answer, the client gets 503 with `Retry-After: 1` (the writer is changing). A
 *   POST that may have reached the writer is never sent twice, so an order is never doubled; a
 *   client that retries a POST /order after such a 503 should look at its open orders first
 *   (docs/deployment.md). A request arriving already forwarded (`X-Sibyl-Forwarded`, the sender
 *   believed this instance writes) is answered 503 too, never forwarded again (no loops).
 * Writes are every POST, PUT, PATCH and DELETE, except the market-data reads sent as POST.
 * While a follower repairs its state (a replayed batch did not give the writer's digest, until
 * its restore ends: follower.ts), its reads go to the writer too, so it never answers from a
 * state the writer never had — except its own status, metrics and stream upgrades (its streams
 * tell nothing of the failed batch and resync after the restore).
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { errors } from '../errors/catalogue.js';

const READ_POSTS = new Set(['/books', '/prices', '/midpoints', '/spreads', '/last-trades-prices', '/batch-prices-history']);
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host']);
export const FORWARDED_HEADER = 'x-sibyl-forwarded';
const CHANGING = 'the writer is changing (failover in progress); the request was not applied here — retry shortly';

/** Reads a repairing follower answers itself. */
function ownRead(url: string): boolean {
  return url.startsWith('/admin/status') || url.startsWith('/metrics') || url.startsWith('/ws/');
}

export function isWrite(method: string, url: string): boolean {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false;
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).replace(/\/+$/, '') || '/';
  return !READ_POSTS.has(path);
}

/** What the hook needs of a fastify request and reply (no framework import in this layer). */
interface Req { method: string; url: string; ip: string; raw: IncomingMessage; headers: IncomingMessage['headers'] }
interface Reply { hijack(): void; raw: ServerResponse }

export interface ForwardTarget {
  /** True while this instance follows (writes go to the writer). */
  readonly forwarding: boolean;
  /** True while a following instance repairs its state: reads go to the writer too. */
  readonly forwardingReads: boolean;
  /** The writer's base URL, null when unknown. */
  readonly writerUrl: string | null;
  onForwardFailed?(err: unknown): void;
}

function strip(headers: http.IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) out[k] = v;
  return out;
}

function unavailable(res: ServerResponse, message: string): void {
  if (res.headersSent) { res.destroy(); return; }
  const body = JSON.stringify({ error: message });
  res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1', 'x-error-code': 'unavailable', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** The hook, with its own keep-alive connections to the writer. */
export function forwardHook(target: ForwardTarget) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 1000 });
  const hook = (req: Req, reply: Reply, done: (err?: Error) => void): void => {
    if (!target.forwarding) return done();
    if (!isWrite(req.method, req.url) && !(target.forwardingReads && !ownRead(req.url))) return done();
    if (req.headers[FORWARDED_HEADER] !== undefined) return done(errors.unavailable(CHANGING, 1));
    const base = target.writerUrl;
    if (base === null) return done(errors.unavailable(CHANGING, 1));
    reply.hijack();
    const res = reply.raw;
    const url = new URL(req.url, base);
    const headers = strip(req.headers);
    const xff = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = xff ? `${Array.isArray(xff) ? xff.join(', ') : xff}, ${req.ip}` : req.ip;
    headers[FORWARDED_HEADER] = '1';
    const out = http.request(url, { method: req.method, headers, agent, timeout: 30_000 });
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      target.onForwardFailed?.(err);
      unavailable(res, CHANGING);
    };
    out.on('response', (r) => {
      res.writeHead(r.statusCode ?? 502, strip(r.headers));
      r.pipe(res);
      r.on('error', () => res.destroy());
    });
    out.on('timeout', () => out.destroy(new Error('the writer did not answer in time')));
    out.on('error', fail);
    req.raw.on('error', () => out.destroy());
    req.raw.pipe(out);
  };
  return hook;
}
