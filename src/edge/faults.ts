/**
 * Provoked faults on the request path (src/faults, issue #41). While nothing is provoked every
 * hook here returns after one boolean check (`faults.armed`), so the venue costs what it did.
 * - `onRequest` (every route): `latency` holds the request; its scope is read from the auth
 *   headers (`POLY_`/`SVC_` address and API key), since it runs before authentication.
 * - order and cancel routes get a `preHandler` (after their authentication: the scope is the
 *   verified account) that answers the venue's failures — 425 restart, 503 post-only /
 *   cancel-only / disabled, 500 execution error — and, for `POST /orders` in the post-only
 *   window, answers each non-post-only entry the venue's way while the post-only ones are placed;
 * - and an `onSend` that closes the connection before the answer of an order `lost_answer`
 *   picked (the order was placed and committed).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { POST_ONLY_ENTRY, postOnlyRefusal, type Faults, type Identity } from '../faults/index.js';
import { unmounted } from '../http/mounts.js';

type RouteKind = 'order' | 'orders' | 'cancel';

const ROUTE_KINDS: Record<string, RouteKind> = {
  'POST /order': 'order', 'POST /orders': 'orders',
  'DELETE /order': 'cancel', 'DELETE /orders': 'cancel', 'DELETE /cancel-all': 'cancel', 'DELETE /cancel-market-orders': 'cancel',
};

const LOST = Symbol('sibyl.lostAnswer');
const SPLIT = Symbol('sibyl.postOnlySplit');

interface Marked { [LOST]?: true; [SPLIT]?: { kept: number[]; n: number } }

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[`poly_${name}`] ?? req.headers[`svc_${name}`];
  return typeof v === 'string' ? v : undefined;
}

function identity(req: FastifyRequest): Identity | undefined {
  return (req as { auth?: Identity }).auth;
}

const isPostOnly = (o: unknown): boolean => (o as { postOnly?: unknown } | null)?.postOnly === true;

export function registerFaults(app: FastifyInstance, faults: Faults): void {
  app.addHook('onRequest', (req, _reply, done) => {
    if (!faults.armed) return done();
    const family = req.routeOptions.config?.family;
    if (family === undefined) return done();
    const ms = faults.latency(family, { address: header(req, 'address'), apiKey: header(req, 'api_key') });
    if (ms <= 0) return done();
    setTimeout(done, ms);
  });

  app.addHook('onRoute', (opts) => {
    const methods = Array.isArray(opts.method) ? opts.method : [opts.method];
    const kind = methods.length === 1 ? ROUTE_KINDS[`${methods[0]} ${unmounted(opts.url)}`] : undefined;
    if (kind === undefined) return;
    const check = (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
      if (!faults.armed) return done();
      const body = req.body;
      const postOnly = kind === 'order' ? isPostOnly(body) : kind === 'orders' && Array.isArray(body) && body.length > 0 && body.every(isPostOnly);
      const v = faults.trading(kind === 'cancel' ? 'cancel' : 'order', identity(req), postOnly);
      if (v === null) return done();
      if ('refuse' in v) return done(v.refuse);
      if ('lose' in v) { (req as Marked)[LOST] = true; return done(); }
      if (kind === 'order' || !Array.isArray(body)) return done(postOnlyRefusal(v.postOnly));
      // POST /orders in the post-only window: the post-only entries are placed, the others answered here.
      const kept = body.flatMap((o, i) => (isPostOnly(o) ? [i] : []));
      if (kept.length === 0) {
        void reply.code(200).type('application/json; charset=utf-8').send(`[${body.map(() => POST_ONLY_ENTRY).join(',')}]`);
        return;
      }
      (req as Marked)[SPLIT] = { kept, n: body.length };
      req.body = kept.map((i) => body[i]);
      done();
    };
    const lostOrSplit = (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, p?: unknown) => void): void => {
      const m = req as Marked;
      if (m[LOST]) {
        req.raw.socket?.destroy(); // the order is committed; the client never hears of it
        return done(null, payload);
      }
      const split = m[SPLIT];
      if (split === undefined || reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload);
      const placed = (JSON.parse(payload) as unknown[]).map((r) => JSON.stringify(r));
      const out: string[] = [];
      for (let i = 0, k = 0; i < split.n; i++) out.push(split.kept[k] === i ? placed[k++]! : POST_ONLY_ENTRY);
      done(null, `[${out.join(',')}]`);
    };
    const pre = opts.preHandler === undefined ? [] : Array.isArray(opts.preHandler) ? opts.preHandler : [opts.preHandler];
    opts.preHandler = [...pre, check] as typeof opts.preHandler;
    const send = opts.onSend === undefined ? [] : Array.isArray(opts.onSend) ? opts.onSend : [opts.onSend];
    opts.onSend = [...send, lostOrSplit] as typeof opts.onSend;
  });
}
