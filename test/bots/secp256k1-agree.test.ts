/**
 * libsecp256k1 (the `secp256k1` package's binding) and @noble/curves give the same verdict on
 * every signed order of a corpus (fast-check): valid, high-s twin, `v` flipped between 27 and 28,
 * `v` 0/1/29/other, too short, too long, non-hex, another signer; signature types 0, 1 and 2; V1
 * and V2; plain and neg-risk domains. Each backend keeps its own signer-key cache across the
 * runs, so flipped-`v` signatures are also judged after the signer's key is cached (the exchange
 * contract recovers with `v`, and refuses the flipped one). viem's `recoverAddress` is the truth
 * for what a well-formed signature recovers.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { recoverAddress, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { Signers } from '../../src/trading/signed/ecdsa.js';
import { jsRecovery, loadRecovery } from '../../src/trading/signed/secp256k1.js';
import { verifySignedOrder, contractOf } from '../../src/trading/signed/verify.js';
import { domainOf, messageOf, typesOf, type OrderVersion, type PostedOrder } from '../../src/trading/signed/typed-data.js';
import { orderDigest } from '../../src/trading/signed/hashing.js';
import { botsConfig } from '../../src/config/bots.js';

const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const bots = botsConfig({}, 137);
const wallets = [privateKeyToAccount(generatePrivateKey()), privateKeyToAccount(generatePrivateKey())];
const MUTATIONS = ['valid', 'high-s', 'flip-v', 'v-0', 'v-1', 'v-29', 'v-ff', 'short', 'long', 'non-hex', 'other-signer', 'other-digest'] as const;
type Mutation = typeof MUTATIONS[number];

function mutate(sig: Hex, m: Mutation, otherSig: Hex): string {
  const v = parseInt(sig.slice(130, 132), 16);
  const withV = (x: number) => `${sig.slice(0, 130)}${x.toString(16).padStart(2, '0')}`;
  switch (m) {
    case 'valid': return sig;
    case 'high-s': {
      const s = BigInt(`0x${sig.slice(66, 130)}`);
      return `${sig.slice(0, 66)}${(N - s).toString(16).padStart(64, '0')}${(v === 27 ? 28 : 27).toString(16)}`;
    }
    case 'flip-v': return withV(v === 27 ? 28 : 27);
    case 'v-0': return withV(v - 27);
    case 'v-1': return withV(1 - (v - 27));
    case 'v-29': return withV(29);
    case 'v-ff': return withV(255);
    case 'short': return sig.slice(0, 128);
    case 'long': return `${sig}00`;
    case 'non-hex': return `${sig.slice(0, 40)}zz${sig.slice(42)}`;
    case 'other-signer': return otherSig;
    case 'other-digest': return `${sig.slice(0, 2)}${(BigInt(`0x${sig.slice(2, 66)}`) ^ 1n).toString(16).padStart(64, '0')}${sig.slice(66)}`;
  }
}

const uint = (max: bigint) => fc.bigInt({ min: 1n, max }).map(String);
const order = fc.record({
  salt: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), tokenId: uint(2n ** 256n - 1n),
  makerAmount: uint(2n ** 40n), takerAmount: uint(2n ** 40n), side: fc.constantFrom('BUY' as const, 'SELL' as const),
  expiration: uint(2n ** 40n), signatureType: fc.constantFrom(0, 1, 2), timestamp: uint(2n ** 50n),
});

describe('secp256k1: native and JavaScript agree', () => {
  const native = new Signers(loadRecovery(true));
  const js = new Signers(jsRecovery('test'));

  it('the binding loads here (the package ships linux-x64 binaries), and the setting disables it', () => {
    assert.equal(native.recovery.backend, 'native', String(native.recovery.fallbackReason));
    const off = loadRecovery(false);
    assert.equal(off.backend, 'js');
    assert.match(String(off.fallbackReason), /SIBYL_NATIVE_SECP256K1=0/);
  });

  it('same verdict on a corpus of signed orders: every mutation, signature type, version and domain', async () => {
    const seen = new Set<string>();
    await fc.assert(fc.asyncProperty(order, fc.constantFrom(1, 2) as fc.Arbitrary<OrderVersion>, fc.boolean(), fc.constantFrom(...MUTATIONS), fc.integer({ min: 0, max: 1 }),
      async (o, version, negRisk, m, who) => {
        const signer = wallets[who]!;
        const { timestamp, ...v1 } = o;
        const posted: PostedOrder = version === 2 ? { ...o, maker: signer.address, signer: signer.address }
          : { ...v1, maker: signer.address, signer: signer.address, taker: '0x0000000000000000000000000000000000000000', nonce: '0', feeRateBps: '0' };
        const message = messageOf(posted, version, BigInt(o.tokenId));
        const domain = domainOf(version, 137, contractOf(bots, version, negRisk));
        const typed = { domain, types: typesOf(version), primaryType: 'Order', message } as never;
        const sig = await signer.signTypedData(typed) as Hex;
        const otherSig = await wallets[1 - who]!.signTypedData(typed) as Hex;
        const signature = mutate(sig, m, otherSig);
        const facts = { positionId: BigInt(o.tokenId), negRisk, takerFeeBps: 0 };
        const ctx = (signers: Signers) => ({ chainId: 137, bots, isLinked: () => true, signers });
        const a = verifySignedOrder({ ...posted, signature }, signer.address, facts, ctx(native));
        const b = verifySignedOrder({ ...posted, signature }, signer.address, facts, ctx(js));
        assert.deepEqual(a, b, `${m} V${version}${negRisk ? ' neg-risk' : ''}`);
        const accepted = !('code' in a);
        assert.equal(accepted, m === 'valid', `${m}: ${JSON.stringify(a)}`);
        const digest = orderDigest(version, 137, domain.verifyingContract as string, message);
        if (/^0x[0-9a-fA-F]{130}$/.test(signature) && ['valid', 'flip-v', 'other-signer', 'other-digest'].includes(m)) {
          let truth: string | null = null;
          try { truth = await recoverAddress({ hash: digest, signature: signature as Hex }); } catch { truth = null; }
          assert.equal(native.recoverSigner(digest, signature)?.address ?? null, truth, m);
          assert.equal(js.recoverSigner(digest, signature)?.address ?? null, truth, m);
        }
        seen.add(`${m}/${o.signatureType}/${version}/${negRisk}`);
      }), { numRuns: 300 });
    assert.ok(seen.size > 100, `the corpus covered ${seen.size} combinations`);
  });

  it('a flipped v is refused after the signer key is cached (both backends), and names who it recovers', async () => {
    for (const signers of [native, js]) {
      const s = wallets[0]!;
      const digest = `0x${'ab'.repeat(32)}` as Hex;
      const sig = await s.sign({ hash: digest });
      assert.deepEqual(signers.checkSigner(s.address, digest, sig), { ok: true });
      assert.deepEqual(signers.checkSigner(s.address, digest, sig), { ok: true }, 'again, from the cached key');
      const v = parseInt(sig.slice(130), 16);
      const flipped = `${sig.slice(0, 130)}${(v === 27 ? 28 : 27).toString(16)}`;
      const r = signers.checkSigner(s.address, digest, flipped);
      assert.equal(r.ok, false, signers.recovery.backend);
      if (!r.ok && r.recovered !== null) assert.notEqual(r.recovered.toLowerCase(), s.address.toLowerCase());
    }
  });
});
