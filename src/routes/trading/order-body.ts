/**
 * The posted order's wire schema (docs/venue.md §3), with every field's exact type. The official
 * clients decide the shapes: `@polymarket/clob-client` 5.8.1 and the v1 orders of
 * `@polymarket/clob-client-v2` send `{salt: <number>, maker, signer, taker, tokenId, makerAmount,
 * takerAmount, side: "BUY"|"SELL", expiration, nonce, feeRateBps, signatureType: 0|1|2,
 * signature}` with every uint256 as a decimal string; clob-client-v2's v2 orders drop `taker`,
 * `nonce` and `feeRateBps` and add `timestamp` (ms, decimal string), `metadata` and `builder`
 * (bytes32 hex), with `signatureType` up to 3 (EIP-1271, whose signature is 317 bytes). Around
 * the order: `owner`, `orderType`, `postOnly` and `deferExec` (booleans). Anything else — an
 * unknown field, `null`, a number where a string belongs, a negative salt — is refused before
 * the order is looked at (400 `invalid_order_payload`, naming the field and its rule).
 *
 * The server uses `maker`/`signer` (must be the API key's address), `tokenId`, the two amounts,
 * `side`, `expiration`, `builder` (the order's builder code, zero = none) and the envelope; the
 * rest is signed-order metadata it accepts and ignores (the ledger is custodial: docs/trading.md). Bodies are never type-coerced
 * (src/http/validation.ts), so these types are what the client must send.
 */
import { Type } from 'typebox';

/** The uint256 fields: a decimal-digit string (up to 78 digits). */
const Uint256 = (what: string) => Type.String({ pattern: '^[0-9]{1,78}$', description: `a string of decimal digits (${what})` });
const Address = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$', description: 'a 0x-prefixed 20-byte hex address' });
const Bytes32 = Type.String({ pattern: '^0x[0-9a-fA-F]{64}$', description: 'a 0x-prefixed 32-byte hex value' });
/** Micro-unit amounts: no length cap here, so one past the exact range is named as such (order-input.ts). */
const MicroAmount = Type.String({ pattern: '^[0-9]+$', description: 'an integer string of micro-units (6 decimals)' });

/** The signing types of the official clients: EOA, proxy wallet, Gnosis safe, EIP-1271 (v2). */
export const SIGNATURE_TYPES = [0, 1, 2, 3] as const;
/** Up to 1 KiB of signature: an ECDSA signature is 65 bytes, clob-client-v2's EIP-1271 wrapping 317. */
export const MAX_SIGNATURE_HEX = 2 + 2 * 1024;

export const SignedOrder = Type.Object({
  salt: Type.Optional(Type.Union([
    Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
    Type.String({ pattern: '^[0-9]{1,78}$' }),
  ], { description: 'a non-negative safe integer or a string of decimal digits' })),
  maker: Address,
  signer: Address,
  taker: Type.Optional(Address),
  tokenId: Type.String({ minLength: 1, maxLength: 100, description: 'the token id, `<condition_id>:<outcome index>`' }),
  makerAmount: MicroAmount,
  takerAmount: MicroAmount,
  side: Type.Union([Type.Literal('BUY'), Type.Literal('SELL'), Type.Literal(0), Type.Literal(1)]),
  expiration: Type.Optional(Uint256('Unix seconds, "0" = none')),
  nonce: Type.Optional(Uint256('uint256')),
  feeRateBps: Type.Optional(Uint256('basis points; ignored, the market fees apply')),
  signatureType: Type.Optional(Type.Union(SIGNATURE_TYPES.map((t) => Type.Literal(t)))),
  signature: Type.Optional(Type.String({
    pattern: '^0x([0-9a-fA-F]{2})*$', maxLength: MAX_SIGNATURE_HEX, description: 'a 0x-prefixed hex string of whole bytes (not verified)',
  })),
  timestamp: Type.Optional(Uint256('milliseconds; clob-client-v2 orders')),
  metadata: Type.Optional(Bytes32),
  builder: Type.Optional(Bytes32),
}, { additionalProperties: false });

export const ORDER_TYPES = ['GTC', 'GTD', 'FOK', 'FAK'] as const;

export const OrderBody = Type.Object({
  order: SignedOrder,
  owner: Type.String({ minLength: 1, maxLength: 64, description: 'your API key' }),
  orderType: Type.Optional(Type.Union(ORDER_TYPES.map((t) => Type.Literal(t)))),
  postOnly: Type.Optional(Type.Boolean()),
  deferExec: Type.Optional(Type.Boolean({ description: 'sent by the official clients; ignored' })),
}, { additionalProperties: false });
