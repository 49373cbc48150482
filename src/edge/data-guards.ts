/**
 * The edge rules specific to the data API (/positions, /activity, /holders), as route hooks:
 * - the caller allowlist (SIBYL_DATA_ALLOWLIST): IPv4, IPv6 and CIDR ranges in a node
 *   `net.BlockList`; the client address is fastify's `req.ip`, so SIBYL_TRUST_PROXY applies.
 *   Callers outside it get 403 `unauthorized: ip_not_allowlisted`, before anything else runs.
 * - strict query strings: a parameter the route does not know is `unknown_field: <name>`, a
 *   parameter given twice is `duplicate parameter: <name>` (both 400), checked before the
 *   schema so the client sees the real mistake rather than a type error.
 */
import { BlockList, isIP } from 'node:net';
import type { FastifyRequest, onRequestAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify';
import { ApiError, errors } from '../errors/catalogue.js';

export const NOT_ALLOWLISTED = 'unauthorized: ip_not_allowlisted';

/** Builds the allowlist of SIBYL_DATA_ALLOWLIST entries (already syntax-checked by the config). */
export function buildAllowlist(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const raw of entries) {
    const [addr = '', bits] = raw.split('/');
    const type = isIP(addr) === 6 ? 'ipv6' : 'ipv4';
    if (isIP(addr) === 0) throw new Error(`SIBYL_DATA_ALLOWLIST: not an IP address: ${raw}`);
    if (bits === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(bits), type);
  }
  return list;
}

/** True if `ip` is on the list; an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) also matches as IPv4. */
export function allowed(list: BlockList, ip: string | undefined): boolean {
  if (!ip) return false;
  const kind = isIP(ip);
  if (kind === 4) return list.check(ip, 'ipv4');
  if (kind !== 6) return false;
  if (list.check(ip, 'ipv6')) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped !== null && list.check(mapped[1]!, 'ipv4');
}

/** onRequest hook enforcing the allowlist; undefined (no hook) when the API is open. */
export function allowlistHook(entries: readonly string[] | undefined): onRequestAsyncHookHandler | undefined {
  if (entries === undefined) return undefined;
  const list = buildAllowlist(entries);
  return async (req: FastifyRequest) => {
    if (!allowed(list, req.ip)) throw new ApiError('forbidden', NOT_ALLOWLISTED);
  };
}

/** preValidation hook: unknown and repeated query parameters are 400s. */
export function strictQueryHook(schema: { properties: Record<string, unknown> }): preValidationAsyncHookHandler {
  const known = new Set(Object.keys(schema.properties));
  return async (req: FastifyRequest) => {
    const q = req.query as Record<string, unknown>;
    for (const key of Object.keys(q)) {
      if (!known.has(key)) throw errors.unknownField(key);
    }
    for (const key of Object.keys(q)) {
      if (Array.isArray(q[key])) throw errors.badRequest(`duplicate parameter: ${key}`);
    }
  };
}

/** The hooks every data route carries. */
export function dataHooks(allowlist: readonly string[] | undefined, schema: { properties: Record<string, unknown> }) {
  const onRequest = allowlistHook(allowlist);
  return { ...(onRequest ? { onRequest } : {}), preValidation: strictQueryHook(schema) };
}
