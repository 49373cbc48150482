/**
 * One writer per database (issue #33 §1, issue #30): on SQLite a second service on the same
 * SIBYL_DATA_DIR refuses to start and names the holder; a paused holder keeps the database, a
 * killed one frees it. On PostgreSQL a second service becomes a follower (its own commands are
 * refused; over HTTP they are forwarded, test/cluster) and takes over when the writer stops or
 * dies; a lost lock connection stops trading at once and trading resumes when the lock is held
 * again. The paused writer's lease expiry and fencing are tested in test/cluster.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { hostname } from 'node:os';
import pg from 'pg';
import { backends, type Backend } from '../support/backends.js';
import { createService, type Service } from '../../src/server.js';
import type { Config } from '../../src/config/config.js';
import { PG_LOCK_KEY } from '../../src/store/writer-lock.js';
import { COLLATERAL } from '../../src/ledger/types.js';

const WALLET = '0x1111111111111111111111111111111111111111';

function startHolder(config: Config): Promise<{ child: ChildProcess; exited: Promise<void> }> {
  const env: Record<string, string> = { ...process.env as Record<string, string>, SIBYL_DATA_DIR: config.dataDir, SIBYL_DEMO: '0', LOG_LEVEL: 'silent', PORT: '0' };
  if (config.databaseUrl) env.DATABASE_URL = config.databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('./holder-child.ts', import.meta.url).pathname], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => { if (line.startsWith('READY ')) resolve({ child, exited }); });
    child.once('exit', (code) => reject(new Error(`holder exited early (${code})`)));
  });
}

async function refused(config: Config): Promise<string> {
  const err = await createService(config, { logger: false }).then(async (s) => { await s.close(); return null; }, (e: Error) => e);
  assert.ok(err, 'a second process on the same database must not start');
  assert.equal(err.name, 'WriterLockHeld');
  return err.message;
}

async function startWithin(config: Config, ms: number): Promise<Service> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await createService(config, { logger: false });
    } catch (err) {
      if ((err as Error).name !== 'WriterLockHeld' || Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

for (const backend of backends()) {
  describe(`one writer per database (${backend.name})`, { skip: backend.skip }, () => {
    if (backend.name === 'postgres') {
      it('a second service follows while the first writes, and takes over once it stopped', async () => {
        const { config, dispose } = await (backend as Backend).fresh();
        try {
          const first = await createService(config, { logger: false });
          const second = await createService(config, { logger: false });
          assert.equal(first.services.cluster!.status().role, 'writer');
          assert.equal(second.services.cluster!.status().role, 'follower');
          assert.equal(second.services.writerLock.held, false);
          await assert.rejects(second.services.exchange.submit({ type: 'deposit', wallet: WALLET, amount: 1 }), (e: Error & { status?: number }) => e.status === 503 && /follower/.test(e.message));
          assert.equal((await first.services.exchange.submit({ type: 'deposit', wallet: WALLET, amount: 1_000_000 })).ok, true);
          const epoch = first.services.cluster!.status().epoch;
          await first.close();
          const by = Date.now() + 5000;
          while (second.services.cluster!.status().role !== 'writer' && Date.now() < by) await new Promise((r) => setTimeout(r, 50));
          let ok = false;
          while (!ok && Date.now() < by + 5000) {
            ok = await second.services.exchange.submit({ type: 'deposit', wallet: WALLET, amount: 1_000_000 }).then((r) => r.ok, () => false);
            if (!ok) await new Promise((r) => setTimeout(r, 50));
          }
          assert.equal(ok, true, 'the follower took over and trades');
          assert.ok(second.services.cluster!.status().epoch > epoch, 'the epoch grew');
          assert.equal(second.services.exchange.core.balance(WALLET, COLLATERAL).free, 2_000_000, 'the new writer rebuilt the first one\'s commits');
          await second.close();
        } finally {
          await dispose();
        }
      });

      it('a commit after the epoch moved on is refused inside the database; the writer steps down', async () => {
        const { config, dispose } = await (backend as Backend).fresh();
        const service = await createService(config, { logger: false });
        const admin = new pg.Client({ connectionString: config.databaseUrl });
        await admin.connect();
        try {
          const { exchange, cluster } = service.services;
          assert.equal((await exchange.submit({ type: 'deposit', wallet: WALLET, amount: 1_000_000 })).ok, true);
          // Another writer took over (as after a pause): the lease's epoch is no longer this writer's.
          await admin.query('UPDATE writer_lease SET epoch = epoch + 1 WHERE id = 1');
          await assert.rejects(exchange.submit({ type: 'deposit', wallet: WALLET, amount: 2_000_000 }), (e: Error & { status?: number; headers?: Record<string, string> }) => e.status === 503);
          const { rows } = await admin.query<{ free: string }>('SELECT free::text FROM balances WHERE wallet = $1', [WALLET.toLowerCase()]);
          assert.deepEqual(rows.map((r) => r.free), ['1000000'], 'the refused batch was not stored');
          const by = Date.now() + 3000;
          while (cluster!.status().role !== 'follower' && Date.now() < by) await new Promise((r) => setTimeout(r, 20));
          assert.equal(cluster!.status().role, 'follower', 'the fenced writer stepped down');
        } finally {
          await admin.end();
          await service.close();
          await dispose();
        }
      });

      it('a follower takes over from a killed writer', async () => {
        const { config, dispose } = await (backend as Backend).fresh();
        const { child, exited } = await startHolder(config);
        try {
          const next = await createService(config, { logger: false });
          assert.equal(next.services.cluster!.status().role, 'follower');
          child.kill('SIGKILL');
          await exited;
          let ok = false;
          const by = Date.now() + 8000;
          while (!ok && Date.now() < by) {
            ok = await next.services.exchange.submit({ type: 'deposit', wallet: WALLET, amount: 1_000_000 }).then((r) => r.ok, () => false);
            if (!ok) await new Promise((r) => setTimeout(r, 100));
          }
          assert.equal(ok, true, 'the follower trades');
          await next.close();
        } finally {
          child.kill('SIGKILL');
          await exited;
          await dispose();
        }
      });
    }

    if (backend.name === 'sqlite') it('a second service in the same process refuses while the first runs, and starts once it stopped', async () => {
      const { config, dispose } = await (backend as Backend).fresh();
      try {
        const first = await createService(config, { logger: false });
        const msg = await refused(config);
        assert.match(msg, new RegExp(`host ${hostname().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, pid ${process.pid}, since \\d{4}-`));
        await first.close();
        const second = await createService(config, { logger: false });
        await second.close();
      } finally {
        await dispose();
      }
    });

    if (backend.name === 'sqlite') it('a paused holder keeps the database; a killed one frees it', async () => {
      const { config, dispose } = await (backend as Backend).fresh();
      const { child, exited } = await startHolder(config);
      try {
        assert.match(await refused(config), new RegExp(`pid ${child.pid}, since `));
        child.kill('SIGSTOP');
        assert.match(await refused(config), new RegExp(`pid ${child.pid}, since `));
        child.kill('SIGCONT');
        child.kill('SIGKILL');
        await exited;
        const next = await startWithin(config, 5000);
        const r = await next.services.exchange.submit({ type: 'deposit', wallet: WALLET, amount: 1_000_000 });
        assert.equal(r.ok, true, 'the next process trades');
        await next.close();
      } finally {
        child.kill('SIGKILL');
        await exited;
        await dispose();
      }
    });

    if (backend.name === 'postgres') {
      it('a lost lock connection stops trading at once; trading resumes when the lock is held again', async () => {
        const { config, dispose } = await (backend as Backend).fresh();
        const service = await createService(config, { logger: false });
        const admin = new pg.Client({ connectionString: config.databaseUrl });
        await admin.connect();
        try {
          const { exchange, writerLock } = service.services;
          const { rows } = await admin.query<{ pid: number }>(
            "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND objid = $1 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())", [PG_LOCK_KEY]);
          assert.equal(rows.length, 1, 'the lock is held by one session');
          await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
          const lostBy = Date.now() + 2000;
          while (writerLock.held && Date.now() < lostBy) await new Promise((r) => setTimeout(r, 10));
          assert.equal(writerLock.held, false, 'the loss is noticed');
          await assert.rejects(exchange.submit({ type: 'deposit', wallet: WALLET, amount: 1_000_000 }), (e: Error & { status?: number }) => e.status === 503 && /writer lock/.test(e.message));
          const backBy = Date.now() + 5000;
          let done = false;
          while (!done && Date.now() < backBy) {
            done = await exchange.submit({ type: 'deposit', wallet: WALLET, amount: 1_000_000 }).then((r) => r.ok, () => false);
            if (!done) await new Promise((r) => setTimeout(r, 100));
          }
          assert.equal(done, true, 'trading resumed after the lock came back');
          assert.equal(writerLock.held, true);
          assert.equal(exchange.core.balance(WALLET, COLLATERAL).free, 1_000_000, 'the refused deposit was not applied');
        } finally {
          await admin.end();
          await service.close();
          await dispose();
        }
      });
    }
  });
}
