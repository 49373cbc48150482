/**
 * Identifier shapes fixed by runtime.md: condition ids, order ids and settlement ids are
 * `0x` + 64 lowercase hex; token ids are `<condition_id>:<outcome_index>`; API keys and
 * heartbeat ids are UUID-shaped. Random bytes come from an injectable source so that seeded
 * generators (the demo data set) are reproducible.
 */
import { randomBytes } from 'node:crypto';

export type RandomBytes = (n: number) => Uint8Array;

export const HEX32 = /^0x[0-9a-f]{64}$/;
export const TOKEN_ID = /^(0x[0-9a-f]{64}):(0|1)$/;

export function hex32(rand: RandomBytes = randomBytes): string {
  return `0x${Buffer.from(rand(32)).toString('hex')}`;
}

export function tokenId(conditionId: string, outcomeIndex: number): string {
  return `${conditionId}:${outcomeIndex}`;
}

export function parseTokenId(id: string): { conditionId: string; outcomeIndex: 0 | 1 } | undefined {
  const m = TOKEN_ID.exec(id);
  return m ? { conditionId: m[1]!, outcomeIndex: Number(m[2]) as 0 | 1 } : undefined;
}

export function isConditionId(s: string): boolean {
  return HEX32.test(s);
}
