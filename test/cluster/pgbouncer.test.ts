/**
 * The writer role through a connection pooler (issue #30): pgbouncer (the Debian package,
 * /usr/sbin/pgbouncer) is started by the test on a free loopback port with a generated ini and
 * auth file. In transaction mode the writer role is refused with a message saying why (a session
 * advisory lock means nothing when statements move between server sessions); in session mode an
 * instance starts as the writer and trades. The ini sets only what a connection needs (address,
 * port, auth, pool mode): pgbouncer's defaults refuse any startup parameter they do not know
 * (`unsupported startup parameter: statement_timeout`), so Sibyl must send none.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { backends } from '../support/backends.js';
import { createService } from '../../src/server.js';
import { loadConfig } from '../../src/config/config.js';
import { freePort, until } from './kit.js';

const PGBOUNCER = '/usr/sbin/pgbouncer';
const pgBackend = backends().find((b) => b.name === 'postgres')!;
const skip = pgBackend.skip || (existsSync(PGBOUNCER) ? false : `${PGBOUNCER} is not installed`);
const WALLET = '0x2222222222222222222222222222222222222222';

async function startBouncer(dbUrl: string, mode: 'transaction' | 'session'): Promise<{ url: string; stop(): Promise<void> }> {
  const u = new URL(dbUrl);
  const dir = mkdtempSync(join(tmpdir(), 'sibyl-pgbouncer-'));
  const port = await freePort();
  const user = decodeURIComponent(u.username || 'postgres');
  writeFileSync(join(dir, 'userlist.txt'), `"${user}" "${decodeURIComponent(u.password)}"\n`);
  writeFileSync(join(dir, 'pgbouncer.ini'), [
    '[databases]',
    `* = host=${u.hostname} port=${u.port || 5432}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1', `listen_port = ${port}`, 'unix_socket_dir =',
    `auth_type = ${u.password ? 'plain' : 'trust'}`, `auth_file = ${join(dir, 'userlist.txt')}`,
    `pool_mode = ${mode}`, // everything else pgbouncer's defaults: no ignore_startup_parameters
    ...(process.getuid?.() === 0 ? ['user = nobody'] : []), // pgbouncer refuses to run as root
  ].join('\n'));
  chmodSync(dir, 0o755);
  const child: ChildProcess = spawn(PGBOUNCER, [join(dir, 'pgbouncer.ini')], { stdio: 'ignore' });
  const exited = new Promise((r) => child.once('exit', r));
  const b = new URL(dbUrl);
  b.hostname = '127.0.0.1';
  b.port = String(port);
  const url = b.toString();
  await until('pgbouncer', 10_000, async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('error', () => {});
    try { await c.connect(); await c.query('SELECT 1'); return true; } finally { await c.end().catch(() => {}); }
  }, 100);
  return {
    url,
    async stop() {
      if (child.exitCode === null) { child.kill('SIGKILL'); await exited; }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('the writer role through pgbouncer', { skip }, () => {
  let db: Awaited<ReturnType<typeof pgBackend.fresh>>;
  before(async () => { db = await pgBackend.fresh(); });
  after(async () => { await db?.dispose(); });

  const env = (url: string) => loadConfig({ ...process.env as Record<string, string>, DATABASE_URL: url, SIBYL_DATA_DIR: db.config.dataDir, SIBYL_DEMO: '0', SIBYL_DEMO_LIVE: '0', LOG_LEVEL: 'silent', REDIS_URL: '' });

  it('refuses the writer role in transaction mode, saying why', async () => {
    const bouncer = await startBouncer(db.config.databaseUrl!, 'transaction');
    try {
      const err = await createService(env(bouncer.url), { logger: false }).then(async (s) => { await s.close(); return null; }, (e: Error) => e);
      assert.ok(err, 'the service must not start as a writer through a transaction pooler');
      assert.equal(err.name, 'WriterRoleRefused');
      assert.match(err.message, /transaction-pooling connection pooler/);
      assert.match(err.message, /session mode/);
    } finally {
      await bouncer.stop();
    }
  });

  it('works in session mode: the instance writes and trades', async () => {
    const bouncer = await startBouncer(db.config.databaseUrl!, 'session');
    try {
      const svc = await createService(env(bouncer.url), { logger: false });
      try {
        assert.equal(svc.services.cluster!.status().role, 'writer');
        const r = await svc.services.exchange.submit({ type: 'deposit', wallet: WALLET, amount: 5_000_000 });
        assert.equal(r.ok, true);
      } finally {
        await svc.close();
      }
    } finally {
      await bouncer.stop();
    }
  });
});
