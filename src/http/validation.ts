/**
 * Schema validation of requests, set once for every route. Query strings, path parameters and
 * headers arrive as text, so their schemas coerce (`limit=5` is the integer 5, `active=true` the
 * boolean, and a single `market=` value fills an array) — the spec's parameters keep their
 * documented parsing. JSON bodies already carry types, so a body is never coerced: `true` is
 * not the slug "true", `0` and `null` are not booleans, `"5"` is not an integer. A client that
 * sends the wrong type gets a 400 naming the field instead of a silently converted value.
 *
 * Fastify compiles each request part with the validator its `compilersFactory` builds; this
 * wraps fastify's own (@fastify/ajv-compiler, resolved from fastify so it is the very copy fastify
 * ships with) into one that picks, per part, an ajv with or without coercion. Both share every
 * other option (`ajv.customOptions` in app.ts) and the formats plugin.
 */
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type ValidatorFactory = NonNullable<NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator']>;
interface RouteSchema { schema: unknown; method: string; url: string; httpPart?: string }
type Compile = (route: RouteSchema) => unknown;
type BuildFromPool = (externalSchemas: unknown, options: { customOptions?: Record<string, unknown> }) => Compile;

const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const AjvCompiler = fromFastify('@fastify/ajv-compiler') as () => BuildFromPool;

/** Options every validator shares; query strings coerce (`'array'`: one value fills an array). */
export const AJV_OPTIONS = {
  coerceTypes: 'array' as const, removeAdditional: false, useDefaults: true, allErrors: false,
  strictNumbers: true, // no NaN/Infinity: src/edge/README.md
  verbose: true, // errors carry their schema, so a failed union can be described (validation-message.ts)
};

/** The request part whose values are taken exactly as sent. */
const EXACT_PART = 'body';

/** A validator factory: bodies validate without type coercion, every other part with it. */
export function exactBodyValidators(): ValidatorFactory {
  const pool = AjvCompiler();
  const factory: BuildFromPool = (externalSchemas, options) => {
    const coercing = pool(externalSchemas, options);
    const exact = pool(externalSchemas, { ...options, customOptions: { ...options?.customOptions, coerceTypes: false } });
    return (route) => (route.httpPart === EXACT_PART ? exact : coercing)(route);
  };
  return factory as unknown as ValidatorFactory;
}
