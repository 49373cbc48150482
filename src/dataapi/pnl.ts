/**
 * docs/venue.md §7's position formulas over the ledger's integer state. Inputs are micro-units
 * (sizes in micro-shares, prices in micro per share); values come out in micro collateral,
 * exact: (size / LOT) × price is an integer below 2^53, so a value has at most 2 decimals of
 * micro. Percentages are plain numbers. Conversion to decimals happens in the response shaping.
 *   initialValue = size · avgPrice          currentValue = size · curPrice
 *   cashPnl = currentValue − initialValue   percentPnl = 100 · cashPnl / initialValue
 *   percentRealizedPnl = 100 · realizedPnl / (totalBought · avgPrice)
 * A zero denominator gives 0 %.
 */
import { LOT } from '../domain/money.js';

export interface PnlInput {
  size: number;
  avgPrice: number;
  totalBought: number;
  realizedPnl: number;
  curPrice: number;
}

export interface Pnl {
  initialValue: number;
  currentValue: number;
  cashPnl: number;
  percentPnl: number;
  percentRealizedPnl: number;
}

/** Collateral value (micro) of `size` micro-shares at `price` micro. */
export function valueOf(size: number, price: number): number {
  return ((size / LOT) * price) / 100;
}

/** The PnL of a position (plain field reads: this runs for every position of a wallet). */
export function pnl(p: Omit<PnlInput, 'curPrice'>, curPrice: number): Pnl {
  const initialValue = valueOf(p.size, p.avgPrice);
  const currentValue = valueOf(p.size, curPrice);
  const cashPnl = currentValue - initialValue;
  const cost = valueOf(p.totalBought, p.avgPrice);
  return {
    initialValue,
    currentValue,
    cashPnl,
    percentPnl: initialValue > 0 ? round6((100 * cashPnl) / initialValue) : 0,
    percentRealizedPnl: cost > 0 ? round6((100 * p.realizedPnl) / cost) : 0,
  };
}

/** Percentages to 6 decimals: enough for any client, and stable across platforms. */
function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
