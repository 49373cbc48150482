/**
 * Input bounds every route gets, whatever its author wrote: integer parameters are bounded to
 * the safe-integer range unless the schema bounds them; numeric query/path parameters must be
 * finite (`1e309`, `Infinity` are a 400, not an Infinity reaching SQL); a NUL character in the
 * URL or a JSON body is a 400 (PostgreSQL text cannot hold one). (Router-level failures
 * — bad URL encoding, an over-long path parameter — are mapped by src/http/errors.ts.)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/catalogue.js';

type Schema = Record<string, unknown>;

/** A copy of `schema` where every unbounded integer is bounded to ±2^53−1 (no copy if unchanged). */
export function boundIntegers(schema: unknown, depth = 0): unknown {
  if (schema === null || typeof schema !== 'object' || depth > 12) return schema;
  if (Array.isArray(schema)) {
    const items = schema.map((s) => boundIntegers(s, depth + 1));
    return items.some((s, i) => s !== schema[i]) ? items : schema;
  }
  const src = schema as Schema;
  let out: Schema | undefined;
  const set = (k: string, v: unknown) => { out ??= { ...src }; out[k] = v; };
  const type = src.type;
  if (type === 'integer' || (Array.isArray(type) && type.includes('integer'))) {
    if (src.maximum === undefined && src.exclusiveMaximum === undefined) set('maximum', Number.MAX_SAFE_INTEGER);
    if (src.minimum === undefined && src.exclusiveMinimum === undefined) set('minimum', -Number.MAX_SAFE_INTEGER);
  }
  for (const k of ['properties', 'items', 'anyOf', 'oneOf', 'allOf', 'additionalProperties', 'patternProperties']) {
    const child = src[k];
    if (child === undefined || typeof child !== 'object') continue;
    const next = k === 'properties' || k === 'patternProperties'
      ? mapValues(child as Schema, depth)
      : boundIntegers(child, depth + 1);
    if (next !== child) set(k, next);
  }
  return out ?? schema;
}

function mapValues(obj: Schema, depth: number): Schema {
  let out: Schema | undefined;
  for (const [k, v] of Object.entries(obj)) {
    const next = boundIntegers(v, depth + 1);
    if (next !== v) { out ??= { ...obj }; out[k] = next; }
  }
  return out ?? obj;
}

/** Names of the integer/number properties of an object schema (query or path parameters). */
function numericNames(schema: unknown): string[] {
  const props = (schema as Schema | undefined)?.properties as Record<string, Schema> | undefined;
  if (!props) return [];
  const isNum = (s: Schema | undefined): boolean => s !== undefined && (s.type === 'integer' || s.type === 'number'
    || (Array.isArray(s.type) && (s.type.includes('integer') || s.type.includes('number')))
    || ((s.anyOf ?? s.oneOf) as Schema[] | undefined)?.some(isNum) === true);
  return Object.entries(props).filter(([, s]) => isNum(s)).map(([k]) => k);
}

/**
 * ajv (with type coercion) lets `1e309` / `Infinity` through as Infinity, past `maximum`; this
 * check runs before validation on routes with numeric query or path parameters only.
 */
function finiteCheck(query: string[], params: string[]) {
  const bad = (src: unknown, names: string[]): string | undefined => {
    const obj = src as Record<string, unknown> | undefined;
    if (!obj) return undefined;
    for (const n of names) {
      const v = obj[n];
      for (const x of Array.isArray(v) ? v : [v]) {
        if (typeof x === 'string' && x !== '' && !Number.isFinite(Number(x)) && !Number.isNaN(Number(x))) return n;
      }
    }
    return undefined;
  };
  return async (req: FastifyRequest): Promise<void> => {
    const name = bad(req.query, query) ?? bad(req.params, params);
    if (name !== undefined) throw new ApiError('bad_request', `${name} must be a finite number`);
  };
}

export function registerInputBounds(app: FastifyInstance): void {
  app.addHook('onRoute', (opts) => {
    const schema = opts.schema as Schema | undefined;
    if (!schema) return;
    const query = numericNames(schema.querystring);
    const params = numericNames(schema.params);
    if (query.length + params.length > 0) {
      const existing = opts.preValidation === undefined ? [] : Array.isArray(opts.preValidation) ? opts.preValidation : [opts.preValidation];
      opts.preValidation = [finiteCheck(query, params), ...existing] as typeof opts.preValidation;
    }
    let changed: Schema | undefined;
    for (const part of ['querystring', 'params', 'headers', 'body']) {
      if (schema[part] === undefined) continue;
      const next = boundIntegers(schema[part]);
      if (next !== schema[part]) { changed ??= { ...schema }; changed[part] = next; }
    }
    if (changed) opts.schema = changed as typeof opts.schema;
  });
}

/**
 * NUL in the URL (`%00`) or a JSON body (the escape `\u0000`): no route needs one, PostgreSQL
 * rejects it. An escaped backslash followed by `u0000` is text, not NUL, and passes.
 */
const NUL_ESCAPE = /(?:^|[^\\])(?:\\\\)*\\u0000/;

export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (req, _reply, done) => {
    const url = req.url;
    const inUrl = url.includes('%00') || url.includes('\0');
    const body = req.rawBody;
    if (inUrl || (body !== undefined && body.includes('\\u0000') && NUL_ESCAPE.test(body))) {
      done(new ApiError('bad_request', 'NUL characters are not accepted'));
      return;
    }
    done();
  });
}
