/**
 * Query-parameter values of the data API that a schema cannot fully check: wallet addresses
 * (any case in, EIP-55 out), comma-separated condition-id lists and share amounts given as
 * decimals. Every rejection is a 400 naming the parameter as the client wrote it.
 */
import { getAddress, isAddress } from 'viem';
import { errors } from '../errors/catalogue.js';
import { MICRO } from '../domain/money.js';

/** Largest number of condition ids one `market` list may carry (one SQL `IN` list). */
export const MAX_MARKETS = 500;

const CONDITION_ID = /^0x[0-9a-fA-F]{64}$/;

/** A wallet address in any case → its EIP-55 form (how the ledger and profiles store it). */
export function walletParam(name: string, text: string): string {
  const t = text.trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(t) || !isAddress(t, { strict: false })) {
    throw errors.badRequest(`${name} must be a wallet address (0x + 40 hex characters)`);
  }
  return getAddress(t.toLowerCase());
}

/**
 * A stored wallet in its EIP-55 form. Wallets are stored checksummed (the ledger takes them from
 * L2 credentials); only an all-lower or all-upper address pays for a keccak here.
 */
export function checksummed(wallet: string): string {
  const body = wallet.slice(2);
  const lower = /[a-f]/.test(body);
  const upper = /[A-F]/.test(body);
  return lower !== upper && isAddress(wallet, { strict: false }) ? getAddress(wallet.toLowerCase()) : wallet;
}

/**
 * `a,b,c` → distinct lowercase condition ids in request order; undefined when the parameter
 * is absent or empty (an empty optional filter filters nothing).
 */
export function conditionIdsParam(name: string, text: string | undefined, max = MAX_MARKETS): string[] | undefined {
  if (text === undefined) return undefined;
  const parts = text.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (parts.length === 0) return undefined;
  const out = new Set<string>();
  for (const p of parts) {
    if (!CONDITION_ID.test(p)) throw errors.badRequest(`${name} must be comma-separated condition ids (0x + 64 hex characters)`);
    out.add(p.toLowerCase());
  }
  if (out.size > max) throw errors.badRequest(`${name} must list at most ${max} condition ids`);
  return [...out];
}

/** A share amount (decimal, ≥ 0, checked by the schema) → micro-shares, clamped to a safe integer. */
export function sharesToMicro(shares: number): number {
  return Math.min(Math.round(shares * MICRO), Number.MAX_SAFE_INTEGER);
}

/** Micro-units → the decimal number the wire carries. Only response shaping calls this. */
export function dec(micro: number): number {
  return micro / MICRO;
}

/** Milliseconds → Unix seconds. */
export function seconds(ms: number): number {
  return Math.floor(ms / 1000);
}

/** Outcome name `index` of a market's JSON-encoded `outcomes` ("" when unknown). */
export function outcomeName(outcomes: string[] | undefined, index: number): string {
  return outcomes?.[index] ?? '';
}

/** Parses a market's `outcomes` column (a JSON array of names); [] if it is not one. */
export function parseOutcomes(json: string | null | undefined): string[] {
  if (!json) return [];
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}
