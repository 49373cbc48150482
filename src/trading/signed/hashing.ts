/**
 * The EIP-712 digest of a signed order, computed as the exchange contract does — keccak256 of
 * 0x1901 ‖ domainSeparator ‖ structHash — with the domain separators and type hashes computed
 * once (the clients' own V2 builder does the same), so an order costs one ABI encoding and two
 * keccaks. Equal to viem's `hashTypedData` for the same data (test/bots/signed-hash.test.ts).
 */
import { concatHex, encodeAbiParameters, keccak256, toHex, type Hex } from 'viem';
import { DOMAIN_NAME, type OrderVersion } from './typed-data.js';

const DOMAIN_TYPE_HASH = keccak256(toHex('EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)'));
const NAME_HASH = keccak256(toHex(DOMAIN_NAME));
const V1_TYPE = 'Order(uint256 salt,address maker,address signer,address taker,uint256 tokenId,uint256 makerAmount,uint256 takerAmount,uint256 expiration,uint256 nonce,uint256 feeRateBps,uint8 side,uint8 signatureType)';
export const V2_TYPE = 'Order(uint256 salt,address maker,address signer,uint256 tokenId,uint256 makerAmount,uint256 takerAmount,uint8 side,uint8 signatureType,uint256 timestamp,bytes32 metadata,bytes32 builder)';
const TYPE_HASH: Record<OrderVersion, Hex> = { 1: keccak256(toHex(V1_TYPE)), 2: keccak256(toHex(V2_TYPE)) };

const V1_ABI = ['bytes32', 'uint256', 'address', 'address', 'address', 'uint256', 'uint256', 'uint256', 'uint256', 'uint256', 'uint256', 'uint8', 'uint8'].map((type) => ({ type }));
const V2_ABI = ['bytes32', 'uint256', 'address', 'address', 'uint256', 'uint256', 'uint256', 'uint8', 'uint8', 'uint256', 'bytes32', 'bytes32'].map((type) => ({ type }));

const separators = new Map<string, Hex>();

export function domainSeparator(version: OrderVersion | 3, chainId: number, contract: string): Hex {
  const key = `${version}/${chainId}/${contract.toLowerCase()}`;
  let sep = separators.get(key);
  if (sep === undefined) {
    sep = keccak256(encodeAbiParameters(
      [{ type: 'bytes32' }, { type: 'bytes32' }, { type: 'bytes32' }, { type: 'uint256' }, { type: 'address' }],
      [DOMAIN_TYPE_HASH, NAME_HASH, keccak256(toHex(String(version))), BigInt(chainId), contract as Hex],
    ));
    separators.set(key, sep);
  }
  return sep;
}

/** The struct hash of an order message (messageOf in typed-data.ts). */
export function structHash(version: OrderVersion, m: Record<string, unknown>): Hex {
  if (version === 1) {
    return keccak256(encodeAbiParameters(V1_ABI, [TYPE_HASH[1], m.salt, m.maker, m.signer, m.taker, m.tokenId, m.makerAmount, m.takerAmount, m.expiration, m.nonce, m.feeRateBps, m.side, m.signatureType]));
  }
  return keccak256(encodeAbiParameters(V2_ABI, [TYPE_HASH[2], m.salt, m.maker, m.signer, m.tokenId, m.makerAmount, m.takerAmount, m.side, m.signatureType, m.timestamp, m.metadata, m.builder]));
}

/** `domainVersion` 3: clob-client-v2's exchange V3 domain over the V2 struct (refused, but recognised). */
export function orderDigest(version: OrderVersion, chainId: number, contract: string, m: Record<string, unknown>, domainVersion: OrderVersion | 3 = version): Hex {
  return keccak256(concatHex(['0x1901', domainSeparator(domainVersion, chainId, contract), structHash(version, m)]));
}
