/**
 * One spelling per signed request: L1 refuses a high-s (malleable) ECDSA signature while its
 * low-s twin works, and L1 and L2 refuse non-canonical timestamps (sign, leading zero, space,
 * fraction, exponent), which would otherwise sign the same instant (and request) anew.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { secp256k1 } from '@noble/curves/secp256k1';
import { numberToHex, parseSignature, serializeSignature, type Hex } from 'viem';
import { backends } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';
import { l1Headers, l2, newKey, nowS, wallet, type Creds } from './helpers.js';

/** The other valid signature of the same message: s' = n − s with the other recovery bit. */
function malleate(signature: string): Hex {
  const { r, s, yParity } = parseSignature(signature as Hex);
  const high = secp256k1.CURVE.n - BigInt(s);
  return serializeSignature({ r, s: numberToHex(high, { size: 32 }), yParity: yParity === 0 ? 1 : 0 });
}

const nonCanonical = (n: number) => [`+${n}`, `0${n}`, ` ${n}`, `${n}.0`, `${n}e0`, '1e9', `${n} `];

for (const backend of backends()) {
  describe(`canonical signatures and timestamps (${backend.name})`, { skip: backend.skip }, () => {
    let svc: TestService;
    let creds: Creds;
    let address: string;
    before(async () => {
      svc = await startTestService(backend);
      const k = await newKey(svc.app);
      creds = k.creds;
      address = k.account.address;
    });
    after(async () => { await svc?.dispose(); });

    it('L1 refuses the high-s twin of a signature and accepts the low-s one', async () => {
      const account = wallet();
      const headers = await l1Headers(account);
      const sig = headers.POLY_SIGNATURE!;
      assert.equal(secp256k1.Signature.fromCompact(sig.slice(2, 130)).hasHighS(), false, 'viem signs low-s');
      const twin = malleate(sig);
      assert.equal(secp256k1.Signature.fromCompact(twin.slice(2, 130)).hasHighS(), true);
      const high = await svc.app.inject({ method: 'POST', url: '/auth/api-key', headers: { ...headers, POLY_SIGNATURE: twin } });
      assert.equal(high.statusCode, 401, high.body);
      assert.deepEqual(high.json(), { error: 'Invalid L1 Request headers' });
      const low = await svc.app.inject({ method: 'POST', url: '/auth/api-key', headers });
      assert.equal(low.statusCode, 200, low.body);
    });

    it('L1 refuses a non-canonical timestamp even when it is signed', async () => {
      const account = wallet();
      for (const ts of nonCanonical(nowS())) {
        const res = await svc.app.inject({ url: '/auth/derive-api-key', headers: await l1Headers(account, { ts }) });
        assert.equal(res.statusCode, 401, `${JSON.stringify(ts)}: ${res.body}`);
        assert.match(res.json().error, /^Invalid L1 Request headers: SVC_TIMESTAMP must be integer Unix seconds in canonical decimal; server time is \d+$/, JSON.stringify(ts));
      }
      const fresh = await svc.app.inject({ method: 'POST', url: '/auth/api-key', headers: await l1Headers(account) });
      assert.equal(fresh.statusCode, 200, 'the canonical spelling works');
    });

    it('L2 refuses a non-canonical timestamp even when it is signed; "0" is only stale', async () => {
      for (const ts of nonCanonical(nowS())) {
        for (const [method, url] of [['GET', '/auth/api-keys'], ['POST', '/heartbeats']] as const) {
          const res = await l2(svc.app, creds, address, method, url, undefined, { ts });
          assert.equal(res.statusCode, 401, `${method} ${JSON.stringify(ts)}: ${res.body}`);
          assert.match(res.json().error, /^Unauthorized: SVC_TIMESTAMP must be integer Unix seconds in canonical decimal; server time is \d+$/, JSON.stringify(ts));
        }
      }
      const zero = await l2(svc.app, creds, address, 'GET', '/auth/api-keys', undefined, { ts: '0' });
      assert.equal(zero.statusCode, 401);
      assert.match(zero.json().error, /^Unauthorized: stale timestamp 0: server time is \d+/);
      const ok = await l2(svc.app, creds, address, 'GET', '/auth/api-keys', undefined, { ts: String(nowS()) });
      assert.equal(ok.statusCode, 200);
    });
  });
}
