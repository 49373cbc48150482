/**
 * Signing a V1 order as `@polymarket/clob-client` 5.x does (EIP-712 over the market's exchange
 * domain), for the venue's own signed clients: the sandbox's simulated traders when the operator
 * requires signatures (src/sandbox). The digest is the one the gate verifies (hashing.ts);
 * the signature is secp256k1 over it, `r‖s‖v` with v = 27 + recovery, as the clients send it.
 */
import { secp256k1 } from '@noble/curves/secp256k1';
import type { Hex } from 'viem';
import type { BotsConfig } from '../../config/bots.js';
import { orderDigest } from './hashing.js';
import { messageOf, type PostedOrder } from './typed-data.js';
import { contractOf } from './verify.js';

export interface SigningContext {
  chainId: number;
  bots: BotsConfig;
  /** Whether the order's market is neg-risk (the neg-risk exchange's domain). */
  negRisk: boolean;
  /** The CTF position id the order's token is signed as. */
  positionId: bigint;
}

/** The V1 signature of `order` by `privateKey` (whose address must be the order's signer). */
export function signOrderV1(order: PostedOrder, privateKey: Hex, ctx: SigningContext): Hex {
  const digest = orderDigest(1, ctx.chainId, contractOf(ctx.bots, 1, ctx.negRisk), messageOf(order, 1, ctx.positionId));
  const sig = secp256k1.sign(digest.slice(2), privateKey.slice(2));
  return `0x${sig.toCompactHex()}${(27 + sig.recovery).toString(16)}`;
}
