/** WAL checkpoints on a worker thread (src/store/checkpointer.ts), SQLite store only. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { openStore } from '../../src/store/db.js';
import { startCheckpointer } from '../../src/store/checkpointer.js';

/** Bytes the test commits: 2,000 rows of 3,000 bytes. */
const BYTES = 6_000_000;

describe('WAL checkpointer (sqlite)', () => {
  it('copies committed pages into the database file without a checkpoint on the main connection', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sibyl-ckpt-'));
    const store = openStore({ dataDir: dir });
    try {
      const sqlite = store.sqlite!;
      const file = join(dir, 'sibyl.db');
      sqlite.exec('create table blobs (id integer primary key, body blob not null)');
      const before = statSync(file).size;
      // About 6 MB of pages, whatever the page size: far below the main connection's own backstop (400 MiB).
      const insert = sqlite.prepare('insert into blobs (body) values (?)');
      sqlite.transaction(() => { for (let i = 0; i < 2_000; i++) insert.run(Buffer.alloc(3_000, i & 0xff)); })();
      assert.ok(statSync(`${file}-wal`).size > BYTES, 'the commit went to the log');
      const deadline = Date.now() + 5_000;
      while (statSync(file).size < before + BYTES && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      assert.ok(statSync(file).size >= before + BYTES, 'the worker copied the log into the database file');
      const row = sqlite.prepare('select count(*) as n, sum(length(body)) as bytes from blobs').get() as { n: number; bytes: number };
      assert.deepEqual(row, { n: 2_000, bytes: BYTES });
    } finally {
      await store.close();
    }
    assert.equal(existsSync(join(dir, 'sibyl.db-wal')), false, 'a clean close leaves no log behind');
    const reopened = openStore({ dataDir: dir });
    try {
      assert.deepEqual(reopened.sqlite!.prepare('select count(*) as n from blobs').get(), { n: 2_000 });
    } finally {
      await reopened.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('starts the log over under a steady stream of commits', async () => {
    // A writer commits 40 KB every millisecond or so, honouring the holds as the exchange's batch
    // writer does, with SQLite's own checkpoints off, until it has written 8 MB and been held five
    // times (or 10 s have passed). With a 1 MiB threshold the worker drains the log and the writer
    // starts it over, again and again: SQLite counts the restarts in the log's header (the
    // checkpoint sequence number). Without the hold's last checkpoint none follows (planted: 0
    // restarts in 5 holds).
    const dir = mkdtempSync(join(tmpdir(), 'sibyl-ckpt-'));
    const file = join(dir, 'sibyl.db');
    const sqlite = new SqliteDatabase(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('wal_autocheckpoint = 0');
    sqlite.exec('create table blobs (id integer primary key, body blob not null)');
    const checkpoints = startCheckpointer(file, { everyMs: 10, restartBytes: 2 ** 20 });
    try {
      const insert = sqlite.prepare('insert into blobs (body) values (?)');
      const commit = sqlite.transaction(() => { for (let i = 0; i < 20; i++) insert.run(Buffer.alloc(2_000, i)); });
      let written = 0;
      for (const until = Date.now() + 10_000; (written < 8_000_000 || checkpoints.holds < 5) && Date.now() < until; written += 40_000) {
        await checkpoints.paused();
        commit();
        await new Promise((r) => setTimeout(r, 1));
      }
      assert.deepEqual(sqlite.prepare('select count(*) as n from blobs').get(), { n: written / 2_000 });
      const restarts = readFileSync(`${file}-wal`).readUInt32BE(12);
      assert.ok(checkpoints.holds >= 5, `${checkpoints.holds} holds`);
      assert.ok(restarts >= 3, `${restarts} restarts in ${checkpoints.holds} holds`);
    } finally {
      await checkpoints.stop();
      sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
