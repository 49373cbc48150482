/**
 * The order flow of the scaling simulation: a seeded stream of limit orders over many markets,
 * as typed arrays (generating it costs nothing during the timed runs). Every order is on the
 * market's outcome-0 token, so each fill is a plain BUY×SELL transfer the risk sequencer settles
 * with one move each way. Prices sit on a 0.001 tick around each market's own mid (which wanders
 * as a seeded walk): half the orders rest 1–8 ticks behind, half cross by 0–3 ticks.
 */
import { LOT } from '../../src/domain/money.js';
import { floats } from '../../src/domain/prng.js';

export const TICK = 1_000; // micro-USDC per tick of 0.001

export interface OrderFlow {
  n: number;
  markets: number;
  wallets: number;
  market: Int32Array;
  wallet: Int32Array;
  /** 0 = BUY, 1 = SELL */
  side: Uint8Array;
  /** Limit price in micro-USDC (a multiple of TICK). */
  price: Int32Array;
  /** Size in micro-shares (whole lots). */
  size: Int32Array;
}

export function orderFlow(n: number, markets: number, wallets: number, seed: number): OrderFlow {
  const r = floats(seed);
  const f: OrderFlow = {
    n, markets, wallets,
    market: new Int32Array(n), wallet: new Int32Array(n), side: new Uint8Array(n), price: new Int32Array(n), size: new Int32Array(n),
  };
  const mid = new Int32Array(markets).fill(500);
  for (let i = 0; i < n; i++) {
    const m = Math.floor(r() * markets);
    if (r() < 0.02) mid[m] = Math.min(900, Math.max(100, mid[m]! + (r() < 0.5 ? -1 : 1)));
    const buy = r() < 0.5;
    const cross = r() < 0.5;
    const off = cross ? -Math.floor(r() * 4) : 1 + Math.floor(r() * 8);
    const ticks = buy ? mid[m]! - off : mid[m]! + off;
    f.market[i] = m;
    f.wallet[i] = Math.floor(r() * wallets);
    f.side[i] = buy ? 0 : 1;
    f.price[i] = Math.min(990, Math.max(10, ticks)) * TICK;
    f.size[i] = (1 + Math.floor(r() * 50)) * 100 * LOT; // 1 … 50 shares
  }
  return f;
}

/** Which writer owns a market: condition-level partitioning (both tokens of a market, and a whole neg-risk event, map to one writer). */
export function partitionOf(market: number, writers: number): number {
  return market % writers;
}
