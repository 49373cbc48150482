/**
 * WAL checkpoints off the main thread. A checkpoint copies the pages committed to the
 * write-ahead log back into the database file (and fsyncs both); left to SQLite it runs inside
 * the commit that crosses `wal_autocheckpoint`, on the event loop. Here a worker thread with a
 * connection of its own runs a PASSIVE checkpoint every `everyMs`: it never waits for a lock and
 * never blocks the writer or readers (SQLite's WAL design), so commits only append to the log.
 *
 * Appending is not enough under a steady stream of commits. SQLite starts the log over (writes
 * it from its beginning again) only when a write transaction begins with every frame already
 * copied, and a PASSIVE checkpoint copies the frames that existed when it started while commits
 * keep adding more. Left at that, the log grew until the main connection's backstop
 * (`wal_autocheckpoint`, 400 MiB) checkpointed inside a commit: a 20–40 ms stall of the event
 * loop every second or so under load (docs/benchmarks.md, 2026-11-24 eighth session).
 *
 * So once the log holds `restartBytes`, the worker drains it: it checkpoints again until a pass
 * is short (each copies what arrived during the one before), then holds the exchange's batch
 * writer (a flag in shared memory that `paused()` reads before each commit; commands go on
 * collecting into the batch and reads go on), copies the last few frames, and lets go. The next
 * commit starts the log over. A hold lasts one short checkpoint, and a commit waits for it no
 * more than `HOLD_LIMIT_MS` (once: a hold that outlasts it, a stalled fsync, holds nothing
 * more); when no restart follows (another process reading the log), the worker tries
 * again only once the log has doubled. The main connection keeps its large
 * `wal_autocheckpoint` as a backstop, should the worker ever fall behind.
 *
 * The worker is plain CommonJS evaluated from a string (no loader, no build step) and loads the
 * same better-sqlite3 the store uses.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The longest the batch writer is held for a log restart, whatever the worker does. */
const HOLD_LIMIT_MS = 100;
/** Slots of the shared flags: the hold (0 open, 1 held) and the number of holds so far. */
const HOLD = 0;
const HOLDS = 1;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const { flags, everyMs, restartBytes, holdLimitMs } = workerData;
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 0');
const restartFrames = Math.max(1, Math.ceil(restartBytes / Number(db.pragma('page_size', { simple: true }))));
let nextAt = restartFrames; // log size (frames) at which the next drain starts
let lastLog = 0;
let timer = null;
const checkpoint = () => {
  try { return db.pragma('wal_checkpoint(PASSIVE)')[0]; } catch { return undefined; } // busy or closing
};
const drain = () => {
  // Catch up without holding anything: each pass copies what arrived during the one before.
  for (let pass = 0; pass < 5; pass++) {
    const t0 = performance.now();
    if (checkpoint() === undefined) return;
    if (performance.now() - t0 < 5) break;
  }
  Atomics.add(flags, ${HOLDS}, 1); // first, so that a commit that sees the flag knows which hold it is
  Atomics.store(flags, ${HOLD}, 1);
  try {
    // A commit already under way when the flag went up lands during the first pass: one more.
    const until = performance.now() + holdLimitMs;
    let before = -1;
    while (performance.now() < until) {
      const r = checkpoint();
      if (r === undefined || (r.log === r.checkpointed && r.log === before)) break;
      before = r.log;
    }
  } finally {
    Atomics.store(flags, ${HOLD}, 0);
    Atomics.notify(flags, ${HOLD});
  }
};
const tick = () => {
  const r = checkpoint();
  if (r !== undefined) {
    if (r.log < lastLog) nextAt = restartFrames; // the log started over
    lastLog = r.log;
    if (r.log >= nextAt) {
      nextAt = r.log * 2; // should no restart follow, drain again only once the log has doubled
      drain();
    }
  }
  timer = setTimeout(tick, everyMs);
};
tick();
parentPort.on('message', () => {
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
`;

/** `Atomics.waitAsync` (Node 20 has it); TypeScript types it from lib ES2024, which would also admit APIs Node 20 lacks. */
const waitAsync = (Atomics as unknown as {
  waitAsync(a: Int32Array, index: number, value: number, timeoutMs: number): { async: false; value: string } | { async: true; value: Promise<string> };
}).waitAsync;

export interface CheckpointerOptions {
  /** Between two PASSIVE checkpoints. */
  everyMs?: number;
  /** Log size at which the worker drains the log for a restart. */
  restartBytes?: number;
}

export interface Checkpointer {
  /** While the worker holds commits for a log restart: settles when they may go on. */
  paused(): Promise<unknown> | undefined;
  /** Holds so far (for tests and diagnostics). */
  readonly holds: number;
  /** Stops the worker after its current checkpoint and closes its connection. */
  stop(): Promise<void>;
}

export function startCheckpointer(file: string, { everyMs = 50, restartBytes = 64 * 2 ** 20 }: CheckpointerOptions = {}): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const flags = new Int32Array(new SharedArrayBuffer(8));
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, flags, everyMs, restartBytes, holdLimitMs: HOLD_LIMIT_MS } });
  worker.unref(); // never keeps the process alive
  const release = () => {
    Atomics.store(flags, HOLD, 0);
    Atomics.notify(flags, HOLD);
  };
  const exited = new Promise<void>((ok) => worker.once('exit', () => { release(); ok(); }));
  worker.on('error', () => {}); // a failed checkpointer leaves the backstop: SQLite's own checkpoints
  let outwaited = -1; // a hold that outlasted HOLD_LIMIT_MS (a stalled fsync): commits no longer wait for it
  return {
    paused() {
      if (Atomics.load(flags, HOLD) === 0) return undefined;
      const hold = Atomics.load(flags, HOLDS);
      if (hold === outwaited) return undefined;
      const wait = waitAsync(flags, HOLD, 1, HOLD_LIMIT_MS);
      if (!wait.async) return undefined;
      const keepAlive = setTimeout(() => {}, HOLD_LIMIT_MS); // a wait alone does not keep the process alive
      return wait.value.then((outcome) => {
        clearTimeout(keepAlive);
        if (outcome === 'timed-out') outwaited = hold;
      });
    },
    get holds() { return Atomics.load(flags, HOLDS); },
    async stop() {
      worker.ref(); // wait for it, even when nothing else keeps the process alive
      worker.postMessage('stop');
      await exited;
    },
  };
}
