/**
 * Turns the schema validator's first error into the one-line message a client can act on:
 * `limit must be <= 100`, `q is required`, `active must be boolean`. Messages name the
 * parameter as the client wrote it, never the validator's internals. A union (`anyOf`) that no
 * form matches is described as a whole: its literal values, or its `description`; so is a string
 * failing its pattern. Such descriptions are therefore written to follow "must be" ("a 0x-prefixed
 * 20-byte hex address").
 */
export interface AjvLikeError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  /** The schema holding the failed keyword (ajv's `verbose` option, set in src/http/validation.ts). */
  parentSchema?: unknown;
}

function unionMessage(name: string, schema: unknown): string {
  const s = (schema ?? {}) as { anyOf?: unknown[]; oneOf?: unknown[]; description?: unknown };
  const forms = s.anyOf ?? s.oneOf ?? [];
  const literals = forms.map((f) => (f !== null && typeof f === 'object' && 'const' in f ? (f as { const: unknown }).const : undefined));
  if (forms.length > 0 && literals.every((v) => v !== undefined)) return `${name} must be one of: ${literals.join(', ')}`;
  if (typeof s.description === 'string') return `${name} must be ${s.description}`;
  return `${name} is invalid`;
}

export function fieldName(instancePath: string, context: string | undefined): string {
  const parts = instancePath.split('/').filter(Boolean).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (parts.length === 0) return context === 'body' ? 'body' : context ?? 'request';
  return parts.map((p, i) => (/^\d+$/.test(p) ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

const TYPE_WORDS: Record<string, string> = {
  integer: 'an integer',
  number: 'a number',
  boolean: 'boolean (true or false)',
  string: 'a string',
  array: 'an array',
  object: 'an object',
};

/** The field the message is about, as the client wrote it (`order.salt`, `[3].order.side`). */
export function validationField(errors: AjvLikeError[], context: string | undefined): string {
  const e = errors.find((x) => x.keyword === 'anyOf' || x.keyword === 'oneOf') ?? errors[0];
  if (!e) return context ?? 'request';
  return e.keyword === 'required' || e.keyword === 'additionalProperties'
    ? [fieldName(e.instancePath, undefined), String(e.params.missingProperty ?? e.params.additionalProperty)].filter((p) => p && p !== 'request').join('.')
    : fieldName(e.instancePath, context);
}

export function validationMessage(errors: AjvLikeError[], context: string | undefined): { message: string; unknownField?: string } {
  // A value matching none of a union's forms: the validator lists each form's complaint, then
  // the union's own error (last: validation stops there). The first complaint would only say why
  // the first form did not fit ("must be a string" for a number that is merely too small), so the
  // union answers as a whole: its literal values, else its description (the rule in words).
  const union = errors.find((x) => x.keyword === 'anyOf' || x.keyword === 'oneOf');
  if (union) return { message: unionMessage(fieldName(union.instancePath, context), union.parentSchema) };
  const e = errors[0];
  if (!e) return { message: 'invalid request' };
  const name = fieldName(e.instancePath, context);
  const p = e.params;
  switch (e.keyword) {
    case 'required': {
      const missing = String(p.missingProperty);
      return { message: `${e.instancePath ? `${name}.` : ''}${missing} is required` };
    }
    case 'additionalProperties':
      return { message: `unknown_field: ${String(p.additionalProperty)}`, unknownField: String(p.additionalProperty) };
    case 'type': {
      const t = String(p.type).split(',')[0] ?? '';
      return { message: `${name} must be ${TYPE_WORDS[t] ?? t}` };
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { message: `${name} must be ${String(p.comparison)} ${String(p.limit)}` };
    case 'minLength':
      return { message: `${name} must be at least ${String(p.limit)} characters` };
    case 'maxLength':
      return { message: `${name} must be at most ${String(p.limit)} characters` };
    case 'minItems':
      return { message: `${name} must have at least ${String(p.limit)} items` };
    case 'maxItems':
      return { message: `${name} must have at most ${String(p.limit)} items` };
    case 'enum':
      return { message: `${name} must be one of: ${(p.allowedValues as unknown[]).join(', ')}` };
    case 'const':
      return { message: `${name} must be ${JSON.stringify(p.allowedValue)}` };
    case 'pattern':
    case 'format': {
      const rule = (e.parentSchema as { description?: unknown } | undefined)?.description;
      return { message: typeof rule === 'string' ? `${name} must be ${rule}` : `${name} is invalid` };
    }
    default:
      return { message: `${name} ${e.message ?? 'is invalid'}` };
  }
}
