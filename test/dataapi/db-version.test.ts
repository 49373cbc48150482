/**
 * dbVersion (src/store/db-version.ts), the version of the /holders cache: it must change with
 * every committed write — the service's own, and another connection's (another process on the
 * same SQLite file, another client of the same PostgreSQL database) — and stay put otherwise.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { backends } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';
import { dbVersion } from '../../src/store/db-version.js';
import { upsertProfile } from '../../src/catalog/write.js';

const WALLET = '0xAbCdEfAbCdEfAbCdEfAbCdEfAbCdEfAbCdEf0003';

for (const backend of backends()) {
  describe(`dbVersion (${backend.name})`, { skip: backend.skip }, () => {
    let svc: TestService;
    before(async () => { svc = await startTestService(backend); });
    after(async () => { await svc?.dispose(); });
    const version = () => dbVersion(svc.store.db, svc.store.dialect);

    it('stays equal while nothing is written', async () => {
      const v = await version();
      await svc.store.db.selectFrom('profiles').selectAll().execute();
      assert.equal(await version(), v);
    });

    it('changes with the service\'s writes: exchange commands and catalog writes', async () => {
      const v0 = await version();
      await svc.services.exchange.run((ex) => ex.deposit(WALLET, 1_000_000));
      const v1 = await version();
      assert.notEqual(v1, v0);
      await upsertProfile(svc.store.db, { address: WALLET, name: 'carol' }, Date.now());
      assert.notEqual(await version(), v1);
    });

    it('changes with a commit made by another connection', async () => {
      const v0 = await version();
      const sql = `UPDATE profiles SET bio = 'from elsewhere' WHERE address = '${WALLET}'`;
      if (svc.store.dialect === 'sqlite') {
        const other = new SqliteDatabase(join(svc.services.config.dataDir, 'sibyl.db'));
        try { other.exec(sql); } finally { other.close(); }
      } else {
        const other = new pg.Client({ connectionString: svc.services.config.databaseUrl });
        await other.connect();
        try { await other.query(sql); } finally { await other.end(); }
      }
      assert.notEqual(await version(), v0);
    });

    it('never reads inside a transaction still open on the connection: waits for its end', { skip: backend.name !== 'sqlite' && 'SQLite only' }, async () => {
      let release!: () => void;
      const gate = new Promise<void>((ok) => { release = ok; });
      const tx = svc.store.db.transaction().execute(async (t) => {
        await t.updateTable('profiles').set({ bio: 'inside' }).where('address', '=', WALLET).execute();
        await gate;
      });
      while (!svc.store.sqlite!.inTransaction) await new Promise((r) => setTimeout(r, 1));
      let read = false;
      const during = version().then((v) => { read = true; return v; });
      await new Promise((r) => setTimeout(r, 20));
      assert.equal(read, false);
      release();
      await tx;
      assert.equal(await during, await version());
    });
  });
}
