/**
 * Wire pieces shared by the data API routes (/positions, /activity, /holders): the simple
 * error body and the route options every data route carries (family, allowlist, strict query
 * hooks). The query and item schemas are the service's (src/dataapi/schemas.ts).
 */
import { Type, type TSchema } from 'typebox';
import type { Services } from '../../app/services.js';
import { dataHooks } from '../../edge/data-guards.js';

const ErrorBody = Type.Object({ error: Type.String(), code: Type.Optional(Type.String()) });

/** Error responses of a data route (simple shape). */
export const DATA_ERRORS = {
  400: ErrorBody,
  403: Type.Object({ error: Type.String({ description: '`unauthorized: ip_not_allowlisted`' }) }),
  500: Type.Object({ error: Type.String({ description: '`internal_error: <request id>`' }) }),
};

/** `config`, hooks and errors for a data route whose query schema is `query`. */
export function dataRouteOptions(services: Services, query: TSchema & { properties: Record<string, unknown> }) {
  return { config: { family: 'data' as const }, ...dataHooks(services.config.dataAllowlist, query) };
}

export const DATA_TAG = 'data';
