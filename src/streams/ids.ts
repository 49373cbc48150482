/**
 * Token ids on the streams' wire: a subscribed id in either accepted form (the position id, or
 * the alias `<condition_id>:<index>`) resolved to the one token id and its market. The wire's
 * `asset_id`s are the markets' stored token ids (MarketInfo.tokenIds).
 */
import { resolveToken, type TokenDirectory } from '../domain/ids.js';

/** A subscribed id's market, outcome and token id, or null when no market with a book has it. */
export function parseAssetId(dir: TokenDirectory, text: string): { conditionId: string; outcome: 0 | 1; assetId: string } | null {
  if (typeof text !== 'string' || text.length > 100) return null;
  const t = resolveToken(dir, text);
  return t === undefined ? null : { conditionId: t.conditionId, outcome: t.outcome, assetId: t.tokenId };
}
