/**
 * The signed-order digest and signer check used on the order path (src/trading/signed/hashing.ts
 * and ecdsa.ts) against viem's generic EIP-712 `hashTypedData` and `recoverAddress`, for random
 * V1 and V2 orders, both domains, and signatures by the signer and by someone else (fast-check).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { hashTypedData, keccak256, recoverAddress, toHex, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { orderDigest } from '../../src/trading/signed/hashing.js';
import { Signers } from '../../src/trading/signed/ecdsa.js';
import { loadRecovery } from '../../src/trading/signed/secp256k1.js';
import { domainOf, messageOf, typesOf, type OrderVersion, type PostedOrder } from '../../src/trading/signed/typed-data.js';

const CONTRACTS = ['0x4bFb41d5B3570DeFd03C39a9A4D8dE6Bd8B8982E', '0xC5d563A36AE78145C45a50134d48A1215220f80a', '0xE111180000d2663C0091e4f400237545B87B996B'];
const signer = privateKeyToAccount(generatePrivateKey());
const other = privateKeyToAccount(generatePrivateKey());
const signers = new Signers(loadRecovery(true));
const checkSigner = signers.checkSigner.bind(signers);

const uint = (max: bigint) => fc.bigInt({ min: 0n, max }).map(String);
const order = fc.record({
  salt: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), tokenId: uint(2n ** 256n - 1n),
  makerAmount: uint(2n ** 53n), takerAmount: uint(2n ** 53n), side: fc.constantFrom('BUY' as const, 'SELL' as const),
  expiration: uint(2n ** 40n), feeRateBps: uint(10_000n), signatureType: fc.constantFrom(0, 1, 2),
  timestamp: uint(2n ** 50n), metadata: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => toHex(b)),
});

describe('signed-order digest and signer check', () => {
  it('agree with viem for random orders, versions, domains and signers', async () => {
    await fc.assert(fc.asyncProperty(order, fc.constantFrom(1, 2) as fc.Arbitrary<OrderVersion>, fc.constantFrom(...CONTRACTS), fc.constantFrom(137, 80002), fc.boolean(),
      async (o, version, contract, chainId, bySigner) => {
        const posted: PostedOrder = { ...o, maker: signer.address, signer: signer.address, nonce: '0' };
        const message = messageOf(posted, version, BigInt(o.tokenId));
        const typed = { domain: domainOf(version, chainId, contract), types: typesOf(version), primaryType: 'Order', message } as Parameters<typeof hashTypedData>[0];
        const digest = orderDigest(version, chainId, contract, message);
        assert.equal(digest, hashTypedData(typed));
        const sig = await (bySigner ? signer : other).signTypedData(typed as never) as Hex;
        const recovered = await recoverAddress({ hash: digest, signature: sig });
        const checked = checkSigner(signer.address, digest, sig);
        assert.equal(checked.ok, recovered === signer.address);
        if (!checked.ok) assert.equal(checked.recovered, recovered);
      }), { numRuns: 40 });
  });

  it('refuses the high-s twin of a valid signature (malleability), as the exchange contracts do', async () => {
    const digest = keccak256(toHex('a signed order'));
    const sig = await signer.sign({ hash: digest });
    assert.deepEqual(checkSigner(signer.address, digest, sig), { ok: true });
    const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const s = BigInt(`0x${sig.slice(66, 130)}`);
    const v = parseInt(sig.slice(130, 132), 16);
    const twin = `${sig.slice(0, 66)}${(N - s).toString(16).padStart(64, '0')}${(v === 27 ? 28 : 27).toString(16)}` as Hex;
    assert.equal((await recoverAddress({ hash: digest, signature: twin })).toLowerCase(), signer.address.toLowerCase(), 'the twin recovers the same signer');
    assert.equal(checkSigner(signer.address, digest, twin).ok, false);
  });
});
