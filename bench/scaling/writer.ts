/**
 * One writer of the several-writers design: the pure core (`ExchangeCore`: engine, ledger, effects)
 * for the markets it owns. It does not decide whether a wallet can pay — the risk sequencer did —
 * so its wallets are funded beyond any order of the flow; it matches and reports each fill as
 * (order index, maker wallet, maker price, size) for the sequencer to settle. Running the whole
 * facade (its own ledger and effects included) makes the writer's cost an upper bound.
 */
import { ExchangeCore } from '../../src/core/exchange.js';
import { counterIds, manualClock } from '../../src/core/ids.js';
import { LOT } from '../../src/domain/money.js';
import type { OrderFlow } from './orders.js';
import { tokensOf as benchTokenIds } from '../../src/core/test-kit.js';

export const FILL_FIELDS = 4;

export class PartitionWriter {
  private readonly ex = new ExchangeCore(manualClock(1_700_000_000_000), counterIds());
  private readonly names: string[];
  /** Outcome 0's token id of each owned market. */
  private readonly tokens: string[] = [];

  constructor(readonly owned: number[], wallets: number) {
    this.names = Array.from({ length: wallets }, (_, w) => `w${w}`);
    for (const m of owned) {
      this.tokens[m] = benchTokenIds(cid(m))[0];
      this.ex.createMarket({ conditionId: cid(m), tokenIds: benchTokenIds(cid(m)), tickSize: 1_000, minOrderSize: LOT });
    }
    for (const name of this.names) {
      let ok = this.ex.deposit(name, 1e12).ok;
      for (const m of owned) ok &&= this.ex.split(name, cid(m), 1e10).ok;
      if (!ok) throw new Error(`could not fund ${name}`);
    }
  }

  /** Places orders `idx` of the flow; returns the fills, FILL_FIELDS numbers each. */
  place(flow: Pick<OrderFlow, 'market' | 'wallet' | 'side' | 'price' | 'size'>, idx: Int32Array, count: number): Float64Array {
    const out: number[] = [];
    for (let j = 0; j < count; j++) {
      const i = idx[j]!;
      const r = this.ex.placeOrder({
        wallet: this.names[flow.wallet[i]!]!, tokenId: this.tokens[flow.market[i]!]!, side: flow.side[i] === 0 ? 'BUY' : 'SELL',
        price: flow.price[i]!, size: flow.size[i]!, type: 'GTC',
      });
      if (!r.ok) throw new Error(`writer refused order ${i}: ${r.reject.message}`);
      for (const t of r.effects.trades) {
        for (const mk of t.makers) out.push(j, Number(mk.wallet.slice(1)), mk.price, mk.matchedAmount);
      }
    }
    return Float64Array.from(out);
  }
}

export function cid(market: number): string {
  return `0x${market.toString(16).padStart(64, '0')}`;
}
