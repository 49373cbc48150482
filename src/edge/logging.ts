/**
 * Logger options for the service (pino through fastify) with secrets redacted from every log
 * line: authentication headers under any configured prefix (SVC_/POLY_ API key, passphrase,
 * signature; builder headers), Authorization and cookies, wherever they appear in a logged
 * object (request headers, errors, nested objects), and secret-looking query parameters in
 * logged URLs. Redaction is by key name, so headers added later are covered too.
 */
import { stdSerializers } from 'pino';
import type { Config } from '../config/config.js';

export const REDACTED = '[Redacted]';

/** Key names whose values are never logged. `token_id`/`tokenId` (market tokens) are not secrets. */
const SECRET_KEY = /^(authorization|proxy-authorization|cookie|set-cookie)$|api[-_]?key|passphrase|signature|secret|password|private[-_]?key|mnemonic|(^|[-_])(token|access[-_]token|bearer)$/i;

export function isSecretKey(name: string): boolean {
  return SECRET_KEY.test(name);
}

const QUERY_PAIR = /([?&])([^=&#]+)=([^&#]*)/g;

/** `/x?api_key=abc&limit=5` → `/x?api_key=[Redacted]&limit=5`. */
export function redactUrl(url: string): string {
  if (!url.includes('?')) return url;
  return url.replace(QUERY_PAIR, (m, sep: string, name: string) => (isSecretKey(safeDecode(name)) ? `${sep}${name}=${REDACTED}` : m));
}

function safeDecode(s: string): string {
  try { return decodeURIComponent(s); } catch { return s; }
}

/** A copy of `value` with secret keys (any depth up to 6) replaced by `[Redacted]`. */
export function scrub(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > 6) return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  if (value instanceof Error) return scrub(stdSerializers.err(value), depth);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (isSecretKey(k)) out[k] = REDACTED;
    else if ((k === 'url' || k === 'originalUrl') && typeof v === 'string') out[k] = redactUrl(v);
    else out[k] = scrub(v, depth + 1);
  }
  return out;
}

/** Fixed paths for pino's fast redaction (belt and braces under `scrub`). */
function redactPaths(prefixes: string[]): string[] {
  const names = prefixes.flatMap((p) => ['API_KEY', 'PASSPHRASE', 'SIGNATURE', 'BUILDER_API_KEY', 'BUILDER_PASSPHRASE', 'BUILDER_SIGNATURE']
    .map((s) => `${p}${s}`.toLowerCase()));
  return ['req.headers.authorization', 'req.headers.cookie', ...names.map((n) => `req.headers["${n}"]`)];
}

export interface LogStream { write(line: string): void }

/** Options for fastify's `logger`; `stream` lets tests capture the lines. */
export function loggerOptions(config: Pick<Config, 'logLevel' | 'headerPrefixes'>, stream?: LogStream): Record<string, unknown> {
  return {
    level: config.logLevel,
    redact: { paths: redactPaths(config.headerPrefixes), censor: REDACTED },
    formatters: { log: (obj: Record<string, unknown>) => scrub(obj) as Record<string, unknown> },
    serializers: { err: (err: Error) => scrub(stdSerializers.err(err)) },
    ...(stream ? { stream } : {}),
  };
}
