/** L1 (EIP-712) create/derive and L2 list/delete of API keys, on both backends. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';
import { l1Headers, l2, newKey, nowS, wallet } from './helpers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

for (const backend of backends()) {
  describe(`API keys over L1 (${backend.name})`, { skip: backend.skip }, () => {
    let svc: TestService;
    before(async () => { svc = await startTestService(backend); });
    after(async () => { await svc?.dispose(); });

    it('creates once, then derives the same credentials; nonces are independent', async () => {
      const account = wallet();
      const create = await svc.app.inject({ method: 'POST', url: '/auth/api-key', headers: await l1Headers(account) });
      assert.equal(create.statusCode, 200);
      const creds = create.json();
      assert.deepEqual(Object.keys(creds).sort(), ['apiKey', 'passphrase', 'secret']);
      assert.match(creds.apiKey, UUID);
      assert.match(creds.passphrase, /^[0-9a-f]{64}$/);
      assert.match(creds.secret, /^[A-Za-z0-9_-]{43}=$/);

      const again = await svc.app.inject({ method: 'POST', url: '/auth/api-key', headers: await l1Headers(account) });
      assert.equal(again.statusCode, 400);
      assert.deepEqual(again.json(), { error: 'Could not create api key' });

      const derive = await svc.app.inject({ url: '/auth/derive-api-key', headers: await l1Headers(account, { prefix: 'SVC_' }) });
      assert.equal(derive.statusCode, 200);
      assert.deepEqual(derive.json(), creds);

      const none = await svc.app.inject({ url: '/auth/derive-api-key', headers: await l1Headers(account, { nonce: 7 }) });
      assert.equal(none.statusCode, 400);
      assert.deepEqual(none.json(), { error: 'Could not derive api key!' });
      const seven = await svc.app.inject({ method: 'POST', url: '/auth/api-key', headers: await l1Headers(account, { nonce: 7 }) });
      assert.equal(seven.statusCode, 200);
      assert.notEqual(seven.json().apiKey, creds.apiKey);
    });

    it('rejects bad L1 headers with 401 Invalid L1 Request headers', async () => {
      const account = wallet();
      const cases: Array<Record<string, string>> = [
        {},
        await l1Headers(account, { signer: wallet() }), // signed by someone else
        await l1Headers(account, { chainId: 1 }), // another domain
        { ...(await l1Headers(account)), POLY_NONCE: '1' }, // nonce not the signed one
        { ...(await l1Headers(account)), POLY_SIGNATURE: '0x1234' },
        { ...(await l1Headers(account)), POLY_ADDRESS: 'not-an-address' },
      ];
      for (const headers of cases) {
        const res = await svc.app.inject({ method: 'POST', url: '/auth/api-key', headers });
        assert.equal(res.statusCode, 401, JSON.stringify(headers));
        assert.equal(res.json().error, 'Invalid L1 Request headers');
      }
      const stale = await svc.app.inject({ url: '/auth/derive-api-key', headers: await l1Headers(account, { ts: nowS() - 3600 }) });
      assert.equal(stale.statusCode, 401);
      assert.match(stale.json().error, /^Invalid L1 Request headers: stale timestamp \d+: server time is \d+/);
    });

    it('accepts lower-case header names and a lower-case address (stored checksummed)', async () => {
      const account = wallet();
      const h = await l1Headers(account, { prefix: 'svc_' });
      h.svc_ADDRESS = account.address.toLowerCase();
      const res = await svc.app.inject({ method: 'POST', url: '/auth/api-key', headers: h });
      assert.equal(res.statusCode, 200);
      const list = await l2(svc.app, res.json(), account.address, 'GET', '/auth/api-keys');
      assert.deepEqual(list.json(), { apiKeys: [res.json().apiKey] });
    });

    it('lists the caller\'s keys and revokes the calling key', async () => {
      const { account, creds } = await newKey(svc.app);
      const second = (await newKey(svc.app, account, 1)).creds;
      const list = await l2(svc.app, creds, account.address, 'GET', '/auth/api-keys');
      assert.equal(list.statusCode, 200);
      assert.deepEqual([...list.json().apiKeys].sort(), [creds.apiKey, second.apiKey].sort());

      const del = await l2(svc.app, creds, account.address, 'DELETE', '/auth/api-key');
      assert.equal(del.statusCode, 200);
      assert.equal(del.json(), 'OK');
      const revoked = await l2(svc.app, creds, account.address, 'GET', '/auth/api-keys');
      assert.equal(revoked.statusCode, 401);
      assert.equal(revoked.json().error, 'Unauthorized/Invalid api key');
      const still = await l2(svc.app, second, account.address, 'GET', '/auth/api-keys');
      assert.deepEqual(still.json(), { apiKeys: [second.apiKey] });

      // Re-creating after a revocation gives fresh credentials (a leaked secret stays dead).
      const derive = await svc.app.inject({ url: '/auth/derive-api-key', headers: await l1Headers(account) });
      assert.equal(derive.statusCode, 400);
      const fresh = await svc.app.inject({ method: 'POST', url: '/auth/api-key', headers: await l1Headers(account) });
      assert.equal(fresh.statusCode, 200);
      assert.notEqual(fresh.json().apiKey, creds.apiKey);
      assert.notEqual(fresh.json().secret, creds.secret);
      const derived = await svc.app.inject({ url: '/auth/derive-api-key', headers: await l1Headers(account) });
      assert.deepEqual(derived.json(), fresh.json());
    });

    it('documents the routes with L1/L2 security schemes', async () => {
      const doc = (await svc.app.inject({ url: '/openapi.json' })).json();
      assert.ok(doc.components.securitySchemes.svcApiKey);
      assert.ok(doc.paths['/auth/api-key'].post.security[0].svcNonce);
      assert.ok(doc.paths['/v1/heartbeats'].post.security[0].svcPassphrase);
    });
  });
}
