/**
 * The L2 (and builder) request signature: HMAC-SHA256 over
 * `timestamp + METHOD + path (no query) + raw body`, keyed by the decoded API secret. Real
 * clients send base64url with `=` padding; the spec says hex. Both (and plain base64, padded or
 * not) are accepted; the comparison is constant-time over the 32 decoded bytes.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Decodes a secret in either base64 alphabet (padding optional). */
export function decodeSecret(secret: string): Buffer {
  return Buffer.from(secret.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

export function l2SigningString(timestamp: string, method: string, path: string, body: string | undefined): string {
  return `${timestamp}${method}${path}${body ?? ''}`;
}

/** The raw 32-byte signature of a request. */
export function l2Signature(secret: Buffer, timestamp: string, method: string, path: string, body: string | undefined): Buffer {
  return createHmac('sha256', secret).update(l2SigningString(timestamp, method, path, body), 'utf8').digest();
}

const HEX_SIG = /^(0x)?[0-9a-fA-F]{64}$/;
const B64_SIG = /^[A-Za-z0-9+/_-]{43}=?$/;

/** Decodes a presented signature (hex, base64 or base64url); undefined when it has neither shape. */
export function decodeSignature(sig: string): Buffer | undefined {
  if (HEX_SIG.test(sig)) return Buffer.from(sig.length === 66 ? sig.slice(2) : sig, 'hex');
  if (B64_SIG.test(sig)) {
    // Node's base64 decoder reads both alphabets (`+/` and `-_`).
    const buf = Buffer.from(sig, 'base64');
    return buf.length === 32 ? buf : undefined;
  }
  return undefined;
}

/** Constant-time check of a presented signature against the expected bytes. */
export function signatureMatches(expected: Buffer, presented: string): boolean {
  const got = decodeSignature(presented);
  if (got === undefined || got.length !== expected.length) return false;
  return timingSafeEqual(got, expected);
}

/** Constant-time string equality (lengths are not secret here: passphrases have a fixed length). */
export function safeEqual(a: string | Buffer, b: string): boolean {
  const x = typeof a === 'string' ? Buffer.from(a, 'utf8') : a;
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}
