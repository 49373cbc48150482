/**
 * Exact decimal ↔ micro-unit conversion for catalog and operator amounts (sizes, tick sizes,
 * positions). The wire carries decimals (strings, or JSON numbers as the order-book spec shows
 * `minimum_tick_size: 0.01`); storage carries integers with 6 decimals. No floating-point maths:
 * a number is converted through its shortest decimal text. Values past the exact range of the
 * storage integers are refused with the shared bound (src/domain/micro-input.ts).
 */
import { ApiError, errors } from '../errors/catalogue.js';
import { parseDecimalMicro, tooLargeMessage } from '../domain/micro-input.js';

/** Parses `"0.01"`, `0.01`, `"5"` into micro-units; undefined when not a plain non-negative decimal with ≤ 6 decimals, or too large. */
export function decimalToMicro(v: string | number): number | undefined {
  const micro = parseDecimalMicro(v);
  return typeof micro === 'number' ? micro : undefined;
}

/** An operator's decimal amount in micro-units; a 400 naming the field (and the bound) otherwise. */
export function decimalInput(name: string, v: string | number): number {
  const micro = parseDecimalMicro(v);
  if (micro === 'too_large') throw new ApiError('amount_too_large', tooLargeMessage(name, 'decimal'));
  if (micro === 'invalid') throw errors.badRequest(`${name} must be a non-negative decimal with at most 6 decimals`);
  return micro;
}

/** Formats micro-units as the shortest decimal string: 12_500_000 → "12.5", 10_000 → "0.01". */
export { formatMicro as microToDecimal } from '../domain/money.js';
