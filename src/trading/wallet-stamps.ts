/**
 * A stamp per wallet that changes whenever what `GET /data/orders` shows of that wallet may
 * have changed: when a command changes one of the wallet's orders in memory (placed, filled,
 * cancelled, expired), again when the batch holding that change commits (its trades are then
 * readable, for `associateTrades`), and for every wallet when the core is rebuilt — each told by
 * the exchange's event sequence (src/exchange/events.ts). A page kept with the stamp read before
 * it was built is current while the stamp is unchanged (src/trading/account.ts).
 *
 * Stamps are drawn from one counter, so a stamp is never handed out twice. Wallets not in the map
 * share `base`; forgetting them all (the bound, or a rebuild) draws a new base.
 */
import type { OrderRow } from '../core/index.js';

const MAX_WALLETS = 100_000;

export class WalletStamps {
  private readonly stamps = new Map<string, number>();
  private seq = 0;
  private base = 0;

  of(wallet: string): number {
    return this.stamps.get(wallet) ?? this.base;
  }

  /** Marks the wallets of `orders` as changed. */
  touch(orders: Iterable<OrderRow>): void {
    for (const o of orders) {
      if (this.stamps.size >= MAX_WALLETS && !this.stamps.has(o.wallet)) this.forgetAll();
      this.stamps.set(o.wallet, ++this.seq);
    }
  }

  /** Marks every wallet as changed. */
  forgetAll(): void {
    this.stamps.clear();
    this.base = ++this.seq;
  }
}
