/**
 * `GET /ws/market` and `GET /ws/user` (docs/venue.md §9): the upgrade passes the edge's hooks like
 * any request (the connection counts against the CLOB family's rate limits; a refusal is a
 * 429 before the upgrade), then the socket is handed to the streams service. Every later
 * subscribe, unsubscribe and resync counts against the same windows.
 */
import type { App } from '../../http/app-type.js';
import type { Services } from '../../app/services.js';
import type { Channel } from '../../streams/metrics.js';
import { peerOf, wire } from './peer.js';
import { Framer } from './tick-writer.js';
import { credentialsCheck } from './credentials.js';

function limiterFor(app: App, path: string, ip: string): () => number | null | Promise<number | null> {
  const limiter = app.rateLimiter;
  if (limiter === undefined) return () => null;
  const plan = limiter.planForRoute('GET', path, 'clob');
  if (plan.windows.length === 0) return () => null;
  const wait = (d: { allowed: boolean; retryAfterMs: number }) => (d.allowed ? null : Math.max(1, Math.ceil(d.retryAfterMs / 1000)));
  return () => {
    const d = limiter.check(plan, ip);
    return d instanceof Promise ? d.then(wait) : wait(d);
  };
}

/** Tokens one `POST /books` may ask for (its schema's maxItems): a dump of more costs that many more requests. */
export const BOOKS_PER_REQUEST = 500;

/**
 * A socket's book dump (subscribe, resync) of `assets` books is counted as the `POST /books`
 * requests that would fetch them (its route row and the CLOB family's), all or nothing.
 */
function dumpLimiterFor(app: App, ip: string): (assets: number) => number | null | Promise<number | null> {
  const limiter = app.rateLimiter;
  if (limiter === undefined) return () => null;
  const plan = limiter.planForRoute('POST', '/books', 'clob');
  if (plan.windows.length === 0) return () => null;
  const wait = (d: { allowed: boolean; retryAfterMs: number }) => (d.allowed ? null : Math.max(1, Math.ceil(d.retryAfterMs / 1000)));
  return (assets) => {
    let hits = Math.ceil(assets / BOOKS_PER_REQUEST);
    const next = (): number | null | Promise<number | null> => {
      if (hits-- <= 0) return null;
      const d = limiter.check(plan, ip);
      if (d instanceof Promise) return d.then((x) => wait(x) ?? next());
      return wait(d) ?? next();
    };
    return next();
  };
}

export function channelRoute(channel: Channel) {
  const path = `/ws/${channel}`;
  return (app: App, services: Services): void => {
    const authenticate = credentialsCheck(services.auth.keys);
    const framer = new Framer(); // each shared payload framed once for all this channel's sockets
    app.get(path, {
      websocket: true,
      schema: { hide: true },
      config: { family: 'clob' },
    }, (socket, req) => {
      req.raw.socket?.setTimeout(0); // (none under injectWS) the HTTP idle timeout does not apply: the streams close idle sockets themselves
      const conn = services.streams.connect(channel, peerOf(socket, req.raw.socket ?? undefined, framer), { allow: limiterFor(app, path, req.ip), allowDump: dumpLimiterFor(app, req.ip), authenticate });
      wire(socket, conn);
    });
  };
}
