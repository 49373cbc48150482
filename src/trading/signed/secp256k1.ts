/**
 * The secp256k1 public-key recovery behind every signature check (signed orders, L1 auth): the
 * npm package `secp256k1`'s prebuilt libsecp256k1 binding when it loads (~50 µs a recovery), else
 * @noble/curves in JavaScript (~2–3 ms). No ECDSA arithmetic of our own: both are asked the
 * same question — the public key that signed a 32-byte digest with (r, s) and a recovery bit —
 * and answer it the same way (test/bots/secp256k1-agree.test.ts). `SIBYL_NATIVE_SECP256K1=0`
 * keeps the JavaScript one (so the fallback runs in CI). Built once in the composition root.
 *
 * The binding is loaded without its install script: the package ships prebuilt Node-API
 * binaries (linux-x64 glibc/musl, darwin-arm64, win32-x64) that `node-gyp-build` finds at run
 * time; on another platform the load fails and the JavaScript path is used, said once at start.
 */
import { createRequire } from 'node:module';
import { secp256k1 as noble } from '@noble/curves/secp256k1';

export interface Recovery {
  /** `native` (libsecp256k1) or `js` (@noble/curves). */
  readonly backend: 'native' | 'js';
  /** Why the native binding is not used (null when it is). */
  readonly fallbackReason: string | null;
  /**
   * The uncompressed public key (65 bytes, 0x04 ‖ x ‖ y) that signed `digest` (32 bytes) with
   * `rs` (64 bytes, r ‖ s) and the recovery bit `bit`, or null when there is none. The caller
   * has checked 0 < r < n and 0 < s ≤ n/2.
   */
  recover(digest: Uint8Array, rs: Uint8Array, bit: 0 | 1): Uint8Array | null;
}

interface Binding {
  ecdsaRecover(sig: Uint8Array, recid: number, msg32: Uint8Array, compressed: boolean): Uint8Array;
}

const jsRecover = (digest: Uint8Array, rs: Uint8Array, bit: 0 | 1): Uint8Array | null => {
  try {
    return noble.Signature.fromCompact(rs).addRecoveryBit(bit).recoverPublicKey(digest).toRawBytes(false);
  } catch {
    return null;
  }
};

/** The JavaScript recovery (@noble/curves), whatever the setting: what the fallback runs. */
export function jsRecovery(fallbackReason: string): Recovery {
  return { backend: 'js', fallbackReason, recover: jsRecover };
}

/** The native recovery when `enabled` and the binding loads; else the JavaScript one, with why. */
export function loadRecovery(enabled: boolean): Recovery {
  if (!enabled) return jsRecovery('disabled by SIBYL_NATIVE_SECP256K1=0');
  let binding: Binding;
  try {
    binding = createRequire(import.meta.url)('secp256k1/bindings') as Binding;
    const probe = binding.ecdsaRecover(PROBE_SIG, PROBE_BIT, PROBE_DIGEST, false);
    if (!sameBytes(probe, jsRecover(PROBE_DIGEST, PROBE_SIG, PROBE_BIT))) throw new Error('the binding recovered another key than @noble/curves');
  } catch (err) {
    return jsRecovery(`the libsecp256k1 binding did not load: ${(err as Error).message.split('\n')[0]}`);
  }
  return {
    backend: 'native',
    fallbackReason: null,
    recover: (digest, rs, bit) => {
      try {
        return binding.ecdsaRecover(rs, bit, digest, false);
      } catch {
        return null; // libsecp256k1 found no point for r, or the key is the point at infinity
      }
    },
  };
}

function sameBytes(a: Uint8Array | null, b: Uint8Array | null): boolean {
  if (a === null || b === null || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A fixed signature (key 1, digest 0x11…) the binding must recover as noble does before it is used. */
const PROBE_DIGEST = new Uint8Array(32).fill(0x11);
const PROBE = noble.sign(PROBE_DIGEST, new Uint8Array(32).fill(0).map((_, i) => (i === 31 ? 1 : 0)));
const PROBE_SIG = PROBE.toCompactRawBytes();
const PROBE_BIT = PROBE.recovery as 0 | 1;
