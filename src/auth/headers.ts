/**
 * Reads authentication headers under every configured prefix (`SVC_`, `POLY_` by default).
 * HTTP header names are case-insensitive (node lower-cases them); each header is looked up
 * under the prefixes in order and the first present one wins.
 */
import type { FastifyRequest } from 'fastify';
import { unmounted } from '../http/mounts.js';

export type HeaderReader = (req: FastifyRequest, name: string) => string | undefined;

export function headerReader(prefixes: string[]): HeaderReader {
  const lower = prefixes.map((p) => p.toLowerCase());
  const names = new Map<string, string[]>();
  return (req, name) => {
    let candidates = names.get(name);
    if (!candidates) {
      candidates = lower.map((p) => `${p}${name.toLowerCase()}`);
      names.set(name, candidates);
    }
    for (const h of candidates) {
      const v = req.headers[h];
      if (v !== undefined) return Array.isArray(v) ? v.join(',') : v;
    }
    return undefined;
  };
}

/** `SVC_ADDRESS` (or the POLY_ alias) — names for messages, with the first prefix. */
export function headerLabel(prefixes: string[], name: string): string {
  return `${prefixes[0] ?? ''}${name}`;
}

/** The path the client signed: the request URL without its query string. */
export function signedPath(req: FastifyRequest): string {
  const q = req.url.indexOf('?');
  return unmounted(q === -1 ? req.url : req.url.slice(0, q)); // a mount (/clob) is the client's base URL, not signed

}
