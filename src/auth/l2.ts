/**
 * L2 (HMAC) authentication and builder attribution headers. Order of checks: headers present,
 * `SVC_ADDRESS` checksummed, timestamp fresh, key known + passphrase + wallet (one message for
 * all three, never saying which), then the signature, and last (writes only) that the signature
 * was not used before (replay.ts): a request refused earlier never consumes its signature.
 * See README.md for the messages.
 */
import type { FastifyRequest } from 'fastify';
import { getAddress, isAddress } from 'viem';
import { errors } from '../errors/catalogue.js';
import { assertFresh } from './freshness.js';
import { signedPath, type HeaderReader } from './headers.js';
import { decodeSignature, l2Signature, safeEqual, signatureMatches } from './hmac.js';
import type { ApiKeys, KeyRecord } from './keys.js';
import type { ReplayGuard } from './replay.js';

export interface AuthContext {
  /** The EIP-55 checksummed address owning the API key. */
  address: string;
  apiKey: string;
}

export const INVALID_API_KEY = 'Unauthorized/Invalid api key';

export interface L2Deps {
  keys: ApiKeys;
  header: HeaderReader;
  windowS: number;
  now(): number;
  /** Refuses a second use of a write's signature (absent: no replay check). */
  replay?: ReplayGuard;
}

const checksummed = new Set<string>();

/** True for an EIP-55 checksummed address (memoised: keccak per request would be the hot path's cost). */
export function isChecksummed(address: string): boolean {
  if (checksummed.has(address)) return true;
  const ok = isAddress(address, { strict: false }) && getAddress(address) === address;
  if (ok) {
    if (checksummed.size >= 100_000) checksummed.clear();
    checksummed.add(address);
  }
  return ok;
}

function checkSignature(req: FastifyRequest, rec: KeyRecord, ts: string, sig: string): boolean {
  const expected = l2Signature(rec.secret, ts, req.method.toUpperCase(), signedPath(req), req.rawBody);
  return signatureMatches(expected, sig);
}

/**
 * Verifies an L2 request. Synchronous when the API key is in the key cache (the usual case: a
 * promise per request was a measurable share of a heartbeat), a promise when the key must be
 * read from the database. Either way a failure is thrown (or rejected) as a 401.
 */
export function verifyL2(req: FastifyRequest, deps: L2Deps): AuthContext | Promise<AuthContext> {
  const { header } = deps;
  const address = header(req, 'ADDRESS');
  const apiKey = header(req, 'API_KEY');
  const passphrase = header(req, 'PASSPHRASE');
  const ts = header(req, 'TIMESTAMP');
  const sig = header(req, 'SIGNATURE');
  if (!address || !apiKey || !passphrase || !ts || !sig) {
    throw errors.unauthorized(
      'Unauthorized: missing L2 headers (SVC_ADDRESS, SVC_API_KEY, SVC_PASSPHRASE, SVC_TIMESTAMP, SVC_SIGNATURE or their POLY_ aliases)',
    );
  }
  if (!isChecksummed(address)) {
    throw errors.unauthorized('Unauthorized: SVC_ADDRESS must be an EIP-55 checksummed address');
  }
  assertFresh(ts, deps.now(), deps.windowS, 'Unauthorized', 'SVC_TIMESTAMP');
  const hit = deps.keys.cached(apiKey);
  if (hit !== undefined) return verifiedWith(req, deps, hit, address, passphrase, ts, sig);
  return deps.keys.lookup(apiKey).then((rec) => verifiedWith(req, deps, rec, address, passphrase, ts, sig));
}

function verifiedWith(
  req: FastifyRequest, deps: L2Deps, rec: KeyRecord | undefined, address: string, passphrase: string, ts: string, sig: string,
): AuthContext | Promise<AuthContext> {
  // Evaluate both comparisons before deciding so the answer time does not say which failed.
  const passOk = rec !== undefined && safeEqual(rec.passphraseBytes, passphrase);
  const walletOk = rec !== undefined && rec.address === address;
  if (!rec || !passOk || !walletOk) throw errors.unauthorized(INVALID_API_KEY);
  if (!checkSignature(req, rec, ts, sig)) {
    throw errors.unauthorized('Unauthorized: invalid L2 signature: expected HMAC-SHA256 of timestamp + METHOD + path + body');
  }
  const auth: AuthContext = { address, apiKey: rec.apiKey };
  // Reads may repeat (official clients reuse headers across the pages of one read); writes may not.
  if (deps.replay === undefined || req.method === 'GET' || req.method === 'HEAD') return auth;
  const claimed = deps.replay.claim(rec.apiKey, decodeSignature(sig)!, Number(ts), deps.now());
  return claimed instanceof Promise ? claimed.then(() => auth) : auth;
}

/**
 * Optional builder attribution headers (`SVC_BUILDER_API_KEY`, `_PASSPHRASE`, `_TIMESTAMP`,
 * `_SIGNATURE`, POLY_ aliases), signed like L2 with the builder's own credentials. Returns the
 * builder's API key, undefined when none of the headers is present; 401 when present but invalid.
 */
export async function verifyBuilderHeaders(req: FastifyRequest, deps: L2Deps): Promise<string | undefined> {
  const { header } = deps;
  const apiKey = header(req, 'BUILDER_API_KEY');
  const passphrase = header(req, 'BUILDER_PASSPHRASE');
  const ts = header(req, 'BUILDER_TIMESTAMP');
  const sig = header(req, 'BUILDER_SIGNATURE');
  if (apiKey === undefined && passphrase === undefined && ts === undefined && sig === undefined) return undefined;
  if (!apiKey || !passphrase || !ts || !sig) {
    throw errors.unauthorized(
      'Unauthorized: incomplete builder headers (SVC_BUILDER_API_KEY, SVC_BUILDER_PASSPHRASE, SVC_BUILDER_TIMESTAMP, SVC_BUILDER_SIGNATURE)',
    );
  }
  assertFresh(ts, deps.now(), deps.windowS, 'Unauthorized: builder headers', 'SVC_BUILDER_TIMESTAMP');
  const rec = await deps.keys.lookup(apiKey);
  const passOk = rec !== undefined && safeEqual(rec.passphraseBytes, passphrase);
  if (!rec || !passOk) throw errors.unauthorized('Unauthorized/Invalid builder api key');
  if (!checkSignature(req, rec, ts, sig)) {
    throw errors.unauthorized('Unauthorized: invalid builder signature: expected HMAC-SHA256 of timestamp + METHOD + path + body');
  }
  return rec.apiKey;
}
