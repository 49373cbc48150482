/**
 * JSON request bodies. The raw text is kept on the request because L2 signatures cover the
 * body byte for byte. An empty body sent as `application/json` is accepted (real clients send
 * that on body-less routes); the route's schema then decides whether a body was required.
 * Parsing is strict: prototype-poisoning keys are rejected, not silently stripped.
 *
 * Reading: a small request usually arrives whole with its headers, so by the time the parser
 * runs (after the async onRequest hooks) node has buffered all of it and marked the message
 * complete; it is then taken with one synchronous `read()` instead of a round of stream events
 * (`resume`, `data`, `end`: two event-loop hops per request). Otherwise the stream is read
 * as fastify's own string parser does, with the same limits and errors.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorCodes } from 'fastify';
import type { Readable } from 'node:stream';
import sjson from 'secure-json-parse';
import { ApiError } from '../errors/catalogue.js';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

type Done = (err: Error | null, body?: unknown) => void;

function parse(req: FastifyRequest, text: string, done: Done): void {
  req.rawBody = text;
  if (text.trim() === '') {
    done(null, undefined);
    return;
  }
  let body: unknown;
  try {
    body = sjson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    done(new ApiError('invalid_json', 'invalid JSON body'), undefined);
    return;
  }
  done(null, body);
}

/** Reads the body from the stream: fastify's `rawBody` for strings (limit, length check, errors). */
function readStream(req: FastifyRequest, payload: Readable & { receivedEncodedLength?: number }, limit: number, contentLength: number, done: Done): void {
  let received = 0;
  const chunks: Buffer[] = [];
  const cleanup = () => {
    payload.removeListener('data', onData);
    payload.removeListener('end', onEnd);
    payload.removeListener('error', onEnd);
  };
  function onData(chunk: Buffer | string) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    received += buf.length;
    if (received > limit || (payload.receivedEncodedLength ?? 0) > limit) {
      cleanup();
      done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
      return;
    }
    chunks.push(buf);
  }
  function onEnd(err?: Error & { statusCode?: number }) {
    cleanup();
    if (err != null) {
      if (!(typeof err.statusCode === 'number' && err.statusCode >= 400)) err.statusCode = 400;
      done(err, undefined);
      return;
    }
    if (!Number.isNaN(contentLength) && (payload.receivedEncodedLength || received) !== contentLength) {
      done(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH(), undefined);
      return;
    }
    const text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, received).toString('utf8');
    parse(req, text, done);
  }
  payload.on('data', onData);
  payload.on('end', onEnd);
  payload.on('error', onEnd);
  payload.resume();
}

export function registerJsonBody(app: FastifyInstance): void {
  const defaultLimit = app.initialConfig.bodyLimit ?? 1_048_576;
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(['application/json', 'text/plain'], (req: FastifyRequest, payload: Readable, done: Done) => {
    const limit = req.routeOptions.bodyLimit ?? defaultLimit;
    const contentLength = Number(req.headers['content-length']);
    if (contentLength > limit) {
      done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
      return;
    }
    const raw = req.raw;
    if (payload === raw && raw.complete && !raw.readableFlowing && raw.readableEncoding === null && raw.readableLength === contentLength) {
      const buf = raw.read() as Buffer | null;
      if (contentLength === 0 || (buf !== null && buf.length === contentLength)) {
        parse(req, buf === null ? '' : buf.toString('utf8'), done);
        return;
      }
      // Not what was buffered after all (never expected): fall back, keeping what was read.
      if (buf !== null) raw.unshift(buf);
    }
    readStream(req, payload, limit, contentLength, done);
  });
}
