/**
 * Each simulated market's fair price: a seeded random walk (a small step each time the market
 * is touched) with occasional jumps (news), kept inside [0.05, 0.95]. Probabilities here are
 * plain numbers: only the prices derived from them go to the exchange, as integers on the
 * market's tick grid.
 */
import type { Prng } from '../domain/prng.js';
import { MICRO } from '../domain/money.js';

export interface SimMarket {
  conditionId: string;
  tick: number;
  minSize: number;
  /** Fair probability of outcome 0. */
  fair: number;
}

export const JUMP_CHANCE = 0.01;

export function step(m: SimMarket, rng: Prng): void {
  let f = m.fair + (rng.float() - 0.5) * 0.02;
  if (rng.chance(JUMP_CHANCE)) f += (rng.chance(0.5) ? 1 : -1) * (0.05 + rng.float() * 0.15);
  m.fair = Math.min(0.95, Math.max(0.05, f));
}

/** A probability as a price on the market's grid, within [tick, 1 − tick] (micro). */
export function onGrid(p: number, tick: number): number {
  const ticks = Math.round((p * MICRO) / tick);
  return Math.min(Math.max(ticks * tick, tick), MICRO - tick);
}

/** The starting fair price of a market: its book's mid, else its last trade, else 0.5 (micro → probability). */
export function startingFair(best: { bid: number | null; ask: number | null }, lastTrade: number | null): number {
  if (best.bid !== null && best.ask !== null) return (best.bid + best.ask) / 2 / MICRO;
  if (lastTrade !== null && lastTrade > 0) return lastTrade / MICRO;
  if (best.bid !== null) return Math.min(0.95, best.bid / MICRO + 0.02);
  if (best.ask !== null) return Math.max(0.05, best.ask / MICRO - 0.02);
  return 0.5;
}
