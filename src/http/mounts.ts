/**
 * The venue's hosts on one port (docs/venue.md, "hosts"). The root serves the spec's merged
 * interface; `/clob`, `/gamma` and `/data-api` serve the venue's CLOB, Gamma and Data API hosts,
 * each with its own paths (`/markets` and `/trades` are each host's own there); `/relayer` the
 * relayer's `GET /deployed` (src/routes/relayer). The same route
 * module is registered at the root and under a mount; the mount chooses the dialect
 * (`dialectOf(app)` at registration time). Signatures, rate limits, signer limits and faults key
 * on the path WITHOUT the mount (`unmounted`), so `/clob/order` is `/order` to all of them.
 */
export type Dialect = 'spec' | 'clob' | 'gamma' | 'data-api' | 'relayer';

export const MOUNT_PREFIXES: readonly string[] = ['/clob', '/gamma', '/data-api', '/relayer'];

/** A path (or fastify route pattern) without its mount prefix: `/clob/order` → `/order`. */
export function unmounted(path: string): string {
  for (const p of MOUNT_PREFIXES) {
    if (path === p) return '/';
    if (path.startsWith(p) && path[p.length] === '/') return path.slice(p.length);
  }
  return path;
}

/** The dialect of the instance a route module is registered on (its fastify `prefix`). */
export function dialectOf(app: { prefix?: string }): Dialect {
  const prefix = app.prefix ?? '';
  return prefix === '/clob' ? 'clob' : prefix === '/gamma' ? 'gamma' : prefix === '/data-api' ? 'data-api' : prefix === '/relayer' ? 'relayer' : 'spec';
}
