/**
 * Settings for unmodified trading bots (docs/bots.md): the collateral addresses of the position-id formula, whether orders must be signed, and the
 * exchange contracts whose EIP-712 domains signed orders are verified against. The contract
 * defaults are the constants of `@polymarket/clob-client` 5.8.1 / `clob-client-v2` for the
 * configured chain (137 Polygon, 80002 Amoy).
 */
import { ConfigError, type Env } from './errors.js';

export interface BotsConfig {
  /** SIBYL_COLLATERAL_ADDRESS: the collateral of the position-id formula. */
  collateral: string;
  /** SIBYL_NEG_RISK_COLLATERAL_ADDRESS: the wrapped collateral of neg-risk markets' position ids. */
  negRiskCollateral: string;
  /** SIBYL_REQUIRE_ORDER_SIGNATURES=1: unsigned orders are refused. */
  requireSignatures: boolean;
  /** The EIP-712 verifying contracts: V1 (clob-client 5.x) and V2 (clob-client-v2), plain and neg-risk. */
  exchange: string; negRiskExchange: string; exchangeV2: string; negRiskExchangeV2: string;
  /** SIBYL_NATIVE_SECP256K1 (default 1): signatures are recovered with libsecp256k1 when its binding loads; 0 keeps @noble/curves. */
  nativeSecp256k1: boolean;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** Per chain: [exchange, negRiskExchange] of V1, then of V2 (the clients' own constants). */
const CONTRACTS: Record<number, [string, string, string, string]> = {
  137: ['0x4bFb41d5B3570DeFd03C39a9A4D8dE6Bd8B8982E', '0xC5d563A36AE78145C45a50134d48A1215220f80a',
    '0xE111180000d2663C0091e4f400237545B87B996B', '0xe2222d279d744050d28e00520010520000310F59'],
  80002: ['0xdFE02Eb6733538f8Ea35D585af8DE5958AD99E40', '0xC5d563A36AE78145C45a50134d48A1215220f80a',
    '0xE111180000d2663C0091e4f400237545B87B996B', '0xe2222d279d744050d28e00520010520000310F59'],
};

function address(env: Env, name: string, fallback: string): string {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!ADDRESS.test(raw)) throw new ConfigError(name, raw, 'a 0x-prefixed 20-byte hex address');
  return raw;
}

export function botsConfig(env: Env, chainId: number): BotsConfig {
  const req = env.SIBYL_REQUIRE_ORDER_SIGNATURES ?? '0';
  if (!['0', '1', 'true', 'false', ''].includes(req)) throw new ConfigError('SIBYL_REQUIRE_ORDER_SIGNATURES', req, '0 or 1');
  const native = (env.SIBYL_NATIVE_SECP256K1 ?? '1').trim();
  if (!['0', '1', 'true', 'false', ''].includes(native)) throw new ConfigError('SIBYL_NATIVE_SECP256K1', native, '0 or 1');
  const c = CONTRACTS[chainId] ?? CONTRACTS[137]!;
  return {
    collateral: address(env, 'SIBYL_COLLATERAL_ADDRESS', '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174'),
    negRiskCollateral: address(env, 'SIBYL_NEG_RISK_COLLATERAL_ADDRESS', '0x3A3BD7bb9528E159577F7C2e685CC81A765002E2'),
    requireSignatures: req === '1' || req === 'true',
    exchange: address(env, 'SIBYL_EXCHANGE_ADDRESS', c[0]),
    negRiskExchange: address(env, 'SIBYL_NEG_RISK_EXCHANGE_ADDRESS', c[1]),
    exchangeV2: address(env, 'SIBYL_EXCHANGE_V2_ADDRESS', c[2]),
    negRiskExchangeV2: address(env, 'SIBYL_NEG_RISK_EXCHANGE_V2_ADDRESS', c[3]),
    nativeSecp256k1: native !== '0' && native !== 'false',
  };
}
