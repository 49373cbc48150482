/**
 * A group-commit batch: the effects of every command accepted in one event-loop tick, merged
 * into the rows one transaction writes. Later states of the same order or position replace
 * earlier ones; trades, ledger entries and activity are appended in order. Balances are
 * written as final values, read from the in-memory ledger when the batch is sealed.
 */
import type { Command, Effects, MarketRow, OrderRow, TradeRow } from '../core/index.js';
import type { ActivityRow, LedgerEntry, PositionRow } from '../ledger/types.js';

export class Batch {
  readonly orders = new Map<string, OrderRow>();
  readonly markets = new Map<string, MarketRow>();
  readonly positions = new Map<string, PositionRow>();
  readonly trades: TradeRow[] = [];
  readonly ledger: LedgerEntry[] = [];
  readonly activity: ActivityRow[] = [];
  /** `wallet \0 asset` of every balance a ledger entry touched. */
  readonly balanceKeys = new Set<string>();
  /**
   * Markets whose book metadata (version, last trade) may have changed. Market settings are not
   * written from here: the catalog `markets` row is their source (see settings.ts).
   */
  readonly touchedMarkets = new Set<string>();
  /** The commands whose effects the batch holds, in the order they were applied (the journal's entry). */
  readonly commands: Command[] = [];

  add(e: Effects, command: Command): void {
    this.commands.push(command);
    for (const o of e.orders) {
      this.orders.set(o.id, o);
      this.touchedMarkets.add(o.conditionId);
    }
    for (const t of e.trades) this.touchedMarkets.add(t.conditionId);
    for (const m of e.markets) this.markets.set(m.conditionId, m);
    for (const p of e.positions) this.positions.set(`${p.wallet}\u0000${p.asset}`, p);
    for (const t of e.trades) this.trades.push(t);
    for (const l of e.ledger) {
      this.ledger.push(l);
      this.balanceKeys.add(`${l.wallet}\u0000${l.asset}`);
    }
    for (const a of e.activity) this.activity.push(a);
  }

  get empty(): boolean {
    return this.commands.length === 0;
  }
}

export function hasEffects(e: Effects): boolean {
  return e.orders.length + e.markets.length + e.trades.length + e.ledger.length + e.positions.length + e.activity.length > 0;
}
