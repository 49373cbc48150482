/**
 * The edge's error mapping: every failure leaves the service here, once. It turns an
 * `ApiError` (or a framework/validation failure) into the HTTP status and body shape of the
 * route's API family (src/http/families.ts). Anything unexpected becomes a 500
 * `internal_error: <request id>`; the details go to the log only.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, ERROR_CATALOGUE, type ErrorCode } from '../errors/catalogue.js';
import { familyOfPath, usesTypedShape, type Family } from './families.js';
import { validationMessage } from './validation-message.js';

function familyOf(req: FastifyRequest): Family {
  return req.routeOptions?.config?.family ?? familyOfPath(req.url);
}

export function sendError(req: FastifyRequest, reply: FastifyReply, err: ApiError): FastifyReply {
  const family = familyOf(req);
  const body: Record<string, unknown> = usesTypedShape(family)
    ? { type: ERROR_CATALOGUE[err.code].type, error: err.message }
    : { error: err.message, ...err.extra };
  if (HTTP_LAYER.has(err.code)) body.code = err.code;
  if (err.headers) reply.headers(err.headers);
  return reply.code(err.status).header('x-error-code', err.code).send(body);
}

const FRAMEWORK_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_BAD_URL: 'bad_request',
  FST_ERR_MAX_PARAM_LENGTH: 'uri_too_long',
  FST_ERR_ASYNC_CONSTRAINT: 'bad_request',
};

const FRAMEWORK_MESSAGES: Partial<Record<ErrorCode, string>> = {
  payload_too_large: 'request body is too large',
  unsupported_media_type: 'unsupported content type: send application/json',
  invalid_json: 'invalid JSON body',
  uri_too_long: 'a path parameter is too long',
};

const framework = (code: ErrorCode, message: string): ApiError => new ApiError(code, message);

/** Refusals of the HTTP layer (body parsing, media type, size): their `code` is in the body too, whatever the family's shape. */
const HTTP_LAYER = new Set<ErrorCode>(['invalid_json', 'payload_too_large', 'unsupported_media_type']);

export function toApiError(err: FastifyError | Error, req: FastifyRequest): ApiError {
  if (err instanceof ApiError) return err;
  const fe = err as FastifyError & { validation?: unknown[]; validationContext?: string };
  if (Array.isArray(fe.validation)) {
    const { message, unknownField } = validationMessage(fe.validation as never, fe.validationContext);
    return new ApiError(unknownField ? 'unknown_field' : 'bad_request', message);
  }
  const mapped = fe.code ? FRAMEWORK_CODES[fe.code] : undefined;
  if (mapped) return framework(mapped, FRAMEWORK_MESSAGES[mapped] ?? fe.message);
  if (err instanceof SyntaxError && fe.statusCode === 400) return framework('invalid_json', FRAMEWORK_MESSAGES.invalid_json!);
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    if (fe.statusCode === 413) return framework('payload_too_large', FRAMEWORK_MESSAGES.payload_too_large!);
    if (fe.statusCode === 415) return framework('unsupported_media_type', FRAMEWORK_MESSAGES.unsupported_media_type!);
    return framework('bad_request', fe.message);
  }
  return new ApiError('internal_error', `internal_error: ${req.id}`);
}

/** Router failures (bad URL encoding, over-long path parameters) before any route matched. */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  void sendError(req, reply, toApiError(err, req));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const apiErr = toApiError(err, req);
    if (apiErr.code === 'internal_error') req.log.error({ err }, 'unexpected failure');
    else req.log.info({ code: apiErr.code, msg: apiErr.message }, 'request rejected');
    return sendError(req, reply, apiErr);
  });
  app.setNotFoundHandler((req, reply) => sendError(req, reply, noRoute(req.method, req.url)));
}

/** The 404 of a request no route answers. */
export function noRoute(method: string, url: string): ApiError {
  return new ApiError('route_not_found', `no route for ${method} ${url.split('?', 1)[0]}`);
}
