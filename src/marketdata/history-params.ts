/**
 * The window and resolution of a price-history request. Either `interval` (1h, 6h, 1d, 1w, 1m =
 * one month of 30 days, max) ending now — or at the market's resolution once resolved — or an
 * explicit `startTs`/`endTs` range (Unix seconds; `endTs` defaults to now); the two forms are
 * mutually exclusive. Neither given = `max`. `fidelity` is the bucket width in minutes; by
 * default the finest of 1, 5, 15, 60, 180, 720, 1440 giving at most 2 000 points. A request may
 * ask for at most 50 000 points per token (one month at one minute fits).
 *
 * Every point lies inside the requested window: a point is labelled by the start of its bucket,
 * so a bucket that starts before the window's start (the one a mid-bucket `startTs`, or an
 * interval's start, falls in) is left out rather than shown at a time before the window — nor
 * relabelled at `startTs`, which would claim a price there that may only have traded later.
 * `max` (and a range without `startTs`) starts at the first fill's bucket: nothing was asked
 * for before it.
 */
import { errors } from '../errors/catalogue.js';

export const INTERVALS = { '1h': 3600, '6h': 6 * 3600, '1d': 86_400, '1w': 7 * 86_400, '1m': 30 * 86_400 } as const;
export type Interval = keyof typeof INTERVALS | 'max';
export const INTERVAL_NAMES = [...Object.keys(INTERVALS), 'max'] as Interval[];

export const MAX_POINTS = 50_000;
const DEFAULT_POINTS = 2000;
const FIDELITY_LADDER = [1, 5, 15, 60, 180, 720, 1440];
export const MAX_FIDELITY = 525_600; // one year, in minutes

export interface HistoryParams {
  interval?: string | undefined;
  startTs?: number | undefined;
  endTs?: number | undefined;
  fidelity?: number | undefined;
}

/** A request resolved against one market, in seconds. */
export interface Window {
  /** The first point is the bucket containing `start` (a bucket start itself unless `max`). */
  start: number;
  end: number;
  fidelityS: number;
}

/** Checks what does not depend on the market (so a batch fails before any work). */
export function checkParams(p: HistoryParams): void {
  const range = p.startTs !== undefined || p.endTs !== undefined;
  if (p.interval !== undefined && range) throw errors.badRequest('interval cannot be combined with startTs/endTs');
  if (p.interval !== undefined && !INTERVAL_NAMES.includes(p.interval as Interval)) {
    throw errors.badRequest(`interval must be one of: ${INTERVAL_NAMES.join(', ')}`);
  }
  if (p.startTs !== undefined && p.endTs !== undefined && p.startTs >= p.endTs) throw errors.badRequest('startTs must be before endTs');
  if (p.fidelity !== undefined && (!Number.isInteger(p.fidelity) || p.fidelity < 1 || p.fidelity > MAX_FIDELITY)) {
    throw errors.badRequest(`fidelity must be an integer number of minutes from 1 to ${MAX_FIDELITY}`);
  }
}

/**
 * The window for one market. `nowS` is the request time; `endOfTrading` the market's resolution
 * time (seconds) or null; `firstFill` the time of its first fill or null (for `max`).
 */
export function windowOf(p: HistoryParams, nowS: number, endOfTrading: number | null, firstFill: number | null): Window | null {
  const anchor = endOfTrading === null ? nowS : Math.min(nowS, endOfTrading);
  let start: number;
  let end: number;
  /** Whether `start` was asked for (startTs, interval), rather than the first fill's time. */
  let bounded = true;
  if (p.startTs !== undefined || p.endTs !== undefined) {
    end = Math.min(p.endTs ?? nowS, anchor);
    bounded = p.startTs !== undefined;
    start = p.startTs ?? firstFill ?? end;
  } else {
    const iv = (p.interval ?? 'max') as Interval;
    end = anchor;
    if (iv === 'max') {
      if (firstFill === null) return null;
      start = firstFill;
      bounded = false;
    } else start = end - INTERVALS[iv];
  }
  if (start > end) return null;
  const span = end - start;
  let fidelityS: number;
  if (p.fidelity !== undefined) fidelityS = p.fidelity * 60;
  else fidelityS = (FIDELITY_LADDER.find((f) => span / (f * 60) < DEFAULT_POINTS) ?? FIDELITY_LADDER.at(-1)!) * 60;
  // An asked-for start begins at the first bucket that starts inside the window (module comment).
  if (bounded) start = Math.ceil(start / fidelityS) * fidelityS;
  if (start > end) return null; // the window holds no bucket start: no point lies inside it
  const points = Math.floor(end / fidelityS) - Math.floor(start / fidelityS) + 1;
  if (points > MAX_POINTS) {
    throw errors.badRequest(`fidelity too fine for the range: ${points} points, at most ${MAX_POINTS} per token; raise fidelity`);
  }
  return { start, end, fidelityS };
}
