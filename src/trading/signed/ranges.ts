/**
 * The range of every numeric field of a signed order, checked before anything is hashed: the
 * EIP-712 encoder throws on a value past its type (a 500 before this check existed). Each
 * uint256 (`salt`, `expiration`, `nonce`, `feeRateBps`, `timestamp`) must be at most 2^256 − 1
 * (`value_out_of_range`, naming the field); the two amounts must fit the exact range of
 * micro-unit integers (`amount_too_large`, as for unsigned orders: src/domain/micro-input.ts).
 * The uint8 fields (`side`, `signatureType`) are closed lists in the route schema.
 */
import { MAX_INPUT_MICRO, parseMicroDigits, tooLargeMessage } from '../../domain/micro-input.js';
import type { InputReject } from '../order-input.js';
import type { PostedOrder } from './typed-data.js';

export const UINT256_MAX = (1n << 256n) - 1n;

const UINT256_FIELDS = ['salt', 'expiration', 'nonce', 'feeRateBps', 'timestamp'] as const;

function uint256(v: unknown): boolean {
  if (typeof v === 'number') return Number.isSafeInteger(v) && v >= 0;
  return typeof v === 'string' && /^[0-9]{1,78}$/.test(v) && BigInt(v) <= UINT256_MAX;
}

/** The first field out of its range, as a refusal; undefined when every field is in range. */
export function outOfRange(o: PostedOrder): InputReject | undefined {
  for (const field of UINT256_FIELDS) {
    const v = o[field];
    if (v !== undefined && !uint256(v)) {
      return { code: 'value_out_of_range', message: `${field} is out of range: a uint256 is a decimal integer from 0 to 2^256 - 1`, field, max: UINT256_MAX.toString() };
    }
  }
  for (const field of ['makerAmount', 'takerAmount'] as const) {
    const n = typeof o[field] === 'string' ? parseMicroDigits(o[field]) : 'invalid';
    if (n === 'too_large') return { code: 'amount_too_large', message: tooLargeMessage(field), field, max: MAX_INPUT_MICRO };
    if (n === 'invalid') return { code: 'invalid_order_payload', message: 'Invalid order payload', field, reason: 'an integer string of 6-decimal units' };
  }
  return undefined;
}

/** The signature's `v` (its last byte) is 27 or 28, as the exchange contracts require. */
export function badV(signature: string): InputReject | undefined {
  const v = parseInt(signature.slice(-2), 16);
  if (v === 27 || v === 28) return undefined;
  return { code: 'invalid_signature', message: `invalid signature: v must be 27 or 28 (got ${v}), as the exchange contracts require`, field: 'signature', v };
}
