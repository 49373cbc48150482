/** The store's PostgreSQL pool survives the server dropping its idle connections. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter, once } from 'node:events';
import pg from 'pg';
import { sql } from 'kysely';
import { backends } from '../support/backends.js';
import { openStore } from '../../src/store/db.js';

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
