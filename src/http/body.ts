/**
 * JSON request bodies. The raw text is kept on the request because L2 signatures cover the
 * body byte for byte. An empty body sent as `application/json` is accepted (real clients send
 * that on body-less routes); the route's schema then decides whether a body was required.
 * Parsing is strict: prototype-poisoning keys are rejected, not silently stripped.
 */
import type { FastifyInstance } from 'fastify';
import sjson from 'secure-json-parse';
import { ApiError } from '../errors/catalogue.js';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

export function registerJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, (req, body, done) => {
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
