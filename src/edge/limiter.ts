/**
 * The rate limiter, independent of fastify: compiles the rule table into a plan per route
 * (computed once per route and cached by the caller), then checks a request against every
 * window of its plan in one all-or-nothing store call. Routes are matched by method + fastify
 * URL pattern, so routes added later are covered by the table without code changes; a request
 * that matched no route is matched by its path (a 404 scan still counts). Windows counted per
 * API key are checked separately, after the route has authenticated the key (rate-limit.ts).
 */
import { createHash } from 'node:crypto';
import type { Family } from '../http/families.js';
import type { CounterStore, HitResult } from './counters.js';
import type { RateRule } from './limits-table.js';

export interface LimitWindow {
  ruleId: string;
  limit: number;
  windowMs: number;
  /** `prefix + ruleId + ':' + kind + ':'` — the counter key without the client part. */
  keyBase: string;
  /** `ip`: the client address; `key`: the authenticated API key. */
  by: 'ip' | 'key';
}

export interface Plan {
  family: Family;
  /** Windows counted per client address, checked before anything else runs. */
  windows: LimitWindow[];
  limits: number[];
  windowsMs: number[];
  /** Windows counted per authenticated API key, checked once the route has authenticated. */
  keyWindows: LimitWindow[];
  keyLimits: number[];
  keyWindowsMs: number[];
}

export interface Decision {
  allowed: boolean;
  /** The tightest window (least remaining) when allowed; the blocking window when not. */
  ruleId: string;
  limit: number;
  remaining: number;
  resetMs: number;
  /** When refused: how long until every blocking window has room again. */
  retryAfterMs: number;
}

interface CompiledRule { rule: RateRule; routes: Set<string>; patterns: { method: string; re: RegExp }[]; families: Set<Family> }

function patternRegex(pattern: string): RegExp {
  const body = pattern.split('/').map((seg) => {
    if (seg === '*') return '.*';
    if (seg.startsWith(':')) return '[^/]+';
    return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }).join('/');
  return new RegExp(`^${body}$`);
}

/** HEAD is served by the GET route; count it as GET. */
const methodOf = (m: string): string => (m === 'HEAD' ? 'GET' : m);

export class RateLimiter {
  private readonly compiled: CompiledRule[];
  readonly rules: readonly RateRule[];

  constructor(rules: RateRule[], readonly store: CounterStore, private readonly prefix = 'sibyl:rl:') {
    this.rules = rules;
    this.compiled = rules.map((rule) => {
      const routes = (rule.routes ?? []).map((r) => {
        const [method, path] = r.split(' ') as [string, string];
        return { method: methodOf(method), path };
      });
      return {
        rule,
        routes: new Set(routes.map((r) => `${r.method} ${r.path}`)),
        patterns: routes.map((r) => ({ method: r.method, re: patternRegex(r.path) })),
        families: new Set(rule.families ?? []),
      };
    });
  }

  private planOf(family: Family, applies: (c: CompiledRule) => boolean): Plan {
    const windows: LimitWindow[] = [];
    for (const c of this.compiled) {
      if (!c.families.has(family) && !applies(c)) continue;
      const { id, limit, windowS, client, ipLimit } = c.rule;
      const base = `${this.prefix}${id}:`;
      if (client === 'key') {
        windows.push({ ruleId: id, limit, windowMs: windowS * 1000, keyBase: `${base}k:`, by: 'key' });
        windows.push({ ruleId: id, limit: ipLimit ?? limit, windowMs: windowS * 1000, keyBase: `${base}i:`, by: 'ip' });
      } else {
        windows.push({ ruleId: id, limit, windowMs: windowS * 1000, keyBase: `${base}i:`, by: 'ip' });
      }
    }
    const ipWs = windows.filter((w) => w.by === 'ip');
    const keyWs = windows.filter((w) => w.by === 'key');
    return {
      family,
      windows: ipWs, limits: ipWs.map((w) => w.limit), windowsMs: ipWs.map((w) => w.windowMs),
      keyWindows: keyWs, keyLimits: keyWs.map((w) => w.limit), keyWindowsMs: keyWs.map((w) => w.windowMs),
    };
  }

  /** The plan of a matched route: `url` is its fastify pattern (`req.routeOptions.url`). */
  planForRoute(method: string, url: string, family: Family): Plan {
    const key = `${methodOf(method)} ${url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url}`;
    return this.planOf(family, (c) => c.routes.has(key));
  }

  /** The plan of a request that matched no route, from its raw URL. */
  planForPath(method: string, rawUrl: string, family: Family): Plan {
    let path = rawUrl.split('?', 1)[0] ?? '/';
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    const m = methodOf(method);
    return this.planOf(family, (c) => c.patterns.some((p) => p.method === m && p.re.test(path)));
  }

  /** Checks and (only if every address window has room) counts one request. */
  check(plan: Plan, ip: string): Decision | Promise<Decision> {
    const ws = plan.windows;
    const keys = new Array<string>(ws.length);
    for (let i = 0; i < ws.length; i++) keys[i] = ws[i]!.keyBase + ip;
    const res = this.store.hit(keys, plan.limits, plan.windowsMs);
    return res instanceof Promise ? res.then((r) => decide(ws, r)) : decide(ws, res);
  }

  /** The same for the key windows, with the API key the route authenticated. */
  checkKey(plan: Plan, apiKey: string): Decision | Promise<Decision> {
    const ws = plan.keyWindows;
    const hashed = createHash('sha256').update(apiKey).digest('base64url').slice(0, 22);
    const keys = ws.map((w) => w.keyBase + hashed);
    const res = this.store.hit(keys, plan.keyLimits, plan.keyWindowsMs);
    return res instanceof Promise ? res.then((r) => decide(ws, r)) : decide(ws, res);
  }

  /** Gives back what `check` counted, for a request refused later (by a key window). */
  refund(plan: Plan, ip: string): void | Promise<void> {
    return this.store.refund(plan.windows.map((w) => w.keyBase + ip));
  }
}

function decide(ws: LimitWindow[], r: HitResult): Decision {
  if (r.ok) {
    let best = 0;
    let bestRemaining = Infinity;
    for (let i = 0; i < ws.length; i++) {
      const remaining = ws[i]!.limit - r.counts[i]!;
      if (remaining < bestRemaining) { bestRemaining = remaining; best = i; }
    }
    const w = ws[best]!;
    return { allowed: true, ruleId: w.ruleId, limit: w.limit, remaining: Math.max(0, bestRemaining), resetMs: r.ttls[best]!, retryAfterMs: 0 };
  }
  let block = -1;
  for (let i = 0; i < ws.length; i++) {
    if (r.counts[i]! + 1 > ws[i]!.limit && (block < 0 || r.ttls[i]! > r.ttls[block]!)) block = i;
  }
  const w = ws[block]!;
  return { allowed: false, ruleId: w.ruleId, limit: w.limit, remaining: 0, resetMs: r.ttls[block]!, retryAfterMs: r.ttls[block]! };
}
