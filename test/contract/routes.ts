/**
 * The routes a running app has registered, read from the app itself, and the request-to-route
 * match the router makes. `app.printRoutes()` is the public way to walk fastify's router; the
 * router's own table (find-my-way, the copy fastify ships with) carries each route's context,
 * whose `schema` is exactly what the route declared. Nothing here lists routes by hand, so a
 * route added anywhere (a route module, a plugin, app.ts) shows up here.
 */
import { createRequire } from 'node:module';
import type { App } from '../../src/http/app-type.js';

export interface RegisteredRoute {
  method: string;
  /** The path as registered, `:name` for parameters and `*` for a wildcard. */
  path: string;
  /** `METHOD path`. */
  key: string;
  /** The route's schema as declared (`response` by status code), undefined when none. */
  schema: { response?: Record<string, unknown>; hide?: boolean } | undefined;
  config: Record<string, unknown>;
  /** Registered by fastify itself: the HEAD twin of a GET route. */
  headTwin: boolean;
}

/** An entry of the merged table: the method-strategy constraint holds the route's method. */
interface MergedRoute { path: string; opts: { constraints?: Record<string, unknown> }; store: { schema?: RegisteredRoute['schema']; config?: Record<string, unknown> } }

const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const Router = fromFastify('find-my-way') as { prototype: { _rebuild(routes: MergedRoute[]): void } };
const METHOD = (fromFastify('find-my-way/lib/strategies/http-method') as { name: string }).name;

export function registeredRoutes(app: App): RegisteredRoute[] {
  let merged: MergedRoute[] | undefined;
  const rebuild = Router.prototype._rebuild;
  Router.prototype._rebuild = function capture(routes: MergedRoute[]) {
    merged = routes;
    return rebuild.call(this, routes);
  };
  try {
    app.printRoutes();
  } finally {
    Router.prototype._rebuild = rebuild;
  }
  if (!merged || merged.length === 0) throw new Error('could not read the route table through app.printRoutes()');
  const table = merged.map((r) => ({ method: String(r.opts.constraints?.[METHOD]), path: r.path, store: r.store }));
  const gets = new Set(table.filter((r) => r.method === 'GET').map((r) => r.path));
  return table.map((r) => ({
    method: r.method, path: r.path, key: `${r.method} ${r.path.replace(/(:\w+)\([^/]*\)/g, '$1')}`, // `:id(^\\d+$)` is `:id` in the document
    schema: r.store.schema, config: r.store.config ?? {},
    headTwin: r.method === 'HEAD' && gets.has(r.path),
  }));
}

function pattern(path: string): { re: RegExp; rank: number } {
  let params = 0;
  let wild = 0;
  const body = path.split('/').map((seg) => {
    if (seg === '*') { wild++; return '.*'; }
    const re = /^:\w+\(\^?(.*?)\$?\)$/.exec(seg); // a parameter with its own pattern, `:id(^\\d+$)`, as find-my-way matches it
    if (re) { params++; return `(?:${re[1]})`; }
    if (seg.startsWith(':')) { params++; return '[^/]+'; }
    return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }).join('/');
  return { re: new RegExp(`^${body}/?$`), rank: wild * 1000 + params };
}

/** The route a request reaches: static segments win over parameters, parameters over wildcards (as find-my-way decides). */
export function routeFor(routes: RegisteredRoute[], method: string, url: string): RegisteredRoute | undefined {
  const path = url.split('?')[0]!;
  let best: { route: RegisteredRoute; rank: number } | undefined;
  for (const route of routes) {
    if (route.method !== method) continue;
    const p = pattern(route.path);
    if (p.re.test(path) && (!best || p.rank < best.rank)) best = { route, rank: p.rank };
  }
  return best?.route;
}
