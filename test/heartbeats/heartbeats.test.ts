/** Heartbeat routes: id chaining, `Invalid Heartbeat ID`, body forms, `POST /heartbeats`. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';
import { l2, newKey, type Creds } from '../auth/helpers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

for (const backend of backends()) {
  describe(`heartbeat routes (${backend.name})`, { skip: backend.skip }, () => {
    let svc: TestService;
    let creds: Creds;
    let address: string;
    const beat = (body?: string) => l2(svc.app, creds, address, 'POST', '/v1/heartbeats', body);
    before(async () => {
      svc = await startTestService(backend);
      const k = await newKey(svc.app);
      creds = k.creds;
      address = k.account.address;
    });
    after(async () => { await svc?.dispose(); });

    it('chains ids and answers a stale id with the expected one', async () => {
      const first = await beat('{"heartbeat_id":null}');
      assert.equal(first.statusCode, 200);
      const id1 = first.json().heartbeat_id;
      assert.match(id1, UUID);
      const second = await beat(JSON.stringify({ heartbeat_id: id1 }));
      assert.equal(second.statusCode, 200);
      const id2 = second.json().heartbeat_id;
      assert.notEqual(id2, id1);
      const stale = await beat(JSON.stringify({ heartbeat_id: id1 }));
      assert.equal(stale.statusCode, 400);
      assert.deepEqual(stale.json(), { error: 'Invalid Heartbeat ID', heartbeat_id: id2 });
      const wrong = await beat(JSON.stringify({ heartbeat_id: 'nonsense' }));
      assert.deepEqual(wrong.json(), { error: 'Invalid Heartbeat ID', heartbeat_id: id2 });
      const adopted = await beat(JSON.stringify({ heartbeat_id: id2 }));
      assert.equal(adopted.statusCode, 200);
      assert.equal(svc.services.heartbeats.inspect(address)?.id, adopted.json().heartbeat_id);
    });

    it('starts a chain with null, "", {}, an empty body or no body', async () => {
      for (const body of ['null', '""', '{}', '{"heartbeat_id":""}', '', undefined]) {
        const res = await beat(body);
        assert.equal(res.statusCode, 200, `${body}: ${res.body}`);
        assert.match(res.json().heartbeat_id, UUID);
      }
      for (const body of ['[]', '42', '{"heartbeat_id":7}']) {
        const res = await beat(body);
        assert.equal(res.statusCode, 400, String(body));
        assert.match(res.json().error, /Invalid heartbeat payload/);
      }
    });

    it('POST /heartbeats feeds the same switch and keeps the chain', async () => {
      const id = (await beat('null')).json().heartbeat_id;
      const before = svc.services.heartbeats.inspect(address)!.lastBeat;
      await new Promise((r) => setTimeout(r, 5));
      const res = await l2(svc.app, creds, address, 'POST', '/heartbeats');
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { status: 'ok' });
      const s = svc.services.heartbeats.inspect(address)!;
      assert.ok(s.armed && s.lastBeat > before);
      assert.equal((await beat(JSON.stringify({ heartbeat_id: id }))).statusCode, 200);
    });

    it('requires L2 and scopes sessions by address', async () => {
      const none = await svc.app.inject({ method: 'POST', url: '/v1/heartbeats', payload: { heartbeat_id: null } });
      assert.equal(none.statusCode, 401);
      const other = await newKey(svc.app);
      const mine = (await beat('null')).json().heartbeat_id;
      const res = await l2(svc.app, other.creds, other.account.address, 'POST', '/v1/heartbeats', JSON.stringify({ heartbeat_id: mine }));
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().heartbeat_id, '');
    });
  });
}
