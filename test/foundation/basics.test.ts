/** The foundation's edge behaviour: basics, OpenAPI, docs, error shapes, body handling, operator auth. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';

const ADMIN = 'test-admin-token-0123456789';

for (const backend of backends()) {
  describe(`foundation edge (${backend.name})`, { skip: backend.skip }, () => {
    let svc: TestService;
    before(async () => { svc = await startTestService(backend, { SIBYL_ADMIN_TOKEN: ADMIN, SIBYL_BODY_LIMIT: '2048' }); });
    after(async () => { await svc?.dispose(); });

    it('GET / answers OK and GET /time integer seconds', async () => {
      const root = await svc.app.inject({ url: '/' });
      assert.equal(root.statusCode, 200);
      assert.equal(root.json(), 'OK');
      const time = await svc.app.inject({ url: '/time' });
      const t = time.json();
      assert.ok(Number.isInteger(t));
      assert.ok(Math.abs(t - Date.now() / 1000) < 5);
    });

    it('serves the OpenAPI document and an offline docs page', async () => {
      const doc = await svc.app.inject({ url: '/openapi.json' });
      assert.equal(doc.statusCode, 200);
      assert.equal(doc.json().openapi, '3.0.3');
      assert.ok(doc.json().paths['/time']);
      const html = await svc.app.inject({ url: '/docs' });
      assert.equal(html.statusCode, 200);
      assert.match(html.body, /swagger/i);
      assert.doesNotMatch(html.body, /https?:\/\/(cdn|unpkg)/); // works with no internet access
      const asset = await svc.app.inject({ url: '/docs/static/swagger-ui-bundle.js' });
      assert.equal(asset.statusCode, 200);
    });

    it('unknown routes get a 404 in their family shape', async () => {
      const clob = await svc.app.inject({ url: '/no-such-route' });
      assert.equal(clob.statusCode, 404);
      assert.deepEqual(Object.keys(clob.json()), ['error']);
      const catalog = await svc.app.inject({ url: '/events/nope/deeper/path' });
      assert.equal(catalog.statusCode, 404);
      assert.equal(catalog.json().type, 'not found error');
    });

    it('malformed JSON is a 400, an oversized body a 413, an unsupported type a 415', async () => {
      const bad = await svc.app.inject({ method: 'PUT', url: '/admin/exchange/mode', headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' }, payload: '{"a":' });
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.json().error, 'invalid JSON body');
      const big = await svc.app.inject({ method: 'PUT', url: '/admin/exchange/mode', headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' }, payload: JSON.stringify({ mode: 'y'.repeat(5000) }) });
      assert.equal(big.statusCode, 413);
      const form = await svc.app.inject({ method: 'PUT', url: '/admin/exchange/mode', headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' });
      assert.equal(form.statusCode, 415);
      const poisoned = await svc.app.inject({ method: 'PUT', url: '/admin/exchange/mode', headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' }, payload: '{"__proto__":{"x":1}}' });
      assert.equal(poisoned.statusCode, 400);
    });

    it('accepts an empty body sent as application/json and lets the schema decide', async () => {
      const res = await svc.app.inject({ method: 'PUT', url: '/admin/exchange/mode', headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' }, payload: '' });
      assert.equal(res.statusCode, 400);
      assert.notEqual(res.json().error, 'invalid JSON body');
      const get = await svc.app.inject({ url: '/admin/exchange/mode', headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' }, payload: '' });
      assert.equal(get.statusCode, 200);
    });

    it('validates operator input and persists the change', async () => {
      const auth = { authorization: `Bearer ${ADMIN}` };
      const bad = await svc.app.inject({ method: 'PUT', url: '/admin/exchange/mode', headers: auth, payload: { mode: 'sideways' } });
      assert.equal(bad.statusCode, 400);
      assert.match(bad.json().error, /^mode must be/);
      const ok = await svc.app.inject({ method: 'PUT', url: '/admin/exchange/mode', headers: auth, payload: { mode: 'cancel-only' } });
      assert.deepEqual(ok.json(), { mode: 'cancel-only' });
      const read = await svc.app.inject({ url: '/admin/exchange/mode', headers: auth });
      assert.deepEqual(read.json(), { mode: 'cancel-only' });
    });

    it('operator API requires the bearer token', async () => {
      const none = await svc.app.inject({ url: '/admin/status' });
      assert.equal(none.statusCode, 401);
      assert.deepEqual(Object.keys(none.json()), ['error']);
      const wrong = await svc.app.inject({ url: '/admin/status', headers: { authorization: 'Bearer wrong-token-wrong-token' } });
      assert.equal(wrong.statusCode, 401);
      const ok = await svc.app.inject({ url: '/admin/status', headers: { authorization: `Bearer ${ADMIN}` } });
      assert.equal(ok.statusCode, 200);
      assert.equal(ok.json().store, backend.name);
    });

    it('every response carries a request id', async () => {
      const res = await svc.app.inject({ url: '/' });
      assert.match(String(res.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    });
  });
}

describe('operator API without a token', () => {
  const backend = backends()[0]!;
  let svc: TestService;
  before(async () => { svc = await startTestService(backend); });
  after(async () => { await svc?.dispose(); });
  it('answers 404 like an unknown route', async () => {
    const res = await svc.app.inject({ url: '/admin/status', headers: { authorization: `Bearer ${ADMIN}` } });
    assert.equal(res.statusCode, 404);
  });
});
