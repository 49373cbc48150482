/**
 * Wallet addresses: validated on input, EIP-55 checksummed on output (docs/venue.md §14). viem does
 * the keccak-based checksum; nothing here hand-rolls it.
 */
import { getAddress, isAddress } from 'viem';

/** The checksummed form of a 0x-prefixed 20-byte address in any case, or undefined. */
export function checksumAddress(input: string): string | undefined {
  if (typeof input !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(input)) return undefined;
  if (!isAddress(input, { strict: false })) return undefined;
  return getAddress(input);
}
