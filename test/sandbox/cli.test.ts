/**
 * `sibyl reset` (docs/sandbox.md): offline, on a demo database that a service changed (a new
 * wallet with a key, a deposit, orders), it restores the fresh demo state; it refuses while a
 * service holds the database, and on a database without the demo unless `--wipe`.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/config.js';
import { createService } from '../../src/server.js';
import { orderBody, post, trader } from '../trading/kit.js';
import { ADMIN, state } from './kit.js';

const env = (dir: string, demo: string) => ({
  SIBYL_DATA_DIR: dir, SIBYL_DEMO: demo, SIBYL_DEMO_LIVE: '0', SIBYL_ADMIN_TOKEN: ADMIN, SIBYL_RATE_LIMITS: 'off', LOG_LEVEL: 'silent', PORT: '0',
});
const start = async (dir: string, demo = '1') => {
  const s = await createService(loadConfig(env(dir, demo)), { logger: false });
  return { ...s, dispose: s.close };
};
const reset = (dir: string, demo: string, ...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'reset', ...args],
  { env: { ...process.env, ...env(dir, demo), DATABASE_URL: '' }, encoding: 'utf8' });

describe('sibyl reset (command line, sqlite)', () => {
  it('restores the fresh demo state offline, and refuses while a service holds the database', async () => {
    const refDir = mkdtempSync(join(tmpdir(), 'sibyl-reset-ref-'));
    const dir = mkdtempSync(join(tmpdir(), 'sibyl-reset-'));
    try {
      const ref = await start(refDir);
      const reference = await state(ref);
      await ref.close();
      const svc = await start(dir);
      const t = await trader(svc, '300');
      const token = `${svc.services.exchange.core.markets().find((m) => m.acceptingOrders)!.conditionId}:0`;
      assert.equal((await post(svc, t, 'POST', '/order', orderBody(t, token, 'BUY', '0.02', '10'))).statusCode, 200);
      assert.notDeepEqual(await state(svc), reference);
      const held = reset(dir, '1');
      assert.notEqual(held.status, 0, 'refused while the service runs');
      assert.match(held.stderr + held.stdout, /another Sibyl process holds the exchange/, JSON.stringify({ status: held.status, signal: held.signal, out: held.stdout, err: held.stderr }));
      await svc.close();
      const run = reset(dir, '1');
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stdout, /reset to the demo data set/);
      const after = await start(dir);
      try {
        assert.deepEqual(await state(after), reference);
      } finally {
        await after.close();
      }
    } finally {
      rmSync(refDir, { recursive: true, force: true });
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a database without the demo unless --wipe', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sibyl-reset-empty-'));
    try {
      const svc = await start(dir, '0');
      await trader(svc, '5');
      await svc.close();
      const refused = reset(dir, '0');
      assert.notEqual(refused.status, 0);
      assert.match(refused.stderr, /does not hold the demo data set.*--wipe/);
      const wiped = reset(dir, '0', '--wipe');
      assert.equal(wiped.status, 0, wiped.stderr);
      const again = await start(dir, '0');
      try {
        assert.deepEqual(await again.store.db.selectFrom('balances').selectAll().execute(), []);
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
