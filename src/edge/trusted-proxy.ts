/**
 * Is a socket's peer one of the trusted proxies of SIBYL_TRUST_PROXY? The per-address
 * connection cap (connections.ts) must not apply to a trusted proxy's own address: every
 * client behind it connects from there, and the per-client limit is the rate limiter's (which
 * reads X-Forwarded-For from trusted proxies through `req.ip`). Same semantics as fastify's
 * `trustProxy` (fastify/lib/request.js, @fastify/proxy-addr), so both agree on who is a proxy:
 * - `true`: every peer is a proxy;  `false`: none;
 * - a number (hop count): none — fastify cannot validate the immediate peer and trusts none;
 * - a comma list of addresses, CIDRs (`10.0.0.0/8`, `10.0.0.0/255.0.0.0`) and the names
 *   `loopback`, `linklocal`, `uniquelocal`. An IPv4-mapped IPv6 peer matches its IPv4 form.
 */
import { BlockList, isIP, isIPv4 } from 'node:net';

const NAMED: Record<string, string[]> = {
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  loopback: ['127.0.0.1/8', '::1/128'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

function maskBits(mask: string): number {
  const bits = mask.split('.').map((o) => Number(o).toString(2).padStart(8, '0')).join('');
  if (!/^1*0*$/.test(bits)) throw new TypeError(`invalid netmask: ${mask}`);
  return bits.indexOf('0') === -1 ? 32 : bits.indexOf('0');
}

function add(list: BlockList, note: string): void {
  const slash = note.lastIndexOf('/');
  const addr = slash === -1 ? note : note.slice(0, slash);
  const kind = isIP(addr);
  if (kind === 0) throw new TypeError(`SIBYL_TRUST_PROXY: invalid IP address: ${addr}`);
  const type = kind === 4 ? 'ipv4' : 'ipv6';
  if (slash === -1) return list.addAddress(addr, type);
  const range = note.slice(slash + 1);
  const prefix = /^\d+$/.test(range) ? Number(range) : kind === 4 && isIPv4(range) ? maskBits(range) : NaN;
  if (!(prefix > 0 && prefix <= (kind === 4 ? 32 : 128))) throw new TypeError(`SIBYL_TRUST_PROXY: invalid range on address: ${note}`);
  list.addSubnet(addr, prefix, type);
}

/** A predicate over a socket's `remoteAddress`: true when that peer is a trusted proxy. */
export function trustedPeer(trustProxy: boolean | string | number): (address: string) => boolean {
  if (trustProxy === true) return () => true;
  if (typeof trustProxy !== 'string') return () => false;
  const list = new BlockList();
  for (const item of trustProxy.split(',').map((s) => s.trim()).filter(Boolean)) {
    for (const note of NAMED[item] ?? [item]) add(list, note);
  }
  return (address) => {
    const kind = isIP(address);
    return kind !== 0 && list.check(address, kind === 4 ? 'ipv4' : 'ipv6');
  };
}
