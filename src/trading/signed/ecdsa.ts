/**
 * Who signed a digest: ecrecover as the exchange contracts and EIP-712 verifiers do it, with the
 * signature's own recovery bit (`v`), through the process's `Recovery` (libsecp256k1, or
 * @noble/curves where the binding cannot load: secp256k1.ts). Each check recovers the key with
 * the posted `v`, so a signature whose `v` is flipped recovers another key and is refused — as
 * the contract would refuse it. The per-signer part is paid once: a signer's public key is kept
 * per address, and a recovered key equal to the kept one needs no address hash (keccak) at all.
 * Signatures with a high `s` are refused, as the exchange contracts' ECDSA library refuses them
 * (and as Ethereum requires since EIP-2): (r, n − s) with the other bit would be a second spelling.
 * One `Signers` per process, built in the composition root; its cache is bounded.
 */
import { getAddress, keccak256, type Hex } from 'viem';
import { secp256k1 as noble } from '@noble/curves/secp256k1';
import type { Recovery } from './secp256k1.js';

const N = noble.CURVE.n;
const HALF_N = N >> 1n;
/** Signers whose key is kept (oldest dropped first beyond this). */
const MAX_KEYS = 10_000;
const SIGNATURE = /^0x[0-9a-fA-F]{130}$/;

export interface ParsedSignature { rs: Uint8Array; bit: 0 | 1 }

/**
 * r ‖ s and the recovery bit of a 65-byte signature (0x + 130 hex digits), or null when it is not
 * one: not hex, another length, `v` not 27/28 (or 0/1), r or s out of range, or s high.
 */
export function parseSignature(signature: string): ParsedSignature | null {
  if (typeof signature !== 'string' || !SIGNATURE.test(signature)) return null;
  const v = parseInt(signature.slice(130, 132), 16);
  const bit = v >= 27 ? v - 27 : v;
  if (bit !== 0 && bit !== 1) return null;
  const r = BigInt(`0x${signature.slice(2, 66)}`);
  const s = BigInt(`0x${signature.slice(66, 130)}`);
  if (r <= 0n || r >= N || s <= 0n || s > HALF_N) return null; // high s: malleable, refused (low-s only)
  return { rs: Buffer.from(signature.slice(2, 130), 'hex'), bit };
}

function digestBytes(digest: Hex): Uint8Array | null {
  return /^0x[0-9a-fA-F]{64}$/.test(digest) ? Buffer.from(digest.slice(2), 'hex') : null;
}

/** The address of an uncompressed public key (0x04 ‖ x ‖ y): the last 20 bytes of keccak256(x ‖ y). */
export function addressOfKey(key: Uint8Array): string {
  return getAddress(`0x${keccak256(key.subarray(1), 'hex').slice(26)}`);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export type SignerCheck = { ok: true } | { ok: false; recovered: string | null };

export class Signers {
  /** Uncompressed public keys by lower-case address. */
  private readonly keys = new Map<string, Uint8Array>();

  constructor(readonly recovery: Recovery) {}

  /** The address that signed `digest` (ecrecover with the signature's `v`), or null for an unusable signature. */
  recoverSigner(digest: Hex, signature: string): { address: string; key: Uint8Array } | null {
    const p = parseSignature(signature);
    const d = digestBytes(digest);
    if (p === null || d === null) return null;
    const key = this.recovery.recover(d, p.rs, p.bit);
    return key === null ? null : { address: addressOfKey(key), key };
  }

  /**
   * Whether `address` signed `digest`: the key recovered with the signature's `v` is the
   * address's kept key, or hashes to the address (then it is kept). Answers the recovered
   * address on failure (null when nothing could be recovered).
   */
  checkSigner(address: string, digest: Hex, signature: string): SignerCheck {
    const p = parseSignature(signature);
    const d = digestBytes(digest);
    if (p === null || d === null) return { ok: false, recovered: null };
    const key = this.recovery.recover(d, p.rs, p.bit);
    if (key === null) return { ok: false, recovered: null };
    const who = address.toLowerCase();
    const kept = this.keys.get(who);
    if (kept !== undefined && sameBytes(kept, key)) return { ok: true };
    const recovered = addressOfKey(key);
    if (recovered.toLowerCase() !== who) return { ok: false, recovered };
    if (kept === undefined && this.keys.size >= MAX_KEYS) this.keys.delete(this.keys.keys().next().value!);
    this.keys.set(who, key);
    return { ok: true };
  }
}
