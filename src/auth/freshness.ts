/**
 * Timestamp freshness of signed requests (L1, L2 and builder headers): the header is integer
 * Unix seconds and must be within ±SIBYL_AUTH_WINDOW_S of the server clock. The rejection says
 * the server time so a client with a skewed clock can see why (GET /time gives it too).
 * The header must be canonical decimal (no sign, leading zero, space, fraction or exponent): one
 * instant has one spelling, so `0123` cannot sign the same request anew as `123`.
 */
import { errors } from '../errors/catalogue.js';

const SECONDS = /^(?:0|[1-9]\d{0,14})$/;

/** Throws 401 unless `ts` is fresh. `prefix` starts the message (e.g. `Unauthorized`). */
export function assertFresh(ts: string, nowMs: number, windowS: number, prefix: string, header: string): void {
  const nowS = Math.floor(nowMs / 1000);
  if (!SECONDS.test(ts)) {
    throw errors.unauthorized(`${prefix}: ${header} must be integer Unix seconds in canonical decimal; server time is ${nowS}`);
  }
  if (Math.abs(nowS - Number(ts)) > windowS) {
    throw errors.unauthorized(
      `${prefix}: stale timestamp ${ts}: server time is ${nowS}, accepted skew is ±${windowS} s`,
    );
  }
}
