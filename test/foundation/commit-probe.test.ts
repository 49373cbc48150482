/**
 * The commit probe (src/store/commit-probe.ts) and the version reads it lets be skipped
 * (`memoUntilCommit`, src/store/handles.ts): on the embedded store the token stays while nothing
 * is committed and changes with every commit, whoever makes it (this connection, another one,
 * another process); on PostgreSQL there is none and every read is made.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { sql } from 'kysely';
import SqliteDatabase from 'better-sqlite3';
import { backends } from '../support/backends.js';
import { openStore, type Store } from '../../src/store/db.js';
import { commitToken, memoUntilCommit } from '../../src/store/handles.js';
import { openCommitProbe, selfTest } from '../../src/store/commit-probe.js';

const driver = createRequire(import.meta.url).resolve('better-sqlite3');

/** A commit made by a separate node process on the same database file. */
function commitFromAnotherProcess(file: string, value: number): void {
  const script = `const D = require(${JSON.stringify(driver)}); const db = new D(${JSON.stringify(file)});
    db.pragma('busy_timeout = 5000'); db.prepare('update probe_rows set v = ? where id = 1').run(${value}); db.close();`;
  execFileSync(process.execPath, ['-e', script]);
}

for (const backend of backends()) {
  describe(`commit probe (${backend.name})`, { skip: backend.skip }, () => {
    let store: Store;
    let dispose: () => Promise<void>;
    const value = async () => Number((await sql<{ v: number }>`select v from probe_rows where id = 1`.execute(store.db)).rows[0]!.v);

    before(async () => {
      const fresh = await backend.fresh();
      dispose = fresh.dispose;
      store = openStore({ databaseUrl: fresh.config.databaseUrl, dataDir: fresh.config.dataDir });
      await sql`create table probe_rows (id integer primary key, v integer not null)`.execute(store.db);
      await sql`insert into probe_rows (id, v) values (1, 0)`.execute(store.db);
    });
    after(async () => {
      await store?.close();
      await dispose?.();
    });

    if (backend.name === 'postgres') {
      it('has no token: every read is made', async () => {
        assert.equal(commitToken(store.db), undefined);
        let reads = 0;
        for (let i = 0; i < 3; i++) assert.equal(await memoUntilCommit(store.db, 'k', async () => { reads++; return value(); }), 0);
        assert.equal(reads, 3);
      });
      return;
    }

    it('keeps its token across reads and a passive checkpoint; a commit by this connection changes it', async () => {
      const t0 = commitToken(store.db);
      assert.equal(typeof t0, 'string');
      await value();
      store.sqlite!.pragma('wal_checkpoint(PASSIVE)');
      assert.equal(commitToken(store.db), t0);
      await sql`update probe_rows set v = 1 where id = 1`.execute(store.db);
      assert.notEqual(commitToken(store.db), t0);
    });

    it('reads only a whole header of the version it knows', async () => {
      const real = readFileSync(`${store.location}-shm`).subarray(0, 96);
      const dir = mkdtempSync(join(tmpdir(), 'sibyl-probe-'));
      const noop = { prepare: () => ({ get: () => undefined }) } as unknown as SqliteDatabase.Database;
      const tokenOf = (header: Buffer) => {
        writeFileSync(join(dir, 'db-shm'), header);
        const probe = openCommitProbe(join(dir, 'db'), noop);
        try { return probe.token(); } finally { probe.close(); }
      };
      const changed = (edit: (b: Buffer) => void) => { const b = Buffer.from(real); edit(b); return b; };
      try {
        assert.equal(tokenOf(Buffer.from(real)), real.toString('latin1', 0, 48));
        assert.equal(tokenOf(changed((b) => { b[16] ^= 1; })), undefined, 'the copies differ: being written');
        assert.equal(tokenOf(changed((b) => { b[16] ^= 1; b[64] ^= 1; })), undefined, 'equal copies, wrong checksum');
        assert.equal(tokenOf(changed((b) => { b[0] ^= 1; b[48] ^= 1; })), undefined, 'another format');
        assert.equal(tokenOf(real.subarray(0, 60)), undefined, 'short');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('changes with a commit by another connection, and by another process', async () => {
      const t0 = commitToken(store.db);
      const other = new SqliteDatabase(store.location);
      try { other.prepare('update probe_rows set v = 2 where id = 1').run(); } finally { other.close(); }
      const t1 = commitToken(store.db);
      assert.notEqual(t1, t0);
      commitFromAnotherProcess(store.location, 3);
      assert.notEqual(commitToken(store.db), t1);
      assert.equal(await value(), 3);
    });

    it('skips a read while nothing is committed, and reads again after a commit from anywhere', async () => {
      let reads = 0;
      const read = () => memoUntilCommit(store.db, 'v', async () => { reads++; return value(); });
      const keptFor = async (expected: number) => {
        assert.equal(await read(), expected);
        const before = reads;
        for (let i = 0; i < 4; i++) assert.equal(await read(), expected);
        assert.equal(reads, before, 'answered from memory');
      };
      await keptFor(3);
      commitFromAnotherProcess(store.location, 4);
      assert.equal(await read(), 4);
      await keptFor(4);
      await sql`update probe_rows set v = 5 where id = 1`.execute(store.db);
      assert.equal(await read(), 5);
      await keptFor(5);
    });
  });
}

describe('commit probe: self-test and switch', () => {
  it('is on when it sees a commit as the store opens; off when switched off; never used when its self-test fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sibyl-probe-'));
    try {
      const on = openStore({ dataDir: dir });
      assert.equal(on.commitProbe, 'on');
      assert.notEqual(commitToken(on.db), undefined);
      await on.close();
      const off = openStore({ dataDir: dir, commitProbe: false });
      assert.equal(off.commitProbe, 'off');
      assert.equal(commitToken(off.db), undefined, 'no token: every kept answer reads its version');
      await off.close();

      // A probe that does not see commits (a constant token) fails the self-test.
      const sqlite = new SqliteDatabase(join(dir, 'sibyl.db'));
      assert.equal(selfTest({ token: () => 'same', close() {} }, sqlite), false);
      assert.equal(selfTest({ token: () => undefined, close() {} }, sqlite), false);
      const real = openCommitProbe(join(dir, 'sibyl.db'), sqlite);
      assert.equal(selfTest(real, sqlite), true);
      real.close();
      sqlite.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
