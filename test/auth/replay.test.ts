/**
 * Replayed L2 writes refused (SIBYL_REFUSE_L2_REPLAYS=1, src/auth/replay.ts) through HTTP, on both backends: a repeated signature
 * on a write is refused with its own 401 (one order exists), reads may repeat, a request refused
 * before the check does not consume its signature, the in-memory set is bounded, and two
 * instances sharing one Redis refuse each other's replays (needs REDIS_URL).
 * @runs-alone (scripts/run-tests.mjs): two instances share one PostgreSQL database and a lease with a timeout.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { backends } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';
import { newMarket, orderBody, trader, tradingService, type Trader } from '../trading/kit.js';
import { l2Headers, newKey, nowS, wallet, type Creds } from './helpers.js';

const REPLAY = /^Unauthorized: replayed request: this L2 signature was already used at (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z); sign each request anew$/;

function assertReplay(res: { statusCode: number; json(): { error: string }; headers: Record<string, unknown> }): Date {
  assert.equal(res.statusCode, 401, JSON.stringify(res.json()));
  assert.deepEqual(Object.keys(res.json()), ['error'], 'the body shape of every L2 error');
  const m = REPLAY.exec(res.json().error);
  assert.ok(m, res.json().error);
  assert.equal(res.headers['x-error-code'], 'replayed_request');
  return new Date(m[1]!);
}

/** Sends the very same signed request (headers and body) again and again. */
function replayer(svc: TestService, method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, body?: string) {
  const h = body === undefined ? headers : { ...headers, 'content-type': 'application/json' };
  return () => svc.app.inject({ method, url, headers: h, ...(body === undefined ? {} : { payload: body }) });
}

for (const backend of backends()) {
  describe(`replayed L2 writes (${backend.name})`, { skip: backend.skip }, () => {
    let svc: TestService;
    let cid: string;
    let alice: Trader;
    before(async () => {
      svc = await tradingService(backend, { SIBYL_REFUSE_L2_REPLAYS: '1' });
      cid = await newMarket(svc);
      alice = await trader(svc);
    });
    after(async () => { await svc?.dispose(); });

    it('refuses a replayed POST /order, also re-encoded: one order exists', async () => {
      const body = JSON.stringify(orderBody(alice, `${cid}:0`, 'BUY', '0.40', '10'));
      const headers = l2Headers(alice.creds, alice.address, 'POST', '/order', body);
      const send = replayer(svc, 'POST', '/order', headers, body);
      const t0 = Date.now();
      const first = await send();
      assert.equal(first.statusCode, 200, first.body);
      assert.equal(first.json().success, true);
      const firstUse = assertReplay(await send());
      assert.ok(Math.abs(firstUse.getTime() - t0) < 5_000, 'names when the signature was first used');
      // The same signature bytes as hex under the POLY_ prefix are the same signature.
      const hex = Buffer.from(headers.SVC_SIGNATURE!, 'base64url').toString('hex');
      const poly = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.replace('SVC_', 'POLY_'), k === 'SVC_SIGNATURE' ? hex : v]));
      assertReplay(await replayer(svc, 'POST', '/order', poly, body)());
      const open = await svc.app.inject({ url: '/data/orders', headers: l2Headers(alice.creds, alice.address, 'GET', '/data/orders') });
      assert.equal(open.json().count, 1, 'the replays placed nothing');
    });

    it('refuses a replayed DELETE; the same GET may repeat', async () => {
      const del = replayer(svc, 'DELETE', '/cancel-all', l2Headers(alice.creds, alice.address, 'DELETE', '/cancel-all'));
      assert.equal((await del()).statusCode, 200);
      assertReplay(await del());
      const get = replayer(svc, 'GET', '/data/orders', l2Headers(alice.creds, alice.address, 'GET', '/data/orders'));
      for (let i = 0; i < 3; i++) assert.equal((await get()).statusCode, 200);
    });

    it('a request refused before the check does not consume its signature', async () => {
      const other = await newKey(svc.app);
      const body = '{"heartbeat_id":null}';
      const headers = l2Headers(alice.creds, alice.address, 'POST', '/v1/heartbeats', body);
      const refusedFirst = [
        { headers: { ...headers, SVC_PASSPHRASE: other.creds.passphrase }, body, error: 'Unauthorized/Invalid api key' },
        { headers: { ...headers, SVC_ADDRESS: other.account.address }, body, error: 'Unauthorized/Invalid api key' },
        // Garbage under a captured signature fails the HMAC: it cannot burn the signature.
        { headers, body: '{"heartbeat_id":""}', error: 'Unauthorized: invalid L2 signature: expected HMAC-SHA256 of timestamp + METHOD + path + body' },
      ];
      for (const r of refusedFirst) {
        const res = await replayer(svc, 'POST', '/v1/heartbeats', r.headers, r.body)();
        assert.equal(res.statusCode, 401);
        assert.deepEqual(res.json(), { error: r.error });
      }
      const send = replayer(svc, 'POST', '/v1/heartbeats', headers, body);
      const ok = await send();
      assert.equal(ok.statusCode, 200, ok.body);
      assertReplay(await send());
    });

    it('bounds the remembered signatures: beyond SIBYL_REPLAY_MAX a write gets 503 until entries expire', async () => {
      let offsetMs = 0;
      const small = await startTestService(backend, { SIBYL_REFUSE_L2_REPLAYS: '1', SIBYL_REPLAY_MAX: '3', SIBYL_AUTH_WINDOW_S: '10' }, { now: () => Date.now() + offsetMs });
      try {
        const { account, creds } = await newKey(small.app);
        const cancelAll = (ts: number) => replayer(small, 'DELETE', '/cancel-all', l2Headers(creds, account.address, 'DELETE', '/cancel-all', '', { ts }));
        const n = nowS();
        const kept = [cancelAll(n - 1), cancelAll(n), cancelAll(n + 1)];
        for (const send of kept) assert.equal((await send()).statusCode, 200);
        const full = await cancelAll(n + 2)();
        assert.equal(full.statusCode, 503, full.body);
        assert.equal(full.json().error, 'Service unavailable: too many recent signed writes to check for replays; retry shortly');
        const retry = Number(full.headers['retry-after']);
        assert.ok(retry >= 1 && retry <= 10 + 5, `Retry-After ${retry}`);
        assertReplay(await kept[0]!()); // refusing a replay needs no room
        const read = await small.app.inject({ url: '/auth/api-keys', headers: l2Headers(creds, account.address, 'GET', '/auth/api-keys') });
        assert.equal(read.statusCode, 200, 'reads are not remembered');
        offsetMs = 20_000; // every remembered timestamp has left the ±10 s window (+ margin)
        const later = await cancelAll(nowS() + 20)();
        assert.equal(later.statusCode, 200, later.body);
      } finally {
        await small.dispose();
      }
    });
  });

  const redisSkip = backend.skip || (process.env.REDIS_URL ? false : 'Redis tests skipped: REDIS_URL is not set');
  describe(`replayed L2 writes across instances sharing one Redis (${backend.name})`, { skip: redisSkip }, () => {
    const services: TestService[] = [];
    let a: TestService;
    let b: TestService;
    let creds: Creds;
    let address: string;
    before(async () => {
      const env = { SIBYL_REFUSE_L2_REPLAYS: '1', REDIS_URL: process.env.REDIS_URL!, SIBYL_RATE_LIMIT_PREFIX: `test-replay-${randomBytes(4).toString('hex')}:`, SIBYL_MASTER_KEY: randomBytes(32).toString('hex') };
      a = await startTestService(backend, env);
      services.push(a);
      b = await startTestService(backend, env);
      services.push(b);
      // Same master key, wallet and nonce: both instances derive the same credentials.
      const account = wallet();
      const ka = await newKey(a.app, account);
      const kb = await newKey(b.app, account);
      assert.deepEqual(kb.creds, ka.creds);
      creds = ka.creds;
      address = account.address;
    });
    after(async () => { for (const s of services) await s.dispose(); });

    it('each instance refuses the other\'s replay', async () => {
      const n = nowS();
      const first = l2Headers(creds, address, 'DELETE', '/cancel-all', '', { ts: n });
      assert.equal((await replayer(a, 'DELETE', '/cancel-all', first)()).statusCode, 200);
      assertReplay(await replayer(b, 'DELETE', '/cancel-all', first)());
      const second = l2Headers(creds, address, 'DELETE', '/cancel-all', '', { ts: n + 1 });
      assert.equal((await replayer(b, 'DELETE', '/cancel-all', second)()).statusCode, 200);
      assertReplay(await replayer(a, 'DELETE', '/cancel-all', second)());
    });

    it('another deployment (another key prefix) on the same Redis is not affected', async () => {
      const c = await startTestService(backend, { REDIS_URL: process.env.REDIS_URL!, SIBYL_MASTER_KEY: a.services.config.masterKey! });
      services.push(c);
      const account = wallet();
      const kc = await newKey(c.app, account);
      const ka = await newKey(a.app, account);
      assert.deepEqual(kc.creds, ka.creds);
      const h = l2Headers(ka.creds, account.address, 'DELETE', '/cancel-all', '', { ts: nowS() });
      assert.equal((await replayer(a, 'DELETE', '/cancel-all', h)()).statusCode, 200);
      assert.equal((await replayer(c, 'DELETE', '/cancel-all', h)()).statusCode, 200);
    });
  });
}
