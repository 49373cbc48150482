/**
 * API families. The spec gives catalog routes the typed error shape `{type, error}` and every
 * other route the simple `{error}`. A route declares its family in `config.family`; a request
 * that matched no route is classified by its path so that its 404 has the family's shape.
 */
import { unmounted } from './mounts.js';
export type Family = 'catalog' | 'clob' | 'data' | 'admin' | 'basic';

const CATALOG_PREFIXES = ['/events', '/comments', '/public-search', '/tags', '/series', '/markets/slug/'];

export function familyOfPath(url: string): Family {
  const raw = url.split('?', 1)[0] ?? '/';
  if (raw === '/gamma' || raw.startsWith('/gamma/')) return 'catalog';
  if (raw === '/data-api' || raw.startsWith('/data-api/')) return 'data';
  const path = unmounted(raw);
  if (path.startsWith('/admin')) return 'admin';
  if (CATALOG_PREFIXES.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`) || path === p.replace(/\/$/, ''))) {
    return 'catalog';
  }
  if (/^\/markets\/[^/]+\/tags\/?$/.test(path)) return 'catalog';
  if (path === '/positions' || path === '/activity' || path === '/holders') return 'data';
  return 'clob';
}

export function usesTypedShape(family: Family): boolean {
  return family === 'catalog';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    family?: Family;
  }
}
