/**
 * API credentials, deterministic per (address, nonce, generation) as in the real service, and
 * never stored: all three values are HMAC-SHA256 outputs keyed by the server master key
 * (src/auth/master-key.ts), so any instance holding the same master key recomputes them.
 * - API key: 16 bytes formatted as a UUID (version-4 / variant bits set so it looks like one);
 * - secret: base64url of 32 bytes with `=` padding (44 chars), what real clients expect;
 * - passphrase: 32 bytes as 64 lowercase hex.
 * `generation` counts the revoked keys of (address, nonce): revoking a key and creating again
 * with the same nonce yields fresh credentials, so a leaked secret stays dead after revocation.
 */
import { createHmac } from 'node:crypto';
import { Type, type Static } from 'typebox';

/** The credentials' shape, the one source: `POST /auth/api-key` and `GET /auth/derive-api-key` answer it. */
export const Credentials = Type.Object({
  apiKey: Type.String({ description: 'UUID-shaped API key' }),
  secret: Type.String({ description: 'base64url (44 chars) HMAC secret' }),
  passphrase: Type.String({ description: '64 hex chars' }),
});
export type Credentials = Static<typeof Credentials>;

export const UUID_SHAPE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

function derive(master: Buffer, purpose: string, address: string, nonce: string, generation: number): Buffer {
  return createHmac('sha256', master).update(`sibyl:${purpose}:v1\n${address}\n${nonce}\n${generation}`).digest();
}

/** Formats 16 bytes as a UUID-shaped string (RFC 4122 version 4 layout). */
export function uuidFromBytes(bytes: Uint8Array): string {
  const b = Buffer.from(bytes.subarray(0, 16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** base64url with `=` padding — the secret encoding of the real service. */
export function base64urlPadded(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
}

/**
 * The credentials of one key. `address` must be checksummed and `nonce` a canonical decimal
 * string, or the derivation would differ between equivalent spellings.
 */
export function deriveCredentials(master: Buffer, address: string, nonce: string, generation: number): Credentials {
  return {
    apiKey: uuidFromBytes(derive(master, 'api-key', address, nonce, generation)),
    secret: base64urlPadded(derive(master, 'secret', address, nonce, generation)),
    passphrase: derive(master, 'passphrase', address, nonce, generation).toString('hex'),
  };
}

/** A fingerprint of the master key (safe to store): detects instances sharing a database with different keys. */
export function masterKeyFingerprint(master: Buffer): string {
  return createHmac('sha256', master).update('sibyl:fingerprint:v1').digest('hex').slice(0, 32);
}
