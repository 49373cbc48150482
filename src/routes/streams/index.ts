/**
 * The WebSocket routes (src/streams/README.md): `@fastify/websocket` on the API's port, the
 * market and user channels, `/asyncapi.json`, and — with SIBYL_WS_PORT — a second listener
 * for clients that assume a separate host. The plugin is registered first, so the channel
 * routes (declared in a child context after it) are upgrade routes.
 */
import websocket from '@fastify/websocket';
import type { RouteModule } from '../../app/services.js';
import { channelRoute } from './channels.js';
import { asyncapiRoute } from './asyncapi.js';
import { wsPort } from './ws-port.js';

import { MAX_CLIENT_FRAME } from './peer.js';

export { MAX_CLIENT_FRAME } from './peer.js';

/** On shutdown the streams have sent every socket 1001: give the close handshakes this long, then drop the rest. */
const CLOSE_GRACE_MS = 1000;

export const streamRoutes: RouteModule = (app, services) => {
  app.register(websocket, {
    options: { maxPayload: MAX_CLIENT_FRAME, perMessageDeflate: false },
    // A socket error that is the client's fault (`ws`'s WS_ERR_* codes: a frame too big, bad
    // UTF-8, a bad close code, …) is logged at warn and `ws` finishes its close (1009, 1007, …);
    // anything else is a server error, logged as such, and the socket is dropped.
    errorHandler(error, socket, request) {
      const code = (error as Error & { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('WS_ERR_')) {
        request.log.warn({ code, msg: error.message, ip: request.ip }, 'websocket client error');
        return;
      }
      request.log.error({ err: error }, 'websocket failure');
      socket.terminate();
    },
    // The plugin's own preClose calls `done` twice (once before the server has closed), which
    // left `app.close()` pending when sockets were open; this one calls it once.
    preClose(done) {
      const wss = this.websocketServer;
      const deadline = Date.now() + CLOSE_GRACE_MS;
      const finish = () => {
        if (wss.clients.size > 0 && Date.now() < deadline) return void setTimeout(finish, 10);
        for (const c of wss.clients) c.terminate();
        wss.close(() => done());
      };
      finish();
    },
  });
  // An upgrade refused before the plugin's own hook ran (a 429 from the rate limits, which run
  // first) would leave its socket open for ever: close it once the refusal is sent.
  app.addHook('onResponse', (req, reply, done) => {
    if (reply.statusCode !== 101 && req.headers.upgrade?.toLowerCase() === 'websocket') req.raw.socket?.destroy();
    done();
  });
  app.register(async (child) => {
    channelRoute('market')(child as typeof app, services);
    channelRoute('user')(child as typeof app, services);
  });
  asyncapiRoute(app, services);
  if (services.config.wsPort !== undefined) wsPort(app, services.config.host, services.config.wsPort);
};
