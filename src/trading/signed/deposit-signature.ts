/**
 * The signature of a type-3 (deposit wallet) order, as `@polymarket/client` makes it and the
 * wallet contract checks it (ERC-1271 with ERC-7739 nested typed data, docs/venue.md §10). The
 * owner's key does not sign the order's own digest: it signs a `TypedDataSign` struct that wraps
 * the order (`contents`) together with the wallet's own EIP-712 domain fields (name
 * "DepositWallet", version "1", the chain, the wallet's address, salt 0), under the exchange's
 * domain separator. The posted signature is that 65-byte ECDSA signature followed by what the
 * wallet needs to rebuild the digest:
 *
 *   r ‖ s ‖ v (65) ‖ exchange domain separator (32) ‖ order struct hash (32) ‖ contents type (n) ‖ n (uint16)
 *
 * The wallet accepts it when keccak(0x1901 ‖ separator ‖ struct hash) is the order digest the
 * exchange asks about, and the ECDSA signature over the `TypedDataSign` digest recovers its owner.
 */
import { concatHex, encodeAbiParameters, keccak256, toHex, type Hex } from 'viem';
import { V2_TYPE } from './hashing.js';

export const WALLET_DOMAIN_NAME = 'DepositWallet';
export const WALLET_DOMAIN_VERSION = '1';
const TYPED_DATA_SIGN_HASH = keccak256(toHex(`TypedDataSign(Order contents,string name,string version,uint256 chainId,address verifyingContract,bytes32 salt)${V2_TYPE}`));
const NAME_HASH = keccak256(toHex(WALLET_DOMAIN_NAME));
const VERSION_HASH = keccak256(toHex(WALLET_DOMAIN_VERSION));
const ZERO32: Hex = `0x${'0'.repeat(64)}`;

export interface WrappedSignature {
  /** The owner's 65-byte ECDSA signature (0x + 130 hex digits). */
  ecdsa: Hex;
  /** The app (exchange) domain separator the owner signed under. */
  separator: Hex;
  /** The struct hash of the order the owner signed. */
  contents: Hex;
  /** The EIP-712 type string of the contents. */
  contentsType: string;
}

/** Splits a posted type-3 signature into its parts; null when its layout is not the one above. */
export function unwrapSignature(signature: string): WrappedSignature | null {
  if (!/^0x([0-9a-fA-F]{2})+$/.test(signature)) return null;
  const hex = signature.slice(2);
  const bytes = hex.length / 2;
  if (bytes < 65 + 64 + 2) return null;
  const n = parseInt(hex.slice(-4), 16);
  if (bytes !== 65 + 64 + n + 2) return null;
  const typeHex = hex.slice(258, 258 + 2 * n);
  return {
    ecdsa: `0x${hex.slice(0, 130)}`,
    separator: `0x${hex.slice(130, 194)}`,
    contents: `0x${hex.slice(194, 258)}`,
    contentsType: Buffer.from(typeHex, 'hex').toString('latin1'),
  };
}

/** The digest the owner signs for `wallet`: the TypedDataSign struct under the exchange domain `separator`. */
export function walletDigest(separator: Hex, contents: Hex, chainId: number, wallet: string): Hex {
  const struct = keccak256(encodeAbiParameters(
    [{ type: 'bytes32' }, { type: 'bytes32' }, { type: 'bytes32' }, { type: 'bytes32' }, { type: 'uint256' }, { type: 'address' }, { type: 'bytes32' }],
    [TYPED_DATA_SIGN_HASH, contents, NAME_HASH, VERSION_HASH, BigInt(chainId), wallet as Hex, ZERO32],
  ));
  return keccak256(concatHex(['0x1901', separator, struct]));
}
