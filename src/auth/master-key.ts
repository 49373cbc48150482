/**
 * The server master key from which every API credential is derived (credentials.ts).
 * Source: SIBYL_MASTER_KEY (64 hex) or else `<SIBYL_DATA_DIR>/master.key`, generated on first
 * start with mode 0600 (created exclusively, so two processes starting together agree).
 * A fingerprint is recorded in the database's `settings` table; an instance started with a
 * different key against the same database refuses to start instead of rejecting every key.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Store } from '../store/db.js';
import { masterKeyFingerprint } from './credentials.js';

const FINGERPRINT_SETTING = 'auth.master_key_fingerprint';
const HEX64 = /^[0-9a-f]{64}$/;

export class MasterKeyError extends Error {
  override name = 'MasterKeyError';
}

function readKeyFile(file: string): Buffer {
  const text = readFileSync(file, 'utf8').trim().toLowerCase();
  if (!HEX64.test(text)) throw new MasterKeyError(`${file}: expected 64 hexadecimal characters`);
  return Buffer.from(text, 'hex');
}

/** Reads (or creates) `<dataDir>/master.key`. */
export function loadOrCreateKeyFile(dataDir: string, warn: (msg: string) => void = () => {}): Buffer {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'master.key');
  try {
    writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    if (process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0) {
      warn(`${file} is readable by other users; run: chmod 600 ${file}`);
    }
  }
  return readKeyFile(file);
}

export async function loadMasterKey(
  opts: { masterKey: string | undefined; dataDir: string; store: Store; warn?: (msg: string) => void },
): Promise<Buffer> {
  const key = opts.masterKey !== undefined ? Buffer.from(opts.masterKey, 'hex') : loadOrCreateKeyFile(opts.dataDir, opts.warn);
  const fp = masterKeyFingerprint(key);
  const { db } = opts.store;
  await db.insertInto('settings').values({ key: FINGERPRINT_SETTING, value: fp })
    .onConflict((oc) => oc.column('key').doNothing()).execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', FINGERPRINT_SETTING).executeTakeFirst();
  if (row && row.value !== fp) {
    throw new MasterKeyError(
      'the master key differs from the one this database was initialised with: instances sharing a database ' +
      'must share SIBYL_MASTER_KEY (or the same master.key file), or every API key would be rejected',
    );
  }
  return key;
}
