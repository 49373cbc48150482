/**
 * The SQLite batch writer's thread (plain JavaScript: worker threads do not inherit the tsx
 * loader). It opens its own connection to the database file with the main connection's
 * settings, prepares each table's insert once, and writes every batch it is sent in one
 * BEGIN…COMMIT, then answers `{ id }` or `{ id, error }`. See sqlite-writer.ts.
 *
 * workerData: { file, pragmas: string[], inserts: Array<{ sql, width }> }
 * message:    { id, tables: unknown[][] (per table: its rows' values, `width` per row),
 *               catalog: Array<[sql, parameters]> } | { close: true }
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { file, pragmas, inserts } = workerData;
const db = new Database(file, { fileMustExist: true });
for (const p of pragmas) db.pragma(p);
const stmts = inserts.map((t) => ({ stmt: db.prepare(t.sql), width: t.width, args: new Array(t.width) }));
const catalog = new Map();

const write = db.transaction((msg) => {
  for (let t = 0; t < stmts.length; t++) {
    const { stmt, width, args } = stmts[t];
    const values = msg.tables[t];
    for (let at = 0; at < values.length; at += width) {
      for (let i = 0; i < width; i++) args[i] = values[at + i];
      stmt.run(args);
    }
  }
  for (const [sql, params] of msg.catalog) {
    let stmt = catalog.get(sql);
    if (stmt === undefined) catalog.set(sql, (stmt = db.prepare(sql)));
    stmt.run(params);
  }
});

parentPort.on('message', (msg) => {
  if (msg.close) {
    db.close();
    parentPort.close();
    return;
  }
  try {
    write(msg);
    parentPort.postMessage({ id: msg.id });
  } catch (err) {
    parentPort.postMessage({ id: msg.id, error: { message: String(err?.message ?? err), code: err?.code } });
  }
});
