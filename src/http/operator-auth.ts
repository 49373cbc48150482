/**
 * Operator API authentication (runtime.md): `Authorization: Bearer $SIBYL_ADMIN_TOKEN` on
 * every `/admin` route. With no token configured the operator API does not exist: its routes
 * answer 404 exactly like an unknown route, so a scan learns nothing.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError, errors } from '../errors/catalogue.js';

function digest(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}

export function operatorGuard(token: string | undefined) {
  const expected = token === undefined ? undefined : digest(token);
  return async (req: FastifyRequest): Promise<void> => {
    if (expected === undefined) {
      throw new ApiError('route_not_found', `no route for ${req.method} ${req.url.split('?', 1)[0]}`);
    }
    const header = req.headers.authorization ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match) throw errors.unauthorized('unauthorized: missing bearer token');
    if (!timingSafeEqual(digest(match[1]!.trim()), expected)) throw errors.unauthorized('unauthorized: invalid operator token');
  };
}
