/**
 * Child process of the writer-lock tests: starts the whole service on the database named by
 * SIBYL_DATA_DIR / DATABASE_URL, prints `READY <pid>` once it holds the exchange, and waits to
 * be stopped, paused or killed by the parent.
 */
import { loadConfig } from '../../src/config/config.js';
import { createService } from '../../src/server.js';

const service = await createService(loadConfig(process.env as Record<string, string>), { logger: false });
process.stdout.write(`READY ${process.pid}\n`);
process.on('SIGTERM', () => { void service.close().then(() => process.exit(0)); });
setInterval(() => {}, 1 << 30);
