/** `sibyl serve` — run the HTTP service until SIGINT/SIGTERM, then shut down gracefully. */
import type { Command } from 'commander';
import { createService } from '../server.js';
import { configFrom, withStoreFlags } from './env.js';
import { progress } from './progress.js';

export function serveCommand(program: Command): void {
  withStoreFlags(program.command('serve'))
    .description('serve the whole API (default http://127.0.0.1:8080)')
    .option('--host <host>', 'listen address (HOST)')
    .option('--port <port>', 'listen port (PORT)')
    .action(async (flags: Record<string, unknown>) => {
      const config = configFrom(flags);
      const bar = progress();
      const service = await createService(config, { onProgress: (w, d, t) => bar.update(w, d, t) });
      bar.stop();
      const { app } = service;
      let stopping = false;
      const stop = (signal: string) => {
        if (stopping) return;
        stopping = true;
        app.log.info({ signal }, 'shutting down: finishing in-flight requests');
        const force = setTimeout(() => process.exit(1), 10_000);
        force.unref();
        service.close().then(() => {
          app.log.info('stopped');
          process.exit(0);
        }, (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        });
      };
      process.on('SIGINT', () => stop('SIGINT'));
      process.on('SIGTERM', () => stop('SIGTERM'));
      await app.listen({ host: config.host, port: config.port });
      app.log.info({ store: service.store.location, docs: `http://${config.host}:${config.port}/docs` }, 'sibyl is serving');
    });
}
