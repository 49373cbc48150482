/**
 * The risk sequencer of the several-writers design (docs/scaling.md): the one place that holds
 * balances. Before an order goes to the writer that owns its market it reserves what the order
 * can spend (BUY: limit × size of collateral; SELL: the tokens); after the writer matched it, the
 * sequencer settles each fill (taker and maker, one move each way) and releases what the taker
 * reserved but did not need (price improvement). Accounts are found by wallet address in a Map,
 * as the real ledger finds them. Integer micro-units throughout; `check()` proves nothing was
 * created or lost, so the simulation cannot silently measure a broken design. Not modelled: the
 * sequencer's own journal (its durable commit), which is what caps a real one (docs/scaling.md).
 */
import { MICRO } from '../../src/domain/money.js';

interface Account { free: number; reserved: number; tokFree: Float64Array; tokReserved: Float64Array }

export class RiskSequencer {
  private readonly accounts = new Map<string, Account>();
  private readonly names: string[];
  private readonly totalCash: number;
  private readonly totalTok: number;
  rejected = 0;

  constructor(wallets: number, readonly markets: number, cash: number, tokens: number) {
    this.names = Array.from({ length: wallets }, (_, w) => `w${w}`);
    for (const n of this.names) {
      this.accounts.set(n, { free: cash, reserved: 0, tokFree: new Float64Array(markets).fill(tokens), tokReserved: new Float64Array(markets) });
    }
    this.totalCash = cash * wallets;
    this.totalTok = tokens * wallets;
  }

  private account(wallet: number): Account {
    return this.accounts.get(this.names[wallet]!)!;
  }

  /** Reserves what the order may spend; false (and nothing changed) when it cannot be covered. */
  reserve(wallet: number, market: number, side: number, price: number, size: number): boolean {
    const a = this.account(wallet);
    if (side === 0) {
      const cost = (price * size) / MICRO;
      if (a.free < cost) { this.rejected++; return false; }
      a.free -= cost;
      a.reserved += cost;
    } else {
      if (a.tokFree[market]! < size) { this.rejected++; return false; }
      a.tokFree[market]! -= size;
      a.tokReserved[market]! += size;
    }
    return true;
  }

  /**
   * One fill: `size` shares at `price` (the maker's) between a taker and a maker on `market`.
   * `takerLimit` is the taker's limit price: a BUY taker reserved at it and gets the difference back.
   */
  settle(market: number, takerSide: number, taker: number, takerLimit: number, maker: number, price: number, size: number): void {
    const buyer = this.account(takerSide === 0 ? taker : maker);
    const seller = this.account(takerSide === 0 ? maker : taker);
    const cost = (price * size) / MICRO;
    const buyerReservedAt = takerSide === 0 ? (takerLimit * size) / MICRO : cost;
    buyer.reserved -= buyerReservedAt;
    buyer.free += buyerReservedAt - cost;
    seller.free += cost;
    seller.tokReserved[market]! -= size;
    buyer.tokFree[market]! += size;
  }

  /** Σ cash and Σ tokens per market are what they started as; nothing negative. */
  check(): void {
    let cash = 0;
    const tok = new Float64Array(this.markets);
    for (const [n, a] of this.accounts) {
      if (a.free < 0 || a.reserved < 0) throw new Error(`wallet ${n} negative`);
      cash += a.free + a.reserved;
      for (let m = 0; m < this.markets; m++) {
        if (a.tokFree[m]! < 0 || a.tokReserved[m]! < 0) throw new Error(`wallet ${n} market ${m} negative`);
        tok[m]! += a.tokFree[m]! + a.tokReserved[m]!;
      }
    }
    if (cash !== this.totalCash) throw new Error(`cash ${cash} ≠ ${this.totalCash}`);
    for (let m = 0; m < this.markets; m++) if (tok[m] !== this.totalTok) throw new Error(`market ${m} tokens ${tok[m]} ≠ ${this.totalTok}`);
  }
}
