/**
 * The EIP-712 typed data of the two signed-order versions the official clients produce
 * (docs/venue.md §10): V1 (`@polymarket/clob-client` 5.x, domain version "1") and V2
 * (`@polymarket/clob-client-v2`, domain version "2"). Field lists and names are the clients'
 * own (node_modules/@polymarket/clob-client-v2/dist/order-utils/model/ctfExchangeV*TypedData.js).
 */
import type { Hex, TypedDataDomain } from 'viem';

export const DOMAIN_NAME = 'Polymarket CTF Exchange';

export const ORDER_V1 = [
  { name: 'salt', type: 'uint256' }, { name: 'maker', type: 'address' }, { name: 'signer', type: 'address' },
  { name: 'taker', type: 'address' }, { name: 'tokenId', type: 'uint256' }, { name: 'makerAmount', type: 'uint256' },
  { name: 'takerAmount', type: 'uint256' }, { name: 'expiration', type: 'uint256' }, { name: 'nonce', type: 'uint256' },
  { name: 'feeRateBps', type: 'uint256' }, { name: 'side', type: 'uint8' }, { name: 'signatureType', type: 'uint8' },
] as const;

export const ORDER_V2 = [
  { name: 'salt', type: 'uint256' }, { name: 'maker', type: 'address' }, { name: 'signer', type: 'address' },
  { name: 'tokenId', type: 'uint256' }, { name: 'makerAmount', type: 'uint256' }, { name: 'takerAmount', type: 'uint256' },
  { name: 'side', type: 'uint8' }, { name: 'signatureType', type: 'uint8' }, { name: 'timestamp', type: 'uint256' },
  { name: 'metadata', type: 'bytes32' }, { name: 'builder', type: 'bytes32' },
] as const;

export type OrderVersion = 1 | 2;

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
export const ZERO_BYTES32: Hex = `0x${'0'.repeat(64)}`;

export function domainOf(version: OrderVersion, chainId: number, verifyingContract: string): TypedDataDomain {
  return { name: DOMAIN_NAME, version: String(version), chainId, verifyingContract: verifyingContract as Hex };
}

/** The fields of a posted order the signature covers (the body's wire types: order-body.ts). */
export interface PostedOrder {
  salt?: number | string; maker: string; signer: string; taker?: string; tokenId: string;
  makerAmount: string; takerAmount: string; side: 'BUY' | 'SELL' | 0 | 1; expiration?: string; nonce?: string;
  feeRateBps?: string; signatureType?: number; signature?: string; timestamp?: string; metadata?: string; builder?: string;
}

/** V2 when the order carries any V2-only field (`timestamp`, `metadata`, `builder`); V1 otherwise. */
export function versionOf(o: PostedOrder): OrderVersion {
  return o.timestamp !== undefined || o.metadata !== undefined || o.builder !== undefined ? 2 : 1;
}

const sideNum = (s: PostedOrder['side']): number => (s === 'BUY' || s === 0 ? 0 : 1);

/** The typed-data message of an order, with `tokenId` the uint256 it was signed with. */
export function messageOf(o: PostedOrder, version: OrderVersion, tokenId: bigint): Record<string, unknown> {
  const common = {
    salt: BigInt(o.salt ?? 0), maker: o.maker as Hex, signer: o.signer as Hex, tokenId,
    makerAmount: BigInt(o.makerAmount), takerAmount: BigInt(o.takerAmount), side: sideNum(o.side), signatureType: o.signatureType ?? 0,
  };
  if (version === 1) {
    return {
      ...common, taker: (o.taker ?? ZERO_ADDRESS) as Hex, expiration: BigInt(o.expiration ?? '0'),
      nonce: BigInt(o.nonce ?? '0'), feeRateBps: BigInt(o.feeRateBps ?? '0'),
    };
  }
  return { ...common, timestamp: BigInt(o.timestamp ?? '0'), metadata: (o.metadata ?? ZERO_BYTES32) as Hex, builder: (o.builder ?? ZERO_BYTES32) as Hex };
}

export function typesOf(version: OrderVersion) {
  return { Order: version === 1 ? ORDER_V1 : ORDER_V2 };
}
