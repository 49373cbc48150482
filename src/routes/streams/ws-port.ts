/**
 * SIBYL_WS_PORT: a second listener, started and stopped with the app, for clients that assume
 * the channels on a host and port of their own (the clob-client example's ws://localhost:8081).
 * Upgrades go through the same fastify stack (hooks, rate limits, the channel routes); plain
 * requests are answered by the same app. The edge's connection caps guard the API's port only.
 */
import { createServer, type Server } from 'node:http';
import type { App } from '../../http/app-type.js';

export function wsPort(app: App, host: string, port: number): void {
  let server: Server | undefined;
  app.addHook('onListen', async () => {
    const s = createServer((req, res) => app.routing(req, res));
    s.on('upgrade', (req, socket, head) => app.server.emit('upgrade', req, socket, head));
    await new Promise<void>((resolve, reject) => { s.once('error', reject); s.listen(port, host, () => resolve()); });
    server = s;
  });
  app.addHook('preClose', async () => {
    if (server === undefined) return;
    const s = server;
    server = undefined;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  });
}

