/**
 * The API-key lookup cache (src/auth/keys.ts): hits skip the database, a revocation is immediate
 * on this instance, and a read that overlapped a revocation never re-caches the revoked key.
 * The store is a stand-in whose reads the test releases by hand, to force the interleavings.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ApiKeys } from '../../src/auth/keys.js';
import { deriveCredentials } from '../../src/auth/credentials.js';
import type { Store } from '../../src/store/db.js';

const MASTER = Buffer.alloc(32, 9);
const ADDRESS = '0x00000000000000000000000000000000000000A1';
const KEY = deriveCredentials(MASTER, ADDRESS, '0', 0).apiKey;

/** A fake store with one key row; every SELECT waits until the test calls `release()`. */
function fakeStore() {
  const row = { address: ADDRESS, nonce: '0', generation: 0 };
  let revoked = false;
  const pending: Array<() => void> = [];
  let selects = 0;
  const chain = (terminal: () => Promise<unknown>): any => new Proxy({}, {
    get: (_t, prop) => (prop === 'executeTakeFirst' ? terminal : () => chain(terminal)),
  });
  const db = {
    selectFrom: () => chain(() => {
      selects++;
      const seen = revoked ? undefined : row; // the row as the read sees it when it runs
      return new Promise((ok) => pending.push(() => ok(seen)));
    }),
    updateTable: () => chain(async () => {
      const was = !revoked;
      revoked = true;
      return { numUpdatedRows: was ? 1n : 0n };
    }),
  };
  return {
    store: { db } as unknown as Store,
    release: () => { for (const f of pending.splice(0)) f(); },
    selects: () => selects,
  };
}

describe('API-key lookup cache', () => {
  it('serves repeated lookups from memory', async () => {
    const f = fakeStore();
    const keys = new ApiKeys(f.store, MASTER, () => Date.now(), 60_000);
    const first = keys.lookup(KEY);
    f.release();
    assert.equal((await first)?.address, ADDRESS);
    assert.equal((await keys.lookup(KEY))?.address, ADDRESS);
    assert.equal(f.selects(), 1);
  });

  it('forgets a key on revocation at once', async () => {
    const f = fakeStore();
    const keys = new ApiKeys(f.store, MASTER, () => Date.now(), 60_000);
    const first = keys.lookup(KEY);
    f.release();
    await first;
    assert.equal(await keys.revoke(KEY), true);
    const after = keys.lookup(KEY);
    f.release();
    assert.equal(await after, undefined);
  });

  it('does not cache what a read overlapping a revocation saw', async () => {
    const f = fakeStore();
    const keys = new ApiKeys(f.store, MASTER, () => Date.now(), 60_000);
    const inFlight = keys.lookup(KEY); // reads the active row…
    assert.equal(await keys.revoke(KEY), true); // …the revocation commits meanwhile…
    f.release(); // …and the read answers afterwards
    assert.equal((await inFlight)?.address, ADDRESS, 'a request racing the revocation may pass');
    const next = keys.lookup(KEY);
    f.release();
    assert.equal(await next, undefined, 'the next request after the revocation must not');
    assert.equal(f.selects(), 2);
  });
});
