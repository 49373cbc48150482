/**
 * The one bound on amounts that come in from outside. Every amount inside the service is an
 * integer count of micro-units (6 decimals: 1 USDC = 1 share = 1_000_000) held in a JavaScript
 * number, which is exact only up to 2^53 − 1. A larger input would be rounded on the way in and
 * fail somewhere far from the request (a 500, or a balance that is not what was asked), so every
 * parser of an input amount — order amounts, deposits, split/merge, operator market settings —
 * goes through here and refuses it with a 400 naming this bound (`amount_too_large`). Domain
 * limits that are tighter (the engine's largest order, the largest single deposit) are checked
 * after parsing by their owners, with their own messages.
 */

/** The largest amount an input may carry, in micro-units: 9007199254740991 (2^53 − 1). */
export const MAX_INPUT_MICRO = Number.MAX_SAFE_INTEGER;

const MAX_BIG = BigInt(MAX_INPUT_MICRO);
const MICRO_DIGITS = 6;
const SCALE = 10n ** BigInt(MICRO_DIGITS);

/** A parsed amount in micro-units, or why there is none. */
export type MicroInput = number | 'invalid' | 'too_large';

/** The rejection text for an amount past the bound. */
export function tooLargeMessage(field: string, form: 'micro' | 'decimal' = 'micro'): string {
  return form === 'micro'
    ? `${field} must be at most ${MAX_INPUT_MICRO} micro-units`
    : `${field} must be at most ${formatBound()} (${MAX_INPUT_MICRO} micro-units)`;
}

function formatBound(): string {
  const whole = MAX_BIG / SCALE;
  const frac = (MAX_BIG % SCALE).toString().padStart(MICRO_DIGITS, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

function bounded(micro: bigint): MicroInput {
  return micro > MAX_BIG ? 'too_large' : Number(micro);
}

/** An integer amount written in micro-units as decimal digits (`"1000000"` = 1 USDC). */
export function parseMicroDigits(text: string): MicroInput {
  if (!/^[0-9]+$/.test(text)) return 'invalid';
  return bounded(BigInt(text));
}

/**
 * A decimal amount (`"0.01"`, `"5"`, or the JSON number `0.01` through its shortest text) with
 * at most 6 significant decimals, in micro-units. No floating-point maths.
 */
export function parseDecimalMicro(v: string | number): MicroInput {
  let text: string;
  if (typeof v === 'number') {
    if (!Number.isFinite(v) || v < 0) return 'invalid';
    text = String(v);
    if (/e\+/i.test(text)) return 'too_large'; // ≥ 1e21: far past the bound
  } else {
    text = v.trim();
  }
  const m = /^([0-9]+)(?:\.([0-9]+))?$/.exec(text);
  if (!m) return 'invalid';
  const frac = m[2] ?? '';
  if (frac.replace(/0+$/, '').length > MICRO_DIGITS) return 'invalid';
  return bounded(BigInt(m[1]!) * SCALE + BigInt(frac.padEnd(MICRO_DIGITS, '0').slice(0, MICRO_DIGITS) || '0'));
}
