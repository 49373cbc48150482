/**
 * L1 authentication: the wallet proves control of `SVC_ADDRESS` with an EIP-712 `ClobAuth`
 * signature (what @polymarket/clob-client's createL1Headers sends): viem's EIP-712 digest, then
 * the process's signature recovery (libsecp256k1 or @noble/curves: src/trading/signed/ecdsa.ts),
 * with the signature's own `v` (27/28, or 0/1).
 * Any failure is 401 `Invalid L1 Request headers` (the real text); a stale timestamp adds the
 * server time. The freshness window applies because L1 headers return secrets: a captured
 * signature must not derive credentials forever. Only low-s signatures are accepted (as
 * Ethereum requires of transactions since EIP-2): (r, n − s) with the other recovery bit
 * verifies too, so accepting both would give every signature a second spelling.
 */
import type { FastifyRequest } from 'fastify';
import { getAddress, hashTypedData, isAddress } from 'viem';
import { parseSignature, type Signers } from '../trading/signed/ecdsa.js';
import { errors } from '../errors/catalogue.js';
import { assertFresh } from './freshness.js';
import type { HeaderReader } from './headers.js';

export const CLOB_AUTH_MESSAGE = 'This message attests that I control the given wallet';

export const CLOB_AUTH_TYPES = {
  ClobAuth: [
    { name: 'address', type: 'address' },
    { name: 'timestamp', type: 'string' },
    { name: 'nonce', type: 'uint256' },
    { name: 'message', type: 'string' },
  ],
} as const;

export function clobAuthDomain(chainId: number) {
  return { name: 'ClobAuthDomain', version: '1', chainId } as const;
}

export interface L1Identity {
  /** EIP-55 checksummed. */
  address: string;
  /** Canonical decimal nonce. */
  nonce: string;
}

const INVALID = 'Invalid L1 Request headers';
const MAX_UINT256 = (1n << 256n) - 1n;

export async function verifyL1(
  req: FastifyRequest,
  opts: { header: HeaderReader; chainId: number; windowS: number; nowMs: number; signers: Signers },
): Promise<L1Identity> {
  const address = opts.header(req, 'ADDRESS');
  const signature = opts.header(req, 'SIGNATURE');
  const timestamp = opts.header(req, 'TIMESTAMP');
  const nonceRaw = opts.header(req, 'NONCE') ?? '0';
  if (!address || !signature || !timestamp || !isAddress(address, { strict: false }) || parseSignature(signature) === null) {
    throw errors.unauthorized(INVALID);
  }
  if (!/^\d{1,78}$/.test(nonceRaw) || BigInt(nonceRaw) > MAX_UINT256) throw errors.unauthorized(INVALID);
  assertFresh(timestamp, opts.nowMs, opts.windowS, INVALID, 'SVC_TIMESTAMP');
  const nonce = BigInt(nonceRaw);
  const checksummed = getAddress(address);
  const digest = hashTypedData({
    domain: clobAuthDomain(opts.chainId),
    types: CLOB_AUTH_TYPES,
    primaryType: 'ClobAuth',
    message: { address: checksummed, timestamp, nonce, message: CLOB_AUTH_MESSAGE },
  });
  if (!opts.signers.checkSigner(checksummed, digest, signature).ok) throw errors.unauthorized(INVALID);
  return { address: checksummed, nonce: nonce.toString() };
}
