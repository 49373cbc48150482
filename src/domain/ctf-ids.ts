/**
 * Conditional Tokens position ids (docs/venue.md §10), computed exactly as the ConditionalTokens
 * contract's CTHelpers do, with viem's keccak256/encodePacked and @noble/curves' alt_bn128 field:
 *
 *   collectionId = getCollectionId(0x0, conditionId, indexSet)
 *     x = uint(keccak256(abi.encodePacked(conditionId, indexSet)))   (indexSet as uint256)
 *     odd = x >> 255 != 0
 *     do { x = (x + 1) mod P; yy = x³ + 3 mod P; y = sqrt(yy) } while (y² != yy)
 *     (the sign of y is chosen from `odd`; with a zero parent only its parity matters:)
 *     if y is odd (after the sign choice) set bit 254 of x → collectionId = x
 *   positionId = uint256(keccak256(abi.encodePacked(address collateral, bytes32 collectionId)))
 *
 * The parent collection is always zero here (a market's outcome tokens are direct positions).
 * indexSet 1 is outcome 0, 2 is outcome 1. Pure functions: a market's ids are derived once, when it
 * is created, and stored with it (markets.token_id_0/1, tokens).
 */
import { bn254 } from '@noble/curves/bn254';
import { encodePacked, keccak256, type Hex } from 'viem';

const Fp = bn254.fields.Fp;
const P = Fp.ORDER;
const B = 3n;

/** CTHelpers.getCollectionId with a zero parent collection. */
export function collectionId(conditionId: Hex, indexSet: bigint): Hex {
  let x = BigInt(keccak256(encodePacked(['bytes32', 'uint256'], [conditionId, indexSet])));
  const odd = x >> 255n !== 0n;
  let y: bigint;
  for (;;) {
    x = (x + 1n) % P;
    const yy = Fp.add(Fp.mul(x, Fp.mul(x, x)), B);
    let root: bigint | undefined;
    try { root = Fp.sqrt(yy); } catch { root = undefined; } // no square root: try the next x
    if (root !== undefined && Fp.mul(root, root) === yy) { y = root; break; }
  }
  // The contract picks the root whose parity matches `odd`, then flags an odd y in bit 254.
  if ((odd && y % 2n === 0n) || (!odd && y % 2n === 1n)) y = P - y;
  if (y % 2n === 1n) x ^= 1n << 254n;
  return `0x${x.toString(16).padStart(64, '0')}`;
}

/** The ERC-1155 position id of `outcomeIndex` (0 or 1) of a binary condition, as a decimal string. */
export function positionId(collateral: Hex, conditionId: Hex, outcomeIndex: number): string {
  const coll = collectionId(conditionId, 1n << BigInt(outcomeIndex));
  return BigInt(keccak256(encodePacked(['address', 'bytes32'], [collateral, coll]))).toString(10);
}

/** The collateral addresses of the position-id formula (SIBYL_COLLATERAL_ADDRESS, SIBYL_NEG_RISK_COLLATERAL_ADDRESS). */
export interface Collateral {
  collateral: string;
  negRiskCollateral: string;
}

/** Polygon's USDC.e, and the NegRiskAdapter's wrapped collateral: the venue's own (compat: the defaults). */
export const POLYGON_COLLATERAL: Collateral = {
  collateral: '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174',
  negRiskCollateral: '0x3A3BD7bb9528E159577F7C2e685CC81A765002E2',
};

/** A market's two token ids: the position ids of its outcomes (a neg-risk market's use the wrapped collateral). */
export function marketTokenIds(conditionId: string, negRisk: boolean, c: Collateral = POLYGON_COLLATERAL): [string, string] {
  const coll = (negRisk ? c.negRiskCollateral : c.collateral) as Hex;
  const cid = conditionId.toLowerCase() as Hex;
  return [positionId(coll, cid, 0), positionId(coll, cid, 1)];
}
