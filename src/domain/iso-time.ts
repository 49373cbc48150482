/**
 * `new Date(ms).toISOString()`, byte for byte, without its cost (about 1 µs a call: a page of
 * 100 orders spent a fifth of its time there). Every wire timestamp goes through it. The date part comes from `toISOString` once per
 * UTC day and is remembered; the time of day is plain arithmetic. Values outside years
 * 1970–9999 or not integral take the original path.
 */
const DAY_MS = 86_400_000;
const YEAR_10000_MS = 253_402_300_800_000;
const PREFIX_CACHE_MAX = 4_096;
const prefixes = new Map<number, string>();

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

function datePrefix(day: number): string {
  let p = prefixes.get(day);
  if (p === undefined) {
    p = new Date(day * DAY_MS).toISOString().slice(0, 11); // "YYYY-MM-DDT"
    if (prefixes.size >= PREFIX_CACHE_MAX) prefixes.clear();
    prefixes.set(day, p);
  }
  return p;
}

export function isoTime(ms: number): string {
  if (!Number.isInteger(ms) || ms < 0 || ms >= YEAR_10000_MS) return new Date(ms).toISOString();
  const day = Math.floor(ms / DAY_MS);
  let t = ms - day * DAY_MS;
  const milli = t % 1000;
  t = (t - milli) / 1000;
  const sec = t % 60;
  t = (t - sec) / 60;
  const min = t % 60;
  const hour = (t - min) / 60;
  return `${datePrefix(day)}${pad2(hour)}:${pad2(min)}:${pad2(sec)}.${pad3(milli)}Z`;
}
