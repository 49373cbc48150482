/**
 * The simulated traders' accounts: ordinary wallets (deterministic private keys from the seed,
 * so they can sign their orders when the operator requires signatures), funded by operator
 * deposits and holding API keys like any client's. Makers quote, takers cross. Addresses never
 * collide with real wallets in practice (keys of 32 PRNG bytes).
 */
import type { Hex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { Prng } from '../domain/prng.js';
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
  /** The wallet's key: its orders are signed with it when signatures are required. */
  privateKey: Hex;
  role: 'maker' | 'taker';
  apiKey: string;
  /** The account's heartbeat chain (its last id), null before its first beat. */
  heartbeatId: string | null;
}

export interface SimWallet { address: string; privateKey: Hex }

/** The simulation's wallets for a seed: makers first, then takers. */
export function simWallets(seed: number): { makers: SimWallet[]; takers: SimWallet[] } {
  const rng = new Prng(`sandbox-accounts:${seed}`);
  const next = (): SimWallet => {
    const privateKey: Hex = `0x${Buffer.from(rng.bytes(32)).toString('hex')}`;
    return { privateKey, address: privateKeyToAddress(privateKey) };
  };
  const makers = Array.from({ length: MAKERS }, next);
  const takers = Array.from({ length: TAKERS }, next);
  return { makers, takers };
}

/** The simulation's wallet addresses for a seed: makers first, then takers. */
export function simAddresses(seed: number): { makers: string[]; takers: string[] } {
  const { makers, takers } = simWallets(seed);
  return { makers: makers.map((w) => w.address), takers: takers.map((w) => w.address) };
}
