/**
 * What the two order verifiers share (verify.ts: types 0–2; verify-wallet.ts: type 3, the
 * deposit wallet): the verification context, the facts of the order's market, the answer, the
 * exchange contract of a domain and the other domains a client may have signed for by mistake.
 */
import type { TypedDataDomain } from 'viem';
import type { BotsConfig } from '../../config/bots.js';
import type { InputReject } from '../order-input.js';
import type { Signers } from './ecdsa.js';
import { domainOf, type OrderVersion } from './typed-data.js';

export interface VerifyContext {
  chainId: number;
  bots: BotsConfig;
  /** Whether `signer` may sign for the funder wallet `funder` (operator links; lower-case). */
  isLinked(funder: string, signer: string): boolean;
  /** The process's signature recovery and signer-key cache (ecdsa.ts). */
  signers: Signers;
}

export interface OrderFacts {
  /** The uint256 the order's token is signed as (its CTF position id). */
  positionId: bigint;
  negRisk: boolean;
  /** The market's taker base fee (bps): a V1 order's `feeRateBps` may not be below it. */
  takerFeeBps: number;
}

export interface Verified {
  hash: Hex; version: OrderVersion;
  /** The key that signed: the API key's address (for type 3, the deposit wallet's owner). */
  signer: string;
  /** The maker: the wallet the order trades for. */
  wallet: string;
}

type Hex = `0x${string}`;

export const rej = (code: string, message: string, extra: Record<string, unknown> = {}): InputReject => ({ code, message, ...extra });

export function sameAddress(a: string, b: string): boolean { return a.toLowerCase() === b.toLowerCase(); }

export function contractOf(bots: BotsConfig, version: OrderVersion, negRisk: boolean): string {
  if (version === 1) return negRisk ? bots.negRiskExchange : bots.exchange;
  return negRisk ? bots.negRiskExchangeV2 : bots.exchangeV2;
}

/** The domains a client may have signed for by mistake: other chains and the other contracts. */
export function otherDomains(ctx: VerifyContext, version: OrderVersion, expected: TypedDataDomain): TypedDataDomain[] {
  const b = ctx.bots;
  const contracts = [b.exchange, b.negRiskExchange, b.exchangeV2, b.negRiskExchangeV2, '0xdFE02Eb6733538f8Ea35D585af8DE5958AD99E40'];
  const out: TypedDataDomain[] = [];
  for (const chainId of [...new Set([ctx.chainId, 137, 80002])]) {
    for (const c of new Set(contracts)) {
      if (chainId === expected.chainId && sameAddress(c, expected.verifyingContract as string)) continue;
      out.push(domainOf(version, chainId, c));
    }
  }
  return out;
}

/** clob-client-v2's exchangeV3 contracts (its config.js), per chain: recognised, not supported. */
export const V3_EXCHANGES: ReadonlyArray<[number, string]> = [[137, '0xe3333700cA9d93003F00f0F71f8515005F6c00Aa'], [80002, '0x9fE6e61422AdB6F610d8597F9684b16912D50C3D']];

export function describe(d: TypedDataDomain): string { return `chain ${d.chainId}, contract ${d.verifyingContract}`; }

/** The `wrong_domain` refusal: the order was signed for domain `d`, not for `expected`. */
export function wrongDomain(d: TypedDataDomain, expected: TypedDataDomain, version: OrderVersion, negRisk: boolean): InputReject {
  return rej('wrong_domain', `the order was signed for ${describe(d)}; this market's domain is ${describe(expected)} (V${version}${negRisk ? ', neg-risk' : ''})`, {
    field: 'signature', signedFor: { chainId: d.chainId, verifyingContract: d.verifyingContract }, expected: { chainId: expected.chainId, verifyingContract: expected.verifyingContract },
  });
}
