/**
 * The Conditional Tokens position id (src/domain/ctf-ids.ts, docs/venue.md §10): the real market's
 * two clobTokenIds reproduce, and for any condition id, outcome and collateral the function agrees
 * with an independent computation written here from the contract's description — plain BigInt
 * modular exponentiation for the square root (P ≡ 3 mod 4), the resulting point checked to lie on
 * alt_bn128 by @noble/curves, the hashes by viem's encodePacked/keccak256 (fast-check property).
 * Also the resolver: a token id in either form (the position id, the `<condition_id>:<index>`
 * alias) names one market's outcome.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { bn254 } from '@noble/curves/bn254';
import { encodePacked, getAddress, keccak256, toHex, type Hex } from 'viem';
import { collectionId, marketTokenIds, positionId } from '../../src/domain/ctf-ids.js';
import { canonicalTokenId, isTokenId, resolveToken, type TokenDirectory } from '../../src/domain/ids.js';

const USDC_E = '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174';
const WRAPPED = '0x3A3BD7bb9528E159577F7C2e685CC81A765002E2';
const P = 0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47n; // alt_bn128 field modulus (the contract's P, EIP-196)

function modPow(b: bigint, e: bigint, m: bigint): bigint {
  let r = 1n;
  b %= m;
  for (; e > 0n; e >>= 1n, b = (b * b) % m) if (e & 1n) r = (r * b) % m;
  return r;
}

/** getCollectionId(0, conditionId, indexSet) and getPositionId, transcribed independently. */
function independent(collateral: Hex, conditionId: Hex, outcome: number): string {
  let x = BigInt(keccak256(encodePacked(['bytes32', 'uint256'], [conditionId, BigInt(1 << outcome)])));
  const odd = x >> 255n !== 0n;
  let y = 0n;
  let yy = 0n;
  do {
    x = (x + 1n) % P;
    yy = (x * x % P * x + 3n) % P;
    y = modPow(yy, (P + 1n) / 4n, P);
  } while ((y * y) % P !== yy);
  if ((odd && y % 2n === 0n) || (!odd && y % 2n === 1n)) y = P - y;
  bn254.G1.ProjectivePoint.fromAffine({ x, y }).assertValidity(); // (x, y) is a point of alt_bn128
  if (y % 2n === 1n) x ^= 1n << 254n;
  const coll = toHex(x, { size: 32 });
  return BigInt(keccak256(encodePacked(['address', 'bytes32'], [collateral, coll]))).toString();
}

describe('CTF position ids', () => {
  it('reproduce the real market of docs/venue.md §10', () => {
    const cid = '0x2e6af11e4b853b05ba7135239b21d77e808889b6ce1e735de856c94c4e5b5fce';
    assert.equal(positionId(USDC_E, cid, 0), '8851848546962572193739008211889046036776198486765606333032192644001246174440');
    assert.equal(positionId(USDC_E, cid, 1), '10181859819235412241349111952383458602722012323104397550162049365057126390549');
    assert.equal(independent(USDC_E, cid, 0), positionId(USDC_E, cid, 0), 'the independent transcription agrees on the vector');
  });

  it('agree with the independent computation for any condition, outcome and collateral', () => {
    fc.assert(fc.property(
      fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.constantFrom(0, 1), fc.uint8Array({ minLength: 20, maxLength: 20 }),
      (cidBytes, outcome, addrBytes) => {
        const cid = toHex(cidBytes);
        const collateral = getAddress(toHex(addrBytes));
        const id = positionId(collateral, cid, outcome);
        assert.equal(id, independent(collateral, cid, outcome));
        assert.ok(BigInt(id) < 2n ** 256n);
        assert.equal(BigInt(collectionId(cid, BigInt(1 << outcome))) >> 255n, 0n, 'a collection id never sets bit 255');
        assert.notEqual(id, positionId(collateral, cid, 1 - outcome));
      },
    ), { numRuns: 200 });
  });

  it('the resolver: the position id or its alias in, the one token id out; neg-risk markets on the wrapped collateral', () => {
    const cid = '0x2e6af11e4b853b05ba7135239b21d77e808889b6ce1e735de856c94c4e5b5fce';
    const yes = '8851848546962572193739008211889046036776198486765606333032192644001246174440';
    const ids = marketTokenIds(cid, false);
    assert.equal(ids[0], yes);
    const dir: TokenDirectory = {
      token: (t) => (t === ids[0] ? { conditionId: cid, outcome: 0 } : t === ids[1] ? { conditionId: cid, outcome: 1 } : undefined),
      tokenIds: (c) => (c === cid ? ids : undefined),
    };
    assert.deepEqual(resolveToken(dir, yes), { tokenId: yes, conditionId: cid, outcome: 0 });
    assert.deepEqual(resolveToken(dir, `00${yes}`), { tokenId: yes, conditionId: cid, outcome: 0 }, 'leading zeros name the same id');
    assert.deepEqual(resolveToken(dir, `${cid.toUpperCase().replace('0X', '0x')}:1`), { tokenId: ids[1], conditionId: cid, outcome: 1 });
    assert.equal(resolveToken(dir, '123'), undefined, 'a well-formed id of no market');
    assert.equal(resolveToken(dir, `${cid}:2`), undefined);
    assert.equal(isTokenId((2n ** 256n).toString()), false, 'past uint256');
    assert.equal(isTokenId((2n ** 256n - 1n).toString()), true);
    assert.equal(canonicalTokenId('1e5'), undefined);
    const nr = marketTokenIds(cid, true);
    assert.equal(nr[0], positionId(WRAPPED, cid, 0));
    assert.notEqual(nr[0], yes, 'the USDC.e id is not a neg-risk market’s');
  });
});
