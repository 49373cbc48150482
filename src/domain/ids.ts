/**
 * Identifier shapes: condition ids, order ids and settlement ids are `0x` + 64 lowercase hex;
 * a token id is the Conditional Tokens position id, a uint256 as a decimal string (derived once
 * when a market is created: src/domain/ctf-ids.ts; an imported market keeps its source's ids),
 * and `<condition_id>:<outcome_index>` is accepted on input as an alias of it, never emitted;
 * API keys and heartbeat ids are UUID-shaped. Random bytes come from an injectable source so that
 * seeded generators (the demo data set) are reproducible.
 */
import { randomBytes } from 'node:crypto';

export type RandomBytes = (n: number) => Uint8Array;

export const HEX32 = /^0x[0-9a-f]{64}$/;
/** The input alias of a token id: `<condition_id>:<outcome_index>` (hex in any case). */
export const TOKEN_ALIAS = /^(0x[0-9a-fA-F]{64}):(0|1)$/;
/** A token id: a uint256 as a decimal string (at most 78 digits; range checked by `isTokenId`). */
const DECIMAL = /^[0-9]{1,78}$/;
const UINT256_MAX = (1n << 256n) - 1n;

export function hex32(rand: RandomBytes = randomBytes): string {
  return `0x${Buffer.from(rand(32)).toString('hex')}`;
}

/** Whether `text` has the shape of a token id: a decimal uint256 (no sign, no exponent). */
export function isTokenId(text: string): boolean {
  return DECIMAL.test(text) && (text.length < 78 || BigInt(text) <= UINT256_MAX);
}

/** A token id in its one spelling (no leading zeros), or undefined when it is not one. */
export function canonicalTokenId(text: string): string | undefined {
  if (!isTokenId(text)) return undefined;
  return text.length > 1 && text.charCodeAt(0) === 48 ? BigInt(text).toString(10) : text;
}

/** The market and outcome an alias `<condition_id>:<index>` names (condition id lower-cased). */
export function parseTokenAlias(text: string): { conditionId: string; outcome: 0 | 1 } | undefined {
  const m = TOKEN_ALIAS.exec(text);
  return m ? { conditionId: m[1]!.toLowerCase(), outcome: m[2] === '0' ? 0 : 1 } : undefined;
}

export function isConditionId(s: string): boolean {
  return HEX32.test(s);
}

/** Where token ids are looked up: the exchange's core holds every market with a book. */
export interface TokenDirectory {
  token(tokenId: string): { conditionId: string; outcome: 0 | 1 } | undefined;
  tokenIds(conditionId: string): readonly [string, string] | undefined;
}

/** A token id resolved to its market: `tokenId` is the one spelling, whatever form was given. */
export interface TokenRef {
  tokenId: string;
  conditionId: string;
  outcome: 0 | 1;
}

/**
 * A token id as a client may send it — the position id (leading zeros allowed) or the alias
 * `<condition_id>:<index>` — resolved against `dir`; undefined when no market of it has a book.
 */
export function resolveToken(dir: TokenDirectory, text: string): TokenRef | undefined {
  const canonical = canonicalTokenId(text);
  if (canonical !== undefined) {
    const t = dir.token(canonical);
    return t && { tokenId: canonical, conditionId: t.conditionId, outcome: t.outcome };
  }
  const alias = parseTokenAlias(text);
  const ids = alias && dir.tokenIds(alias.conditionId);
  return ids && { tokenId: ids[alias!.outcome], conditionId: alias!.conditionId, outcome: alias!.outcome };
}

/** The token id to look rows up by: `text` resolved (either form), or `text` itself when no market has it (it matches nothing). */
export function tokenKey(dir: TokenDirectory, text: string): string;
export function tokenKey(dir: TokenDirectory, text: string | undefined): string | undefined;
export function tokenKey(dir: TokenDirectory, text: string | undefined): string | undefined {
  return text === undefined ? undefined : (resolveToken(dir, text)?.tokenId ?? text);
}
