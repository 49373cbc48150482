/**
 * Neg-risk ids as the NegRiskAdapter derives them (docs/venue.md §11, docs/neg-risk.md), pure:
 *
 * - `negRiskMarketID = keccak256(abi.encode(address oracle, uint256 feeBips, bytes metadata))`
 *   with its last byte zeroed (room for ≤ 256 questions);
 * - `questionID = negRiskMarketID + index` (the index in the last byte);
 * - `conditionId = keccak256(abi.encodePacked(address oracle, bytes32 questionID, uint256 2))`,
 *   ConditionalTokens' getConditionId with the adapter as oracle and two outcome slots;
 * - `negRiskRequestID = keccak256(abi.encode(bytes32 questionID, address adapter))`: a separate
 *   per-question id (on the real venue the resolver's request id; Sibyl's own formula).
 *
 * Sibyl's metadata is the event's slug as UTF-8 bytes (unique in the catalog, so two events
 * never share a market id). The conversion fee maths lives here too: integer, floor.
 */
import { encodeAbiParameters, encodePacked, getAddress, keccak256, toHex, type Hex } from 'viem';

/** The real NegRiskAdapter on Polygon: the default oracle of neg-risk condition ids. */
export const DEFAULT_NEG_RISK_ADAPTER = '0xd91E80cF2E7be2e162c6513ceD06f1dD0dA35296';

/** The wallet that receives conversion fees (collateral and YES tokens), like the adapter's vault. */
export const NEG_RISK_VAULT = getAddress('0x000000000000000000000000000000000000fee5');

/** Most questions a neg-risk market holds: the index lives in the id's last byte. */
export const MAX_NEG_RISK_QUESTIONS = 256;

/** Conversion fee: at most 10 000 bps (the adapter's `feeBips` ≤ 10 000). */
export const MAX_NEG_RISK_FEE_BIPS = 10_000;

export function negRiskMarketId(oracle: string, feeBips: number, metadata: string): string {
  const h = keccak256(encodeAbiParameters(
    [{ type: 'address' }, { type: 'uint256' }, { type: 'bytes' }],
    [getAddress(oracle), BigInt(feeBips), toHex(new TextEncoder().encode(metadata))],
  ));
  return `${h.slice(0, 64)}00`;
}

export function questionId(marketId: string, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= MAX_NEG_RISK_QUESTIONS) throw new RangeError(`question index ${index} out of range`);
  return `${marketId.slice(0, 64)}${index.toString(16).padStart(2, '0')}`;
}

export function conditionIdOf(oracle: string, questionID: string, outcomeSlotCount = 2): string {
  return keccak256(encodePacked(['address', 'bytes32', 'uint256'], [getAddress(oracle), questionID as Hex, BigInt(outcomeSlotCount)]));
}

export function negRiskRequestId(questionID: string, adapter: string): string {
  return keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'address' }], [questionID as Hex, getAddress(adapter)]));
}

/** Every id of question `index` of the neg-risk market `marketId`. */
export function negRiskQuestionIds(adapter: string, marketId: string, index: number): { questionId: string; conditionId: string; requestId: string } {
  const q = questionId(marketId, index);
  return { questionId: q, conditionId: conditionIdOf(adapter, q), requestId: negRiskRequestId(q, adapter) };
}

export function isAddress(text: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(text);
}
