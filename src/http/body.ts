/**
 * JSON request bodies. Every route that takes a body takes JSON, so `application/json` (in
 * UTF-8: a `charset` parameter, if any, must say so) is the only body type parsed; a body
 * declared as anything else — text/plain, form-urlencoded, multipart, XML — answers 415
 * `unsupported_media_type` instead of being read as JSON. Every client we test declares its JSON
 * (the official clob-clients send `Content-Type: application/json` on every request, with or
 * without a body). A request without a body needs no content type at all.
 *
 * The raw text is kept on the request because L2 signatures cover the body byte for byte. An
 * empty body sent as `application/json` is accepted (real clients send that on body-less routes);
 * the route's schema then decides whether a body was required. Parsing is strict:
 * prototype-poisoning keys are rejected, not silently stripped.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import sjson from 'secure-json-parse';
import { ApiError } from '../errors/catalogue.js';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

/** The one body type routes accept. */
export const JSON_MEDIA_TYPE = 'application/json';

/** A `charset` parameter other than UTF-8 (the body is read as UTF-8, JSON's encoding). */
function foreignCharset(req: FastifyRequest): string | undefined {
  const m = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(req.headers['content-type'] ?? '');
  if (!m) return undefined;
  const cs = m[1]!.toLowerCase();
  return cs === 'utf-8' || cs === 'utf8' ? undefined : cs;
}

export function registerJsonBody(app: FastifyInstance): void {
  // Fastify's defaults parse application/json and text/plain; only JSON stays, with our parser.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(JSON_MEDIA_TYPE, { parseAs: 'string' }, (req, body, done) => {
    const charset = foreignCharset(req);
    if (charset !== undefined) {
      done(new ApiError('unsupported_media_type', `unsupported charset ${charset}: send ${JSON_MEDIA_TYPE} in UTF-8`), undefined);
      return;
    }
    const text = body as string;
    req.rawBody = text;
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, sjson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      done(new ApiError('invalid_json', 'invalid JSON body'), undefined);
    }
  });
}
