/**
 * Exact integer money maths. Every price, size and amount inside the domain core is an integer
 * count of micro-units (6 decimals). This module is the only place that turns decimal strings
 * into micro integers and back, and that knows the grid rules which keep every product exact:
 * prices are multiples of 100 micro (the finest tick, 0.0001) and sizes are multiples of one lot
 * (0.01 share = 10_000 micro), so price × size / 1e6 = (price / 100) × (size / LOT), both exact.
 */

export const MICRO = 1_000_000;
/** Smallest size step: 0.01 share. */
export const LOT = 10_000;
/** Finest tick any market may use (0.0001). */
export const MIN_TICK = 100;
/** Largest order size / amount we accept (10 million shares): keeps fee maths below 2^53. */
export const MAX_SIZE = 10_000_000 * MICRO;
/** Largest collateral amount of a market BUY given as an amount (1 million USDC). */
export const MAX_AMOUNT = 1_000_000 * MICRO;
/** Allowed tick sizes in micro (0.1, 0.01, 0.001, 0.0001). */
export const TICKS: readonly number[] = [100_000, 10_000, 1_000, 100];
/** Fee rates are capped so a fee never exceeds the proceeds it is charged on. */
export const MAX_FEE_BPS = 1000;

const DECIMAL_RE = /^(\d{1,16})(?:\.(\d{1,6}))?$/;

/** Parses a non-negative decimal string ("12.5") into micro-units (12_500_000); null if invalid. */
export function parseMicro(text: string): number | null {
  const m = DECIMAL_RE.exec(text);
  if (m === null) return null;
  const whole = Number(m[1]);
  const frac = m[2] === undefined ? 0 : Number(m[2].padEnd(6, '0'));
  const v = whole * MICRO + frac;
  return Number.isSafeInteger(v) ? v : null;
}

/** Formats micro-units as a minimal decimal string: 550000 → "0.55", 12_000_000 → "12". */
export function formatMicro(v: number): string {
  assertSafe(v, 'formatMicro');
  const neg = v < 0;
  const a = neg ? -v : v;
  const whole = Math.floor(a / MICRO);
  const frac = a - whole * MICRO;
  let s = String(whole);
  if (frac !== 0) s += '.' + String(frac).padStart(6, '0').replace(/0+$/, '');
  return neg ? '-' + s : s;
}

/** Collateral value of `size` shares at `price`: exact because of the grid rules. */
export function notional(price: number, size: number): number {
  return (price / 100) * (size / LOT);
}

/** Cost of one lot at `price` (an integer because prices are multiples of 100 micro). */
export function lotCost(price: number): number {
  return price / 100;
}

/** Floor division of non-negative safe integers, exact even where a/b rounds up in floating point. */
export function floorDiv(a: number, b: number): number {
  let q = Math.floor(a / b);
  if (q * b > a) q -= 1;
  else if ((q + 1) * b <= a) q += 1;
  return q;
}

/** Ceiling division of non-negative safe integers. */
export function ceilDiv(a: number, b: number): number {
  const q = floorDiv(a, b);
  return q * b === a ? q : q + 1;
}

/**
 * Fee "base" of a fill: rateBps × min(p, 1 − p)/100 × lots. The fee in micro collateral is
 * ceil(base / 10_000); orders accumulate bases and are charged ceil(total) − charged so far, so
 * the total fee of an order is the same however it is split into fills.
 */
export function feeBase(rateBps: number, price: number, size: number): number {
  const m = price < MICRO - price ? price : MICRO - price;
  return rateBps * (m / 100) * (size / LOT);
}

/** Fee in micro collateral for an accumulated fee base (rounded up: the exchange's favour). */
export function feeOf(base: number): number {
  return ceilDiv(base, 10_000);
}

/** Whether `price` is on the `tick` grid and within [tick, 1 − tick]. */
export function validPrice(price: number, tick: number): boolean {
  return Number.isSafeInteger(price) && price >= tick && price <= MICRO - tick && price % tick === 0;
}

/** Whether `size` is a positive whole number of lots no larger than MAX_SIZE. */
export function validSize(size: number): boolean {
  return Number.isSafeInteger(size) && size > 0 && size <= MAX_SIZE && size % LOT === 0;
}

/** Throws (a broken invariant, not a user error) unless `v` is a safe integer. */
export function assertSafe(v: number, what: string): void {
  if (!Number.isSafeInteger(v)) throw new Error(`invariant: ${what} is not a safe integer: ${v}`);
}
