/** The master key: generated file (0600), SIBYL_MASTER_KEY, determinism, and the mismatch guard. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { backends } from '../support/backends.js';
import { createService } from '../../src/server.js';
import { loadConfig } from '../../src/config/config.js';
import { ConfigError } from '../../src/config/errors.js';
import { l1Headers, wallet } from './helpers.js';

const KEY_A = 'a'.repeat(64);
const KEY_B = 'b'.repeat(64);

describe('SIBYL_MASTER_KEY validation', () => {
  it('rejects a malformed key without echoing it', () => {
    assert.throws(() => loadConfig({ SIBYL_MASTER_KEY: 'abc123' }), (err: Error) => err instanceof ConfigError && !err.message.includes('abc123'));
    assert.equal(loadConfig({ SIBYL_MASTER_KEY: KEY_A.toUpperCase() }).masterKey, KEY_A);
  });
});

for (const backend of backends()) {
  describe(`master key (${backend.name})`, { skip: backend.skip }, () => {
    it('generates <dataDir>/master.key (0600) once; credentials survive a restart', async () => {
      const { config, dispose } = await backend.fresh();
      try {
        const account = wallet();
        let svc = await createService(config, { logger: false });
        const created = (await svc.app.inject({ method: 'POST', url: '/auth/api-key', headers: await l1Headers(account) })).json();
        await svc.close();
        const file = join(config.dataDir, 'master.key');
        if (process.platform !== 'win32') assert.equal(statSync(file).mode & 0o777, 0o600);
        svc = await createService(config, { logger: false });
        const derived = await svc.app.inject({ url: '/auth/derive-api-key', headers: await l1Headers(account) });
        assert.deepEqual(derived.json(), created);
        await svc.close();
      } finally {
        await dispose();
      }
    });

    it('same SIBYL_MASTER_KEY → same credentials in another database; another key is refused', async () => {
      const a = await backend.fresh({ SIBYL_MASTER_KEY: KEY_A });
      const b = await backend.fresh({ SIBYL_MASTER_KEY: KEY_A });
      try {
        const account = wallet();
        const headers = await l1Headers(account);
        const creds: unknown[] = [];
        for (const { config } of [a, b]) {
          const svc = await createService(config, { logger: false });
          creds.push((await svc.app.inject({ method: 'POST', url: '/auth/api-key', headers })).json());
          await svc.close();
        }
        assert.deepEqual(creds[0], creds[1]);
        await assert.rejects(createService({ ...a.config, masterKey: KEY_B }, { logger: false }), /master key differs/);
      } finally {
        await a.dispose();
        await b.dispose();
      }
    });
  });
}
