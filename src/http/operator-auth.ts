/**
 * Operator API authentication (docs/venue.md §14): `Authorization: Bearer $SIBYL_ADMIN_TOKEN` on
 * every `/admin` route. With no token configured the operator API does not exist: its routes
 * answer 404 exactly like an unknown route, so a scan learns nothing.
 *
 * Failed authentications count against the client's rate limits (the `operator-auth-failures`
 * rule, per address) and are logged at `warn`. Every attempt takes a place in that window
 * BEFORE the token is compared, and a right token gives it back: once an address has used up
 * its failures, its requests answer 429 with `Retry-After` without the token being looked at,
 * so guessing stops there (a right guess is not told apart from a wrong one).
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError, errors } from '../errors/catalogue.js';
import { OPERATOR_AUTH_FAILURES } from '../edge/limits-table.js';
import type { Plan } from '../edge/limiter.js';

function digest(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}

export function operatorGuard(token: string | undefined) {
  const expected = token === undefined ? undefined : digest(token);
  return async (req: FastifyRequest): Promise<void> => {
    if (expected === undefined) {
      throw new ApiError('route_not_found', `no route for ${req.method} ${req.url.split('?', 1)[0]}`);
    }
    const limiter = req.server.rateLimiter;
    const [method, url] = OPERATOR_AUTH_FAILURES.split(' ') as [string, string];
    const plan: Plan | undefined = limiter?.planForRoute(method, url, 'admin');
    const counted = plan !== undefined && plan.windows.length > 0;
    if (counted) {
      const d = await limiter!.check(plan, req.ip);
      if (!d.allowed) {
        req.log.warn({ ip: req.ip, url: req.url }, 'operator authentication refused: too many failed attempts from this address');
        const retryAfter = String(Math.max(1, Math.ceil(d.retryAfterMs / 1000)));
        throw new ApiError('rate_limited', 'Too Many Requests: too many failed operator authentications', { headers: { 'retry-after': retryAfter } });
      }
    }
    const header = req.headers.authorization ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    const ok = match !== null && timingSafeEqual(digest(match[1]!.trim()), expected);
    if (ok) {
      if (counted) await limiter!.refund(plan, req.ip);
      return;
    }
    req.log.warn({ ip: req.ip, url: req.url, reason: match ? 'invalid token' : 'missing token' }, 'operator authentication failed');
    throw errors.unauthorized(match ? 'unauthorized: invalid operator token' : 'unauthorized: missing bearer token');
  };
}
