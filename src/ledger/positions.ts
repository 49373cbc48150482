/**
 * Position maths (docs/venue.md §7), updated in the same step as the balance change that causes it.
 * Integer only: avgPrice is the weighted average rounded down to a micro; realizedPnl adds
 * floor((exit − avgPrice) × shares). Splits count as buying each outcome at 0.5 and merges as
 * selling each at 0.5; redemptions exit at the payout. Fees are not part of the average price.
 */

import { LOT, assertSafe, floorDiv } from '../domain/money.js';
import type { PositionRow } from './types.js';

export class Positions {
  private byWallet = new Map<string, Map<string, PositionRow>>();
  /** Rows changed since the last `drain` (the caller copies them into its effects). */
  changed = new Set<PositionRow>();

  get(wallet: string, asset: string): PositionRow | undefined {
    return this.byWallet.get(wallet)?.get(asset);
  }

  list(wallet: string): PositionRow[] {
    return [...(this.byWallet.get(wallet)?.values() ?? [])];
  }

  all(): PositionRow[] {
    const out: PositionRow[] = [];
    for (const m of this.byWallet.values()) out.push(...m.values());
    return out;
  }

  /** Adds a position row as persisted (restore path). */
  load(row: PositionRow): void {
    this.row(row.wallet, row.asset, row.conditionId, row.outcomeIndex);
    Object.assign(this.get(row.wallet, row.asset)!, row);
  }

  buy(wallet: string, asset: string, conditionId: string, outcome: 0 | 1, price: number, size: number): void {
    const p = this.row(wallet, asset, conditionId, outcome);
    const held = p.size / LOT;
    const lots = size / LOT;
    p.avgPrice = floorDiv(p.avgPrice * held + price * lots, held + lots);
    p.size += size;
    p.totalBought += size;
    assertSafe(p.avgPrice, 'avgPrice');
    this.changed.add(p);
  }

  sell(wallet: string, asset: string, conditionId: string, outcome: 0 | 1, price: number, size: number): void {
    const p = this.row(wallet, asset, conditionId, outcome);
    if (size > p.size) throw new Error(`invariant: position ${wallet} ${asset} sells ${size} > ${p.size}`);
    p.realizedPnl += floorSigned((price - p.avgPrice) * (size / LOT), 100);
    p.size -= size;
    assertSafe(p.realizedPnl, 'realizedPnl');
    this.changed.add(p);
  }

  drain(): PositionRow[] {
    if (this.changed.size === 0) return [];
    const rows: PositionRow[] = [];
    for (const p of this.changed) rows.push({ ...p });
    this.changed.clear();
    return rows;
  }

  private row(wallet: string, asset: string, conditionId: string, outcome: 0 | 1): PositionRow {
    let m = this.byWallet.get(wallet);
    if (m === undefined) this.byWallet.set(wallet, (m = new Map()));
    let p = m.get(asset);
    if (p === undefined) {
      p = { wallet, asset, conditionId, outcomeIndex: outcome, size: 0, avgPrice: 0, totalBought: 0, realizedPnl: 0 };
      m.set(asset, p);
    }
    return p;
  }
}

function floorSigned(n: number, d: number): number {
  return n >= 0 ? floorDiv(n, d) : -floorDiv(-n + d - 1, d);
}
