/**
 * Token ids on the streams' wire, in one place: today `<condition_id>:<0|1>` as everywhere else
 * (runtime.md); when numeric (Polymarket) token ids arrive (compat.md §10), this is the file to
 * change for the streams — subscriptions, events and the hub's index all go through it.
 */
import { tokenId } from '../ledger/types.js';
import { parseToken } from '../marketdata/tokens.js';

/** The wire id of a market's token `outcome`. */
export function wireAssetId(conditionId: string, outcome: 0 | 1): string {
  return tokenId(conditionId, outcome);
}

/** Both wire token ids of a market, outcome 0 first. */
export function wireAssetIds(conditionId: string): [string, string] {
  return [wireAssetId(conditionId, 0), wireAssetId(conditionId, 1)];
}

/** A subscribed id's market and outcome, or null when it is not a token id. */
export function parseAssetId(text: string): { conditionId: string; outcome: 0 | 1; assetId: string } | null {
  try {
    const t = parseToken(text);
    return { conditionId: t.conditionId, outcome: t.outcome, assetId: t.tokenId };
  } catch {
    return null;
  }
}
