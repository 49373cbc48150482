/**
 * Token ids for benchmarks that drive the pure core directly: uint256 decimals of a position id's
 * length (77–78 digits), made with one hash each (deriving real position ids costs ~0.3 ms an id:
 * src/domain/ctf-ids.ts). The core treats a token id as an opaque string; the length is what costs.
 */
import { createHash } from 'node:crypto';

export function benchTokenIds(conditionId: string): [string, string] {
  const id = (o: number) => BigInt(`0x${createHash('sha256').update(`${conditionId}:${o}`).digest('hex')}`).toString(10);
  return [id(0), id(1)];
}
