/**
 * Turns the schema validator's first error into the one-line message a client can act on:
 * `limit must be <= 100`, `q is required`, `active must be boolean`. Messages name the
 * parameter as the client wrote it, never the validator's internals.
 */
interface AjvLikeError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

function fieldName(instancePath: string, context: string | undefined): string {
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

export function validationMessage(errors: AjvLikeError[], context: string | undefined): { message: string; unknownField?: string } {
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
    case 'format':
      return { message: `${name} is invalid` };
    default:
      return { message: `${name} ${e.message ?? 'is invalid'}` };
  }
}
