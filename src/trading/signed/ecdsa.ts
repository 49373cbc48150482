/**
 * Who signed a digest, with @noble/curves' secp256k1 (no ECDSA arithmetic of our own). The
 * first signature of a signer is recovered (ecrecover); its public key is then kept per address,
 * and later signatures of that address are checked with noble's `secp256k1.verify` against it —
 * verification without the recovery's square root: the per-signer part of the work is paid once.
 * Signatures with a high `s` are refused, as the exchange contracts' ECDSA library refuses them.
 * Measured here (2 shared cores): recovery ~3.5 ms, a verification ~1.5–2 ms, the order digest
 * ~70 µs (hashing.ts). A signature that does not verify against the cached key is recovered, so
 * the refusal can name who did sign.
 */
import { secp256k1 } from '@noble/curves/secp256k1';
import { publicKeyToAddress } from 'viem/accounts';
import type { Hex } from 'viem';

const N = secp256k1.CURVE.n;
/** Signers whose key is kept (oldest dropped first beyond this). */
const MAX_KEYS = 10_000;
/** Compressed public keys by lower-case address. */
const keys = new Map<string, Uint8Array>();

function parse(signature: Hex): { r: bigint; s: bigint; bit: number } | null {
  if (signature.length !== 132) return null;
  const r = BigInt(`0x${signature.slice(2, 66)}`);
  const s = BigInt(`0x${signature.slice(66, 130)}`);
  const v = parseInt(signature.slice(130, 132), 16);
  const bit = v >= 27 ? v - 27 : v;
  if (bit !== 0 && bit !== 1) return null;
  if (r <= 0n || r >= N || s <= 0n || s > N >> 1n) return null; // high s: malleable, refused (low-s only)
  return { r, s, bit };
}

/** The address that signed `digest` (ecrecover), or null for an unusable signature. */
export function recoverSigner(digest: Hex, signature: Hex): { address: string; key: Uint8Array } | null {
  const p = parse(signature);
  if (p === null) return null;
  try {
    const key = new secp256k1.Signature(p.r, p.s).addRecoveryBit(p.bit).recoverPublicKey(digest.slice(2));
    return { address: publicKeyToAddress(`0x${key.toHex(false)}`), key: key.toRawBytes(true) };
  } catch {
    return null;
  }
}

function verifyWith(key: Uint8Array, digest: Hex, signature: Hex): boolean {
  const p = parse(signature);
  if (p === null) return false;
  try {
    return secp256k1.verify(new secp256k1.Signature(p.r, p.s), digest.slice(2), key);
  } catch {
    return false;
  }
}

/**
 * Whether `address` signed `digest`. Uses the address's cached key when there is one; else
 * recovers, and caches the key when it is the address's. Answers the recovered address on failure.
 */
export function checkSigner(address: string, digest: Hex, signature: Hex): { ok: true } | { ok: false; recovered: string | null } {
  const who = address.toLowerCase();
  const cached = keys.get(who);
  if (cached !== undefined && verifyWith(cached, digest, signature)) return { ok: true };
  const rec = recoverSigner(digest, signature);
  if (rec === null) return { ok: false, recovered: null };
  if (rec.address.toLowerCase() !== who) return { ok: false, recovered: rec.address };
  if (cached === undefined) {
    if (keys.size >= MAX_KEYS) keys.delete(keys.keys().next().value!);
    keys.set(who, rec.key);
  }
  return { ok: true };
}
