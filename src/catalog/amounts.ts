/**
 * Exact decimal ↔ micro-unit conversion for catalog and operator amounts (sizes, tick sizes,
 * positions). The wire carries decimals (strings, or JSON numbers as the order-book spec shows
 * `minimum_tick_size: 0.01`); storage carries integers with 6 decimals. No floating-point maths:
 * a number is converted through its shortest decimal text.
 */
const MICRO_DIGITS = 6;

/** Parses `"0.01"`, `0.01`, `"5"` into micro-units; undefined when not a plain non-negative decimal with ≤ 6 decimals. */
export function decimalToMicro(v: string | number): number | undefined {
  const text = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v.trim();
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return undefined;
  const frac = m[2] ?? '';
  if (frac.replace(/0+$/, '').length > MICRO_DIGITS) return undefined;
  const micro = Number(m[1]) * 10 ** MICRO_DIGITS + Number(frac.padEnd(MICRO_DIGITS, '0').slice(0, MICRO_DIGITS) || '0');
  return Number.isSafeInteger(micro) ? micro : undefined;
}

/** Formats micro-units as the shortest decimal string: 12_500_000 → "12.5", 10_000 → "0.01". */
export { formatMicro as microToDecimal } from '../engine/amounts.js';
