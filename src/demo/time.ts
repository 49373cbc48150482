/**
 * The demo data set's clock. Every timestamp is the fixed BASE ("now" inside the data set)
 * plus or minus an offset drawn from the PRNG, never the real clock, so a seed reproduces the
 * same rows byte for byte. BASE is 2026-11-01T00:00:00Z: everything was created before it,
 * open markets end after it (mostly well into 2027), closed ones ended before it.
 */
export const BASE_MS = Date.UTC(2026, 10, 1);
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * The demo's clock for one load (issue #37): `base` is the data set's "now", the UTC midnight of
 * the load day, and `utc` gives the themes' dates (written as of BASE_MS) moved by the same whole
 * number of days, so a demo loaded a week later has no open market whose date is past. Without a
 * load day it is BASE_MS itself (the fixed reference the tests compare byte for byte).
 */
export interface DemoClock {
  base: number;
  utc(year: number, month: number, day: number, hour?: number): number;
}

export function demoClock(loadDayMs: number = BASE_MS): DemoClock {
  const base = Math.floor(loadDayMs / DAY) * DAY;
  const shift = base - BASE_MS;
  return { base, utc: (year, month, day, hour = 0) => utc(year, month, day, hour) + shift };
}

/** A UTC date as ms (month is 1-based, unlike Date.UTC). */
export function utc(year: number, month: number, day: number, hour = 0): number {
  return Date.UTC(year, month - 1, day, hour);
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "December 31" */
export function monthDay(ms: number): string {
  const d = new Date(ms);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
}

/** "December" */
export function monthName(ms: number): string {
  return MONTHS[new Date(ms).getUTCMonth()]!;
}

/** "dec-31" style fragment for slugs. */
export function slugDate(ms: number): string {
  return monthDay(ms).toLowerCase().replace(' ', '-');
}

export function slugify(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80);
}
