/**
 * WAL checkpoints off the main thread. A checkpoint copies the pages committed to the
 * write-ahead log back into the database file (and fsyncs both); left to SQLite it runs inside
 * the commit that crosses `wal_autocheckpoint`, on the event loop — about a quarter of the
 * exchange's write time. Here a worker thread with a connection of its own runs a PASSIVE
 * checkpoint every `everyMs`: it never waits for a lock and never blocks the writer or readers
 * (SQLite's WAL design), so commits only append to the log. The main connection keeps a large
 * `wal_autocheckpoint` as a backstop, should the worker ever fall behind.
 *
 * The worker is plain CommonJS evaluated from a string (no loader, no build step) and loads the
 * same better-sqlite3 the store uses.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
let timer = null;
const tick = () => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy or closing: next tick */ }
  timer = setTimeout(tick, workerData.everyMs);
};
tick();
parentPort.on('message', () => {
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the worker after its current checkpoint and closes its connection. */
  stop(): Promise<void>;
}

export function startCheckpointer(file: string, everyMs = 50): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, everyMs } });
  worker.unref(); // never keeps the process alive
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('error', () => {}); // a failed checkpointer leaves the backstop: SQLite's own checkpoints
  return {
    async stop() {
      worker.ref(); // wait for it, even when nothing else keeps the process alive
      worker.postMessage('stop');
      await exited;
    },
  };
}
