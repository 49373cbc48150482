/**
 * The data API's edge rules: unknown and duplicate query parameters, the SIBYL_DATA_ALLOWLIST
 * (IPv4, IPv6, CIDR, IPv4-mapped addresses, X-Forwarded-For with SIBYL_TRUST_PROXY), the
 * simple error shape and the OpenAPI description — SQLite and PostgreSQL.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { A, buildWorld, type World } from './support.js';

const ALLOW = '127.0.0.1,10.0.0.0/8,2001:db8::/32,192.168.1.5';

for (const backend of backends()) {
  describe(`data API edge (${backend.name})`, { skip: backend.skip }, () => {
    let w: World;
    before(async () => { w = await buildWorld(backend, { SIBYL_DATA_ALLOWLIST: ALLOW, SIBYL_TRUST_PROXY: '127.0.0.1' }); });
    after(async () => { await w?.svc.dispose(); });
    const urls = () => [`/positions?user=${A}`, `/activity?user=${A}`, `/holders?market=${w.m1}`];

    it('rejects unknown parameters with unknown_field: <name>', async () => {
      for (const url of urls()) {
        const r = await w.get(`${url}&foo=1`);
        assert.equal(r.status, 400, url);
        assert.deepEqual(r.body, { error: 'unknown_field: foo' });
      }
      assert.deepEqual((await w.get(`/positions?user=${A}&sortby=TITLE`)).body, { error: 'unknown_field: sortby' });
      assert.deepEqual((await w.get(`/holders?market=${w.m1}&user=${A}`)).body, { error: 'unknown_field: user' });
    });

    it('rejects repeated parameters', async () => {
      for (const url of urls()) {
        const r = await w.get(`${url}&limit=1&limit=2`);
        assert.equal(r.status, 400, url);
        assert.deepEqual(r.body, { error: 'duplicate parameter: limit' });
      }
      assert.deepEqual((await w.get(`/positions?user=${A}&user=${A}`)).body, { error: 'duplicate parameter: user' });
    });

    it('lets allowlisted addresses through: exact IPv4, CIDR, IPv6 range, IPv4-mapped IPv6', async () => {
      for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.1.5', '2001:db8::42', '::ffff:10.0.0.7']) {
        for (const url of urls()) assert.equal((await w.get(url, ip)).status, 200, `${ip} ${url}`);
      }
    });

    it('refuses other callers with 403 unauthorized: ip_not_allowlisted, before validating anything', async () => {
      for (const ip of ['11.0.0.1', '192.168.1.6', '2001:db9::1', '::1', '::ffff:11.0.0.1']) {
        for (const url of [...urls(), '/positions?nope=1']) {
          const r = await w.get(url, ip);
          assert.equal(r.status, 403, `${ip} ${url}`);
          assert.deepEqual(r.body, { error: 'unauthorized: ip_not_allowlisted' });
        }
      }
      assert.equal((await w.get('/', '11.0.0.1')).status, 200, 'other routes are not behind the allowlist');
    });

    it('takes the client address from X-Forwarded-For only behind a trusted proxy', async () => {
      const via = async (remoteAddress: string, xff: string) =>
        (await w.svc.app.inject({ url: `/positions?user=${A}`, remoteAddress, headers: { 'x-forwarded-for': xff } })).statusCode;
      assert.equal(await via('127.0.0.1', '10.9.9.9'), 200);
      assert.equal(await via('127.0.0.1', '11.9.9.9'), 403);
      assert.equal(await via('10.0.0.1', '11.9.9.9'), 200, 'an untrusted peer cannot pick its address');
    });

    it('describes the three routes in the OpenAPI document', async () => {
      const doc = (await w.get('/openapi.json')).body;
      for (const path of ['/positions', '/activity', '/holders']) {
        const op = doc.paths[path].get;
        assert.deepEqual(op.tags, ['data']);
        assert.ok(op.summary);
        assert.ok(op.responses['200'] && op.responses['400'] && op.responses['403']);
      }
      const names = doc.paths['/activity'].get.parameters.map((p: any) => p.name).sort();
      assert.deepEqual(names, ['end', 'limit', 'market', 'offset', 'side', 'sortBy', 'sortDirection', 'start', 'type', 'user']);
    });
  });
}
