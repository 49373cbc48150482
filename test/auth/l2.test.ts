/** Every L2 failure and success mode (docs/venue.md §1), and builder attribution headers. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyRequest } from 'fastify';
import { backends } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';
import { l2, l2Headers, newKey, nowS, sign, type Creds } from './helpers.js';

const LIST = '/auth/api-keys';

for (const backend of backends()) {
  describe(`L2 authentication (${backend.name})`, { skip: backend.skip }, () => {
    let svc: TestService;
    let creds: Creds;
    let address: string;
    let other: { address: string; creds: Creds };
    before(async () => {
      svc = await startTestService(backend);
      const k = await newKey(svc.app);
      creds = k.creds;
      address = k.account.address;
      const o = await newKey(svc.app);
      other = { address: o.account.address, creds: o.creds };
    });
    after(async () => { await svc?.dispose(); });

    it('accepts hex, base64url (padded or not) and base64 signatures under SVC_ and POLY_', async () => {
      for (const prefix of ['SVC_', 'POLY_', 'poly_']) {
        for (const encoding of ['hex', 'base64url', 'base64url-unpadded', 'base64'] as const) {
          const res = await l2(svc.app, creds, address, 'GET', LIST, undefined, { prefix, encoding });
          assert.equal(res.statusCode, 200, `${prefix} ${encoding}: ${res.body}`);
          assert.deepEqual(res.json(), { apiKeys: [creds.apiKey] });
        }
      }
    });

    it('signs the path without the query string, and the body byte for byte', async () => {
      const q = await l2(svc.app, creds, address, 'GET', `${LIST}?next_cursor=MA==`);
      assert.equal(q.statusCode, 200);
      const body = '{"heartbeat_id":  null}';
      const ok = await l2(svc.app, creds, address, 'POST', '/v1/heartbeats', body);
      assert.equal(ok.statusCode, 200);
      const headers = { ...l2Headers(creds, address, 'POST', '/v1/heartbeats', body), 'content-type': 'application/json' };
      const tampered = await svc.app.inject({ method: 'POST', url: '/v1/heartbeats', headers, payload: '{"heartbeat_id": null}' });
      assert.equal(tampered.statusCode, 401);
      assert.match(tampered.json().error, /invalid L2 signature/);
    });

    it('rejects a bad signature with its own message', async () => {
      const h = l2Headers(creds, address, 'GET', LIST);
      for (const sig of [sign(creds.secret, h.SVC_TIMESTAMP!, 'POST', LIST, ''), 'zz', sign(other.creds.secret, h.SVC_TIMESTAMP!, 'GET', LIST, '')]) {
        const res = await svc.app.inject({ url: LIST, headers: { ...h, SVC_SIGNATURE: sig } });
        assert.equal(res.statusCode, 401);
        assert.equal(res.json().error, 'Unauthorized: invalid L2 signature: expected HMAC-SHA256 of timestamp + METHOD + path + body');
      }
    });

    it('rejects a stale or malformed timestamp and says the server time', async () => {
      // A future timestamp gets one second more: the server's clock may tick between here and its check.
      for (const ts of [nowS() - 31, nowS() + 32, 'yesterday']) {
        const res = await l2(svc.app, creds, address, 'GET', LIST, undefined, { ts });
        assert.equal(res.statusCode, 401);
        const m = /server time is (\d+)/.exec(res.json().error);
        assert.ok(m, res.json().error);
        assert.ok(Math.abs(Number(m[1]) - nowS()) <= 2);
      }
      const edge = await l2(svc.app, creds, address, 'GET', LIST, undefined, { ts: nowS() - 29 });
      assert.equal(edge.statusCode, 200);
    });

    it('answers one message for an unknown key, a wrong passphrase and a wrong owner', async () => {
      const unknown = { ...creds, apiKey: '00000000-0000-4000-8000-000000000000' };
      const wrongPass = { ...creds, passphrase: other.creds.passphrase };
      const cases = [
        await l2(svc.app, unknown, address, 'GET', LIST),
        await l2(svc.app, { ...creds, apiKey: 'not-a-uuid' }, address, 'GET', LIST),
        await l2(svc.app, wrongPass, address, 'GET', LIST),
        await l2(svc.app, creds, other.address, 'GET', LIST), // someone else's address with my key
      ];
      for (const res of cases) {
        assert.equal(res.statusCode, 401);
        assert.deepEqual(res.json(), { error: 'Unauthorized/Invalid api key' });
      }
    });

    it('requires a checksummed SVC_ADDRESS and all five headers', async () => {
      const lower = await l2(svc.app, creds, address.toLowerCase(), 'GET', LIST);
      assert.equal(lower.statusCode, 401);
      assert.match(lower.json().error, /EIP-55 checksummed/);
      const h = l2Headers(creds, address, 'GET', LIST);
      delete h.SVC_PASSPHRASE;
      const missing = await svc.app.inject({ url: LIST, headers: h });
      assert.equal(missing.statusCode, 401);
      assert.match(missing.json().error, /missing L2 headers/);
      const none = await svc.app.inject({ method: 'POST', url: '/heartbeats' });
      assert.equal(none.statusCode, 401);
    });

    describe('builder headers', () => {
      const fake = (headers: Record<string, string>, body = '{"order":1}'): FastifyRequest =>
        ({ headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])), method: 'POST', url: '/order?x=1', rawBody: body }) as unknown as FastifyRequest;
      const builderHeaders = (b: Creds, prefix = 'POLY_', ts = nowS(), body = '{"order":1}') => ({
        [`${prefix}BUILDER_API_KEY`]: b.apiKey,
        [`${prefix}BUILDER_PASSPHRASE`]: b.passphrase,
        [`${prefix}BUILDER_TIMESTAMP`]: String(ts),
        [`${prefix}BUILDER_SIGNATURE`]: sign(b.secret, String(ts), 'POST', '/order', body),
      });

      it('returns undefined when absent and the builder key when valid', async () => {
        assert.equal(await svc.services.auth.verifyBuilder(fake(l2Headers(creds, address, 'POST', '/order'))), undefined);
        assert.equal(await svc.services.auth.verifyBuilder(fake(builderHeaders(other.creds))), other.creds.apiKey);
        assert.equal(await svc.services.auth.verifyBuilder(fake(builderHeaders(other.creds, 'SVC_'))), other.creds.apiKey);
      });

      it('401 when present but invalid', async () => {
        const bad = [
          { ...builderHeaders(other.creds), POLY_BUILDER_PASSPHRASE: creds.passphrase },
          { ...builderHeaders(other.creds), POLY_BUILDER_API_KEY: '00000000-0000-4000-8000-000000000000' },
          builderHeaders(other.creds, 'POLY_', nowS() - 600),
          builderHeaders(other.creds, 'POLY_', nowS(), '{"order":2}'),
          { POLY_BUILDER_API_KEY: other.creds.apiKey },
        ];
        const messages: string[] = [];
        for (const h of bad) {
          await assert.rejects(svc.services.auth.verifyBuilder(fake(h)), (err: { status: number; message: string }) => {
            assert.equal(err.status, 401);
            messages.push(err.message);
            return true;
          });
        }
        assert.deepEqual(messages.slice(0, 2), ['Unauthorized/Invalid builder api key', 'Unauthorized/Invalid builder api key']);
        assert.match(messages[2]!, /server time is/);
        assert.match(messages[3]!, /invalid builder signature/);
        assert.match(messages[4]!, /incomplete builder headers/);
      });
    });
  });
}

