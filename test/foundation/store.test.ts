/** The store: its PostgreSQL pool survives the server dropping idle connections; SQLite's page size. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter, once } from 'node:events';
import pg from 'pg';
import { sql } from 'kysely';
import { backends } from '../support/backends.js';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { openStore, SQLITE_PAGE_SIZE } from '../../src/store/db.js';

const postgres = backends().find((b) => b.name === 'postgres')!;

describe('store on PostgreSQL', { skip: postgres.skip }, () => {
  it('reports a lost idle connection instead of crashing, and the next query reconnects', async () => {
    const { config, dispose } = await postgres.fresh();
    const lost = new EventEmitter();
    const store = openStore({
      databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2,
      onConnectionLost: (err) => lost.emit('lost', err),
    });
    try {
      const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(store.db)).rows[0]!.pid;
      const reported = once(lost, 'lost');
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try { await admin.query('select pg_terminate_backend($1)', [pid]); } finally { await admin.end(); }
      const [err] = (await reported) as [Error];
      assert.match(err.message, /terminat/);
      const again = (await sql<{ one: number }>`select 1 as one`.execute(store.db)).rows[0]!.one;
      assert.equal(again, 1);
    } finally {
      await store.close();
      await dispose();
    }
  });
});

describe('store on SQLite: page size', () => {
  it('creates a new database with SQLITE_PAGE_SIZE pages and keeps an existing database as it is', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sibyl-pages-'));
    try {
      const fresh = openStore({ dataDir: join(dir, 'new') });
      try {
        await sql`create table t (x integer)`.execute(fresh.db);
        assert.equal(fresh.sqlite!.pragma('page_size', { simple: true }), SQLITE_PAGE_SIZE);
        // The backstop checkpoint is set in bytes: 400 MiB of log, whatever the page size.
        assert.equal(fresh.sqlite!.pragma('wal_autocheckpoint', { simple: true }), (400 * 2 ** 20) / SQLITE_PAGE_SIZE);
      } finally {
        await fresh.close();
      }
      // A database made elsewhere with SQLite's default 4 KiB pages opens, keeps them and works.
      mkdirSync(join(dir, 'old'));
      const old = new SqliteDatabase(join(dir, 'old', 'sibyl.db'));
      old.pragma('journal_mode = WAL');
      old.exec('create table t (x integer); insert into t values (7)');
      old.close();
      const reopened = openStore({ dataDir: join(dir, 'old') });
      try {
        assert.equal(reopened.sqlite!.pragma('page_size', { simple: true }), 4096);
        assert.equal(reopened.sqlite!.pragma('wal_autocheckpoint', { simple: true }), (400 * 2 ** 20) / 4096);
        assert.equal((await sql<{ x: number }>`select x from t`.execute(reopened.db)).rows[0]!.x, 7);
      } finally {
        await reopened.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
