/**
 * `GET /explorer` and every path under it (one route, `/explorer*`): the explorer web page (not an API route: hidden from the
 * OpenAPI document, no response schema). `/explorer/assets/<name>-<hash>.<ext>` answers a hashed
 * file with `Cache-Control: public, max-age=31536000, immutable`; every other path under
 * /explorer answers the page itself with `no-cache` (the browser code routes by path:
 * /explorer/event/<slug>, /explorer/market/<condition id>, /explorer/wallet/<address>).
 * Answers are gzipped when the client accepts it. The files are loaded (or built) once, on the
 * first request under /explorer (so no other use of the service pays for them); when that fails,
 * the page answers 503 with the reason, logged once.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteModule } from '../app/services.js';
import { noRoute } from '../http/errors.js';
import { loadAssets, type Asset, type Assets } from './assets.js';
import { ASSET_PREFIX, EXPLORER_CSP } from './html.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function send(req: FastifyRequest, reply: FastifyReply, a: Asset, cache: string) {
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  reply.header('cache-control', cache).header('vary', 'Accept-Encoding').type(a.type);
  if (gzip) reply.header('content-encoding', 'gzip');
  return reply.send(gzip ? a.gzip : a.body);
}

export const explorerRoutes: RouteModule = (app) => {
  let loading: Promise<Assets | { error: string }> | undefined;
  const load = () => (loading ??= loadAssets({ warn: (msg) => app.log.warn(msg) }).then((a) => {
    if ('error' in a) app.log.error(`explorer: ${a.error}`);
    return a;
  }));

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?', 1)[0]!;
    if (path !== '/explorer' && !path.startsWith('/explorer/')) throw noRoute(req.method, req.url);
    const assets = await load();
    if ('error' in assets) {
      return reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8')
        .send(`Sibyl explorer unavailable: ${assets.error}\n`);
    }
    if (path.startsWith(ASSET_PREFIX)) {
      const file = assets.files.get(path.slice(ASSET_PREFIX.length));
      if (!file) throw noRoute(req.method, req.url);
      return send(req, reply, file, IMMUTABLE);
    }
    reply.header('content-security-policy', EXPLORER_CSP);
    return send(req, reply, assets.html, 'no-cache');
  };
  // One route for the page and its assets (`/explorer*` matches `/explorer` and everything under it;
  // a longer name such as `/explorers` is not the explorer's and answers 404 above).
  app.get('/explorer*', { schema: { hide: true }, config: { family: 'basic' } }, handler);
};
