/**
 * The rate-limit table: the spec's Limits table (every row) as typed defaults, plus the
 * documented extensions (data-API cap, batch trading writes), and the loader of a deployment's
 * override file (SIBYL_RATE_LIMITS=<path>.json). See src/edge/README.md for the semantics.
 *
 * A rule counts either a whole family's traffic (`families`) or listed routes (`routes`, as
 * `METHOD /fastify/url/:pattern`). Rules apply to a request when its route (or, for a request
 * that matched no route, its path) is listed or its family is; every applicable rule must have
 * room for the request to pass.
 */
import { readFileSync } from 'node:fs';
import type { Family } from '../http/families.js';

export interface RateRule {
  id: string;
  limit: number;
  windowS: number;
  families?: Family[];
  routes?: string[];
  /**
   * Who a counter belongs to. `ip` (default): the client address (trustProxy honoured).
   * `key`: trading writes — counted per API key header AND per client address (`ipLimit`,
   * default `limit`), so a spoofed or rotated key header never escapes the address's cap.
   */
  client?: 'ip' | 'key';
  ipLimit?: number;
  /** Where the row comes from; documentation only. */
  note?: string;
}

const S10 = 10;
/** The pseudo-route failed operator authentications are counted under (no request has it). */
export const OPERATOR_AUTH_FAILURES = 'POST /admin/.auth-failures';
const MIN10 = 600;
const route = (id: string, r: string, limit: number, note = 'spec'): RateRule => ({ id, limit, windowS: S10, routes: [r], note });
const trading = (id: string, r: string, burst: number, sustained: number, note: string): RateRule[] => [
  { id: `${id}-burst`, limit: burst, windowS: S10, routes: [r], client: 'key', note },
  { id: `${id}-sustained`, limit: sustained, windowS: MIN10, routes: [r], client: 'key', note },
];

/** The built-in table. Ids are stable: an override file refers to rules by id. */
export const DEFAULT_RULES: readonly RateRule[] = Object.freeze([
  { id: 'catalog', limit: 4000, windowS: S10, families: ['catalog'], note: 'spec: Catalog API, general' },
  route('events', 'GET /events', 500),
  route('markets', 'GET /markets', 300),
  { id: 'listing', limit: 900, windowS: S10, routes: ['GET /events', 'GET /markets'], note: 'spec: GET /events and GET /markets combined' },
  route('tags', 'GET /tags', 200),
  route('public-search', 'GET /public-search', 350),
  { id: 'clob', limit: 5000, windowS: S10, families: ['clob'], routes: ['GET /'], note: 'spec: CLOB API, general (the health check is a CLOB row)' },
  route('health', 'GET /', 50),
  route('book', 'GET /book', 200),
  route('books', 'POST /books', 80),
  route('price', 'GET /price', 200),
  route('prices', 'POST /prices', 80),
  route('midpoint', 'GET /midpoint', 200),
  route('prices-history', 'GET /prices-history', 100),
  route('batch-prices-history', 'POST /batch-prices-history', 80),
  route('trades', 'GET /trades', 150),
  ...trading('post-order', 'POST /order', 2400, 24000, 'spec'),
  ...trading('delete-order', 'DELETE /order', 2400, 24000, 'spec'),
  // Extensions (not in the spec): the real services' numbers for the other trading writes, so
  // that batch routes cannot bypass the single-order windows, and a general data-API cap.
  ...trading('post-orders', 'POST /orders', 1000, 15000, 'extension'),
  ...trading('delete-orders', 'DELETE /orders', 1000, 15000, 'extension'),
  ...trading('cancel-all', 'DELETE /cancel-all', 250, 6000, 'extension'),
  ...trading('cancel-market-orders', 'DELETE /cancel-market-orders', 1000, 15000, 'extension'),
  { id: 'data', limit: 1000, windowS: S10, families: ['data'], note: 'extension: data API, general' },
  // Failed operator authentications only (src/http/operator-auth.ts counts them under this
  // route name, which no request has): past it every operator request of the address is a 429.
  { id: 'operator-auth-failures', limit: 20, windowS: 60, routes: [OPERATOR_AUTH_FAILURES], note: 'extension: wrong operator tokens per address' },
] satisfies RateRule[]);

export class RateLimitConfigError extends Error {
  constructor(file: string, detail: string) {
    super(`invalid configuration: SIBYL_RATE_LIMITS=${JSON.stringify(file)}: ${detail}`);
    this.name = 'RateLimitConfigError';
  }
}

const FAMILIES: Family[] = ['catalog', 'clob', 'data', 'admin', 'basic'];
const ROUTE_RE = /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) \/[^\s?#]*$/;
const FIELDS = new Set(['id', 'limit', 'windowS', 'families', 'routes', 'client', 'ipLimit', 'note', 'off']);

function positiveInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
}

/** Checks one (possibly partial) rule from a file; returns an error text or undefined. */
function ruleProblem(r: Record<string, unknown>, partial: boolean): string | undefined {
  for (const k of Object.keys(r)) if (!FIELDS.has(k)) return `unknown field "${k}"`;
  if (typeof r.id !== 'string' || !/^[A-Za-z0-9_.-]{1,64}$/.test(r.id)) return 'id must be 1-64 characters from A-Z a-z 0-9 _ . -';
  if (r.off !== undefined && r.off !== true) return 'off must be true when present';
  if (r.off === true) return undefined;
  if (!partial || r.limit !== undefined) if (!positiveInt(r.limit)) return 'limit must be a positive integer';
  if (!partial || r.windowS !== undefined) if (!positiveInt(r.windowS)) return 'windowS must be a positive integer (seconds)';
  if (r.ipLimit !== undefined && !positiveInt(r.ipLimit)) return 'ipLimit must be a positive integer';
  if (r.client !== undefined && r.client !== 'ip' && r.client !== 'key') return 'client must be "ip" or "key"';
  if (r.families !== undefined && (!Array.isArray(r.families) || r.families.some((f) => !FAMILIES.includes(f as Family)))) {
    return `families must be an array of ${FAMILIES.join(', ')}`;
  }
  if (r.routes !== undefined && (!Array.isArray(r.routes) || r.routes.some((x) => typeof x !== 'string' || !ROUTE_RE.test(x)))) {
    return 'routes must be an array of "METHOD /path" strings (fastify patterns, e.g. "GET /markets/:id")';
  }
  if (!partial && !(r.families as unknown[] | undefined)?.length && !(r.routes as unknown[] | undefined)?.length) {
    return 'a new rule needs families or routes';
  }
  return undefined;
}

/**
 * Applies an override document to the defaults. Format:
 *   { "replace"?: boolean, "rules": [ { "id": "book", "limit": 400 }, { "id": "data", "off": true }, {new rule} ] }
 * A rule with a known id changes only the fields it gives; `"off": true` removes it; a new id
 * adds a full rule; `"replace": true` starts from an empty table instead of the defaults.
 */
export function applyOverride(defaults: readonly RateRule[], doc: unknown, file = '<inline>'): RateRule[] {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new RateLimitConfigError(file, 'expected a JSON object {"rules": [...]}');
  const { replace, rules, ...rest } = doc as Record<string, unknown>;
  const extra = Object.keys(rest);
  if (extra.length) throw new RateLimitConfigError(file, `unknown top-level field "${extra[0]}" (expected "rules", "replace")`);
  if (replace !== undefined && typeof replace !== 'boolean') throw new RateLimitConfigError(file, '"replace" must be a boolean');
  if (!Array.isArray(rules)) throw new RateLimitConfigError(file, '"rules" must be an array');
  const table = new Map<string, RateRule>(replace ? [] : defaults.map((r) => [r.id, { ...r }]));
  rules.forEach((raw: unknown, i) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new RateLimitConfigError(file, `rules[${i}] must be an object`);
    const r = raw as Record<string, unknown>;
    const existing = typeof r.id === 'string' ? table.get(r.id) : undefined;
    const problem = ruleProblem(r, existing !== undefined);
    if (problem) throw new RateLimitConfigError(file, `rules[${i}]${typeof r.id === 'string' ? ` (${r.id})` : ''}: ${problem}`);
    if (r.off === true) {
      table.delete(r.id as string);
      return;
    }
    table.set(r.id as string, { ...existing, ...(r as unknown as RateRule) });
  });
  return [...table.values()];
}

/** The effective table for `config.rateLimits`; `off` yields no rules. */
export function loadRules(setting: 'off' | 'default' | { file: string }): RateRule[] {
  if (setting === 'off') return [];
  if (setting === 'default') return DEFAULT_RULES.map((r) => ({ ...r }));
  let text: string;
  try {
    text = readFileSync(setting.file, 'utf8');
  } catch (err) {
    throw new RateLimitConfigError(setting.file, `cannot read the file (${(err as Error).message})`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new RateLimitConfigError(setting.file, `not valid JSON (${(err as Error).message})`);
  }
  return applyOverride(DEFAULT_RULES, doc, setting.file);
}
