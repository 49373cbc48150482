/**
 * The one closed catalogue of errors the service can answer with. Domain code and routes throw
 * (or return) an `ApiError` built from this table; the edge (src/http/errors.ts) is the only
 * place that turns one into an HTTP status and one of the spec's two body shapes:
 *   simple `{error}` (CLOB, data API, operator API) and typed `{type, error}` (catalog).
 * To add an error: add a row here with its status and typed-shape `type`; nothing else changes.
 */

export const ERROR_CATALOGUE = {
  bad_request: { status: 400, type: 'bad request' },
  invalid_json: { status: 400, type: 'bad request' },
  unknown_field: { status: 400, type: 'bad request' },
  invalid_cursor: { status: 400, type: 'bad request' },
  invalid_heartbeat: { status: 400, type: 'bad request' },
  invalid_order: { status: 400, type: 'bad request' },
  /** An amount past the exact range of micro-unit integers (src/domain/micro-input.ts). */
  amount_too_large: { status: 400, type: 'bad request' },
  unauthorized: { status: 401, type: 'unauthorized' },
  replayed_request: { status: 401, type: 'unauthorized' },
  forbidden: { status: 403, type: 'forbidden' },
  not_found: { status: 404, type: 'not found error' },
  route_not_found: { status: 404, type: 'not found error' },
  conflict: { status: 409, type: 'conflict' },
  payload_too_large: { status: 413, type: 'payload too large' },
  uri_too_long: { status: 414, type: 'uri too long' },
  unsupported_media_type: { status: 415, type: 'unsupported media type' },
  /** The venue's matching engine is restarting (a provoked fault: src/faults). */
  service_not_ready: { status: 425, type: 'too early' },
  rate_limited: { status: 429, type: 'too many requests' },
  internal_error: { status: 500, type: 'internal server error' },
  /** The venue's `could not run the execution` (a provoked fault: src/faults); nothing was placed. */
  execution_failed: { status: 500, type: 'internal server error' },
  unavailable: { status: 503, type: 'service unavailable' },
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Extra top-level fields for the simple shape where the real service sends them. */
  readonly extra: Record<string, unknown> | undefined;
  /** Response headers that belong to this error (e.g. Retry-After). */
  readonly headers: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, opts: { extra?: Record<string, unknown>; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    this.extra = opts.extra;
    this.headers = opts.headers;
  }
}

/** Shorthands for the common errors, named after the catalogue rows. */
export const errors = {
  badRequest: (message: string) => new ApiError('bad_request', message),
  required: (name: string) => new ApiError('bad_request', `${name} is required`),
  notFound: (message: string) => new ApiError('not_found', message),
  unauthorized: (message: string) => new ApiError('unauthorized', message),
  forbidden: (message: string) => new ApiError('forbidden', message),
  unknownField: (name: string) => new ApiError('unknown_field', `unknown_field: ${name}`),
  invalidCursor: () => new ApiError('invalid_cursor', 'Invalid next_cursor'),
  conflict: (message: string) => new ApiError('conflict', message),
  unavailable: (message: string, retryAfterS: number) =>
    new ApiError('unavailable', message, { headers: { 'retry-after': String(retryAfterS) } }),
};
