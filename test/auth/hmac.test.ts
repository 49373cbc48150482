/** L2 signature primitives and credential shapes: the public test vector of docs/venue.md §1. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeSecret, decodeSignature, l2Signature, signatureMatches } from '../../src/auth/hmac.js';
import { deriveCredentials, UUID_SHAPE } from '../../src/auth/credentials.js';

const VECTOR = {
  secret: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
  ts: '1000000', method: 'test-sign', path: '/orders', body: '{"hash": "0x123"}',
  base64url: 'ZwAdJKvoYRlEKDkNMwd5BuwNNtg93kNaR_oU2HrfVvc=',
};

describe('L2 HMAC', () => {
  it('reproduces the public test vector', () => {
    const mac = l2Signature(decodeSecret(VECTOR.secret), VECTOR.ts, VECTOR.method, VECTOR.path, VECTOR.body);
    assert.equal(mac.toString('base64').replace(/\+/g, '-').replace(/\//g, '_'), VECTOR.base64url);
  });

  it('accepts the vector as base64url (padded or not), base64 and hex; rejects anything else', () => {
    const mac = l2Signature(decodeSecret(VECTOR.secret), VECTOR.ts, VECTOR.method, VECTOR.path, VECTOR.body);
    const hex = mac.toString('hex');
    for (const s of [VECTOR.base64url, VECTOR.base64url.replace(/=$/, ''), mac.toString('base64'), hex, `0x${hex}`, hex.toUpperCase()]) {
      assert.ok(signatureMatches(mac, s), s);
    }
    const flipped = (VECTOR.base64url[0] === 'Z' ? 'Y' : 'Z') + VECTOR.base64url.slice(1);
    for (const s of [flipped, '', 'abc', `${hex}00`, VECTOR.base64url.slice(1)]) assert.equal(signatureMatches(mac, s), false, s);
    assert.equal(decodeSignature('!'.repeat(43)), undefined);
  });

  it('the secret decodes from either base64 alphabet', () => {
    assert.deepEqual(decodeSecret('-_-_'), Buffer.from('+/+/', 'base64'));
    assert.equal(decodeSecret(VECTOR.secret).length, 32);
  });
});

describe('credentials', () => {
  const master = Buffer.alloc(32, 7);
  const addr = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

  it('have the real shapes', () => {
    const c = deriveCredentials(master, addr, '0', 0);
    assert.match(c.apiKey, UUID_SHAPE);
    assert.match(c.passphrase, /^[0-9a-f]{64}$/);
    assert.match(c.secret, /^[A-Za-z0-9_-]{43}=$/);
    assert.equal(Buffer.from(c.secret, 'base64url').length, 32);
  });

  it('are deterministic per (master, address, nonce, generation) and differ otherwise', () => {
    const a = deriveCredentials(master, addr, '0', 0);
    assert.deepEqual(deriveCredentials(master, addr, '0', 0), a);
    for (const other of [
      deriveCredentials(master, addr, '1', 0),
      deriveCredentials(master, addr, '0', 1),
      deriveCredentials(Buffer.alloc(32, 8), addr, '0', 0),
    ]) {
      assert.notEqual(other.apiKey, a.apiKey);
      assert.notEqual(other.secret, a.secret);
      assert.notEqual(other.passphrase, a.passphrase);
    }
  });
});
