/**
 * The real, unmodified `@polymarket/clob-client` against the running server on a real port:
 * createOrDeriveApiKey (L1 EIP-712), getApiKeys (L2 GET), chained postHeartbeat (L2 POST with a
 * body), deleteApiKey. The client signs with a viem WalletClient (5.8.1 supports it natively;
 * ethers is not installed here), with the POLY_ header prefix and base64url signatures.
 * The client signs with whole-second timestamps, so an identical write repeated within one
 * second carries the same signature: it is served like any other, as the venue serves it
 * (refusing it is the opt-in SIBYL_REFUSE_L2_REPLAYS=1, src/auth/README.md).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ClobClient } from '@polymarket/clob-client';
import { createWalletClient, http } from 'viem';
import { polygon } from 'viem/chains';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { setTimeout as sleep } from 'node:timers/promises';
import { backends } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';

/** Waits for the next whole second (+ 20 ms), when the client's timestamp changes. */
const nextSecond = () => sleep(1000 - (Date.now() % 1000) + 20);

for (const backend of backends()) {
  describe(`real @polymarket/clob-client (${backend.name})`, { skip: backend.skip }, () => {
    let svc: TestService;
    let host: string;
    const signer = createWalletClient({ account: privateKeyToAccount(generatePrivateKey()), chain: polygon, transport: http('http://127.0.0.1:9') });
    before(async () => {
      svc = await startTestService(backend);
      host = await svc.app.listen({ port: 0, host: '127.0.0.1' });
    });
    after(async () => { await svc?.dispose(); });

    it('creates or derives credentials, lists keys, chains heartbeats, deletes the key', async () => {
      const l1 = new ClobClient(host, 137, signer);
      const creds = await l1.createOrDeriveApiKey();
      assert.match(creds.key, /^[0-9a-f-]{36}$/);
      const again = await l1.createOrDeriveApiKey(); // create fails (exists) → derive
      assert.deepEqual(again, creds);

      const client = new ClobClient(host, 137, signer, creds);
      const keys = await client.getApiKeys();
      assert.deepEqual(keys, { apiKeys: [creds.key] });

      const first = await client.postHeartbeat(null);
      assert.match(first.heartbeat_id, /^[0-9a-f-]{36}$/);
      await nextSecond(); // the next two calls are signed in the same second
      const second = await client.postHeartbeat(first.heartbeat_id);
      assert.notEqual(second.heartbeat_id, first.heartbeat_id);
      // The same call again is byte for byte the same signed request in that second: served, and
      // the stale id gets its own answer.
      const repeat = await client.postHeartbeat(first.heartbeat_id) as unknown as { error: string; heartbeat_id: string; status: number };
      assert.equal(repeat.status, 400);
      assert.equal(repeat.error, 'Invalid Heartbeat ID');
      await nextSecond(); // signed anew: the same answer
      const stale = await client.postHeartbeat(first.heartbeat_id) as unknown as { error: string; heartbeat_id: string; status: number };
      assert.equal(stale.status, 400);
      assert.equal(stale.error, 'Invalid Heartbeat ID');
      assert.equal(stale.heartbeat_id, second.heartbeat_id);
      const adopted = await client.postHeartbeat(stale.heartbeat_id);
      assert.ok(adopted.heartbeat_id);

      assert.equal(await client.deleteApiKey(), 'OK');
      const gone = await client.getApiKeys() as unknown as { error: string; status: number };
      assert.equal(gone.status, 401);
      assert.equal(gone.error, 'Unauthorized/Invalid api key');
    });
  });
}
