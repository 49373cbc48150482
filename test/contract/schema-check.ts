/**
 * Checks an actual response body against the schema its route declares for that status code,
 * with the ajv the app validates requests with (@fastify/ajv-compiler, resolved from fastify, and
 * the app's AJV_OPTIONS), minus what would change the body under test: no coercion, no defaults,
 * and every error reported.
 *
 * Stricter than the declaration in one way, on purpose: an object that does not say
 * `additionalProperties` gets `additionalProperties: false`. A route whose answer goes through
 * its schema's serializer never sends an undeclared field (fast-json-stringify drops it); a route
 * that sends pre-built bytes would, and then the schema no longer describes the wire. Objects
 * inside `allOf` keep their declaration (closing each part would refuse the other parts' fields).
 */
import { createRequire } from 'node:module';
import { AJV_OPTIONS } from '../../src/http/validation.js';

interface AjvError { instancePath: string; schemaPath: string; keyword: string; message?: string; params?: Record<string, unknown> }
type Validate = ((data: unknown) => boolean) & { errors?: AjvError[] | null };
type BuildFromPool = (external: unknown, options: { customOptions?: Record<string, unknown> }) => (route: { schema: unknown; method: string; url: string; httpPart?: string }) => Validate;

const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const AjvCompiler = fromFastify('@fastify/ajv-compiler') as () => BuildFromPool;
const compile = AjvCompiler()({}, { customOptions: { ...AJV_OPTIONS, coerceTypes: false, useDefaults: false, allErrors: true } });

type Json = Record<string, unknown>;

/** A plain-JSON copy of the schema (TypeBox keeps its bookkeeping in non-enumerable keys), objects closed. */
export function closedSchema(schema: unknown): unknown {
  const copy = JSON.parse(JSON.stringify(schema)) as unknown;
  close(copy, false);
  return copy;
}

function close(node: unknown, inAllOf: boolean): void {
  if (Array.isArray(node)) { for (const n of node) close(n, inAllOf); return; }
  if (!node || typeof node !== 'object') return;
  const s = node as Json;
  if (s.type === 'object' && s.properties && s.additionalProperties === undefined && s.patternProperties === undefined && !inAllOf) {
    s.additionalProperties = false;
  }
  for (const [k, v] of Object.entries(s)) {
    if (k === 'allOf') { close(v, true); continue; }
    if (k === 'properties' || k === 'patternProperties') { for (const p of Object.values(v as Json)) close(p, false); continue; }
    if (k === 'items' || k === 'anyOf' || k === 'oneOf' || k === 'additionalProperties' || k === 'not') close(v, false);
  }
}

const cache = new WeakMap<object, Validate>();

export interface Mismatch { path: string; rule: string; message: string }

/** Every place where `body` breaks `schema`: the JSON path, the schema rule (keyword at its schema path) and ajv's message. */
export function mismatches(schema: unknown, body: unknown, where: { method: string; url: string }): Mismatch[] {
  let validate = cache.get(schema as object);
  if (!validate) {
    validate = compile({ schema: closedSchema(schema), method: where.method, url: where.url, httpPart: 'response' });
    cache.set(schema as object, validate);
  }
  if (validate(body)) return [];
  return (validate.errors ?? []).map((e) => ({
    path: e.instancePath || '/',
    rule: `${e.keyword} at ${e.schemaPath}`,
    message: `${e.message ?? e.keyword}${e.keyword === 'additionalProperties' ? ` (${String(e.params?.additionalProperty)})` : ''}`,
  }));
}

/** The schema a route declares for `status`: the exact code, else its class (`2xx`), else `default`. */
export function responseSchema(response: Record<string, unknown> | undefined, status: number): unknown {
  if (!response) return undefined;
  return response[String(status)] ?? response[`${String(status)[0]}xx`] ?? response.default;
}
