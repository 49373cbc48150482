/** WAL checkpoints on a worker thread (src/store/checkpointer.ts), SQLite store only. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../src/store/db.js';

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
});
