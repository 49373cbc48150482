/**
 * The simulated traders' accounts: ordinary wallets (deterministic addresses from the seed),
 * funded by operator deposits and holding API keys like any client's. Makers quote, takers
 * cross. Addresses never collide with real wallets in practice (20 PRNG bytes).
 */
import { Prng } from '../domain/prng.js';
import { checksumAddress } from '../domain/address.js';
import { MICRO } from '../domain/money.js';

export const MAKERS = 4;
export const TAKERS = 8;
/** What an account is topped up to when its free collateral runs low (micro). */
export const MAKER_FUNDS = 200_000 * MICRO;
export const TAKER_FUNDS = 20_000 * MICRO;
/** Below this much free collateral an account is topped up (micro). */
export const LOW_FUNDS = 200 * MICRO;

export interface SimAccount {
  address: string;
  role: 'maker' | 'taker';
  apiKey: string;
  /** The account's heartbeat chain (its last id), null before its first beat. */
  heartbeatId: string | null;
}

/** The simulation's wallet addresses for a seed: makers first, then takers. */
export function simAddresses(seed: number): { makers: string[]; takers: string[] } {
  const rng = new Prng(`sandbox-accounts:${seed}`);
  const next = () => checksumAddress(`0x${Buffer.from(rng.bytes(20)).toString('hex')}`)!;
  const makers = Array.from({ length: MAKERS }, next);
  const takers = Array.from({ length: TAKERS }, next);
  return { makers, takers };
}
