/**
 * One simulated trader's move per `step()`, chosen by the seeded PRNG: market makers quote
 * bids and asks a few ticks around the market's drifting fair price (walk.ts) and pull stale or
 * surplus quotes; takers cross the spread with market orders (FAK) and now and then sell part of
 * a position back; makers merge the pairs they accumulate back into collateral. Every move goes
 * through the services the HTTP routes call (OrderDesk, LedgerDesk, the operator's deposit), so
 * the exchange validates, fees, journals, stores and publishes them like any client's. The
 * moves depend only on the seed and the exchange's state (which the clock and the moves make),
 * never on order ids or wall time, so a seed and a clock give the same trades.
 */
import type { ExchangeService } from '../exchange/service.js';
import type { OrderDesk } from '../trading/orders.js';
import type { LedgerDesk } from '../trading/ledger-desk.js';
import type { OrderBody } from '../trading/order-input.js';
import type { PostedOrder } from '../trading/signed/typed-data.js';
import { Prng } from '../domain/prng.js';
import { MICRO } from '../domain/money.js';
import { COLLATERAL } from '../ledger/types.js';
import { LOW_FUNDS, MAKER_FUNDS, TAKER_FUNDS, type SimAccount } from './accounts.js';
import { onGrid, startingFair, step, type SimMarket } from './walk.js';

export interface TraderDeps {
  exchange: ExchangeService;
  orders: OrderDesk;
  ledger: LedgerDesk;
  /** The operator's deposit (integer string of micro-units). */
  deposit(address: string, amount: string): Promise<unknown>;
  /** Set when the venue requires signed orders (SIBYL_REQUIRE_ORDER_SIGNATURES): the order's signature by the account. */
  sign?: ((a: SimAccount, order: PostedOrder) => string) | undefined;
}

export interface SimCounts { steps: number; orders: number; accepted: number; rejected: number; cancels: number; merges: number; deposits: number }

/** Most resting quotes a maker keeps per market; at the bound its next quote move pulls the oldest instead. */
const MAX_QUOTES = 6;
const CENT = 10_000;

export class Traders {
  readonly counts: SimCounts = { steps: 0, orders: 0, accepted: 0, rejected: 0, cancels: 0, merges: 0, deposits: 0 };
  private readonly rng: Prng;
  private readonly markets: SimMarket[];
  private readonly quotes = new Map<string, string[]>(); // `${maker}|${cid}` → resting order ids, oldest first

  constructor(private readonly d: TraderDeps, seed: number, private readonly makers: SimAccount[], private readonly takers: SimAccount[]) {
    this.rng = new Prng(`sandbox:${seed}`);
    const core = d.exchange.core;
    this.markets = core.markets().filter((m) => m.acceptingOrders && m.status === 'active')
      .sort((a, b) => (a.conditionId < b.conditionId ? -1 : 1))
      .map((m) => {
        const last = core.bookMeta(m.conditionId)?.lastTradePrice ?? null;
        return { conditionId: m.conditionId, tick: m.tickSize, minSize: m.minOrderSize, fair: startingFair(core.bestPrices(m.conditionId), last) };
      });
  }

  get marketCount(): number {
    return this.markets.length;
  }

  /** Moves a market's fair price by `by` (a scenario's `shock`, src/faults/scenario.ts); false when no simulated market has it. */
  shock(conditionId: string, by: number): boolean {
    const m = this.markets.find((x) => x.conditionId === conditionId);
    if (m === undefined) return false;
    m.fair = Math.min(0.95, Math.max(0.05, m.fair + by));
    return true;
  }

  /** One move of one trader on one market. */
  async step(): Promise<void> {
    if (this.markets.length === 0) return;
    this.counts.steps++;
    const rng = this.rng;
    const i = rng.int(0, this.markets.length - 1);
    const m = this.markets[i]!;
    step(m, rng);
    const maker = this.makers[i % this.makers.length]!;
    const roll = rng.float();
    if (roll < 0.5) await this.quote(maker, m);
    else if (roll < 0.68) await this.pull(maker, m, rng.chance(0.5));
    else if (roll < 0.95) await this.take(rng.pick(this.takers), m);
    else await this.merge(maker, m);
  }

  /** A maker rests a bid (BUY outcome 0) or an ask (BUY outcome 1 at the complement) near fair. */
  private async quote(maker: SimAccount, m: SimMarket): Promise<void> {
    const rng = this.rng;
    const key = `${maker.address}|${m.conditionId}`;
    const list = this.quotes.get(key) ?? [];
    this.quotes.set(key, list);
    // At most MAX_QUOTES: a maker at the bound pulls its oldest quote instead (a move changes a book once).
    if (list.length >= MAX_QUOTES) return this.cancel(maker, list.splice(0, 1));
    const away = rng.int(1, 4) * Math.max(m.tick, CENT);
    const shares = Math.max(rng.int(10, 150) * MICRO, m.minSize);
    const bid = rng.chance(0.5);
    const price0 = onGrid(bid ? m.fair - away / MICRO : m.fair + away / MICRO, m.tick);
    const [outcome, price] = bid ? [0 as const, price0] : [1 as const, MICRO - price0];
    await this.fund(maker, MAKER_FUNDS);
    const id = await this.place(maker, outcome, m, 'BUY', price, shares, 'GTC');
    if (id !== null) list.push(id);
  }

  /** A maker pulls its oldest quote in the market, or every quote (a requote after the price moved). */
  private async pull(maker: SimAccount, m: SimMarket, all: boolean): Promise<void> {
    const key = `${maker.address}|${m.conditionId}`;
    const list = this.quotes.get(key) ?? [];
    if (list.length === 0) return;
    await this.cancel(maker, all ? list.splice(0) : list.splice(0, 1));
  }

  /** A taker crosses the spread (buys one outcome, FAK) or sells part of a position back. */
  private async take(taker: SimAccount, m: SimMarket): Promise<void> {
    const rng = this.rng;
    const core = this.d.exchange.core;
    const held = core.positions(taker.address).filter((p) => p.conditionId === m.conditionId && p.size >= 2 * m.minSize);
    if (held.length > 0 && rng.chance(0.4)) {
      const p = held[rng.int(0, held.length - 1)]!;
      const fair = p.outcomeIndex === 0 ? m.fair : 1 - m.fair;
      const shares = Math.max(m.minSize, Math.floor(p.size / 2 / MICRO) * MICRO);
      const worst = onGrid(fair - 0.05, m.tick);
      await this.place(taker, p.outcomeIndex as 0 | 1, m, 'SELL', worst, Math.min(shares, p.size), 'FAK');
      return;
    }
    const outcome = rng.chance(0.5) ? 0 : 1;
    const fair = outcome === 0 ? m.fair : 1 - m.fair;
    const worst = onGrid(fair + 0.04, m.tick);
    const shares = Math.max(rng.int(5, 60) * MICRO, m.minSize);
    await this.fund(taker, TAKER_FUNDS);
    await this.place(taker, outcome, m, 'BUY', worst, shares, 'FAK');
  }

  /** A maker turns the YES/NO pairs it holds in a market back into collateral. */
  private async merge(maker: SimAccount, m: SimMarket): Promise<void> {
    const core = this.d.exchange.core;
    const tokens = core.tokenIds(m.conditionId);
    if (tokens === undefined) return;
    const free = (o: 0 | 1) => core.balance(maker.address, tokens[o]).free;
    const pairs = Math.floor(Math.min(free(0), free(1)) / MICRO) * MICRO;
    if (pairs < MICRO) return;
    try {
      await this.d.ledger.merge(maker.address, m.conditionId, String(pairs));
      this.counts.merges++;
    } catch { /* refused (mode, integrity hold): the simulation moves on */ }
  }

  private async fund(a: SimAccount, target: number): Promise<void> {
    const b = this.d.exchange.core.balance(a.address, COLLATERAL);
    if (b.free >= LOW_FUNDS) return;
    try {
      await this.d.deposit(a.address, String(target));
      this.counts.deposits++;
    } catch { /* the venue's deposit bound: the order below is refused as any underfunded order */ }
  }

  private async place(a: SimAccount, outcome: 0 | 1, m: SimMarket, side: 'BUY' | 'SELL', price: number, shares: number, type: 'GTC' | 'FAK'): Promise<string | null> {
    const collateral = (price * shares) / MICRO; // whole shares: an exact integer
    const tokens = this.d.exchange.core.tokenIds(m.conditionId);
    if (tokens === undefined) return null;
    const order: PostedOrder & { tokenId: string; signature: string } = {
      maker: a.address, signer: a.address, taker: '0x0000000000000000000000000000000000000000', tokenId: tokens[outcome],
      makerAmount: String(side === 'BUY' ? collateral : shares), takerAmount: String(side === 'BUY' ? shares : collateral),
      side, expiration: '0', nonce: '0', feeRateBps: String(this.d.exchange.core.market(m.conditionId)?.takerBaseFeeBps ?? 0),
      signatureType: 0, salt: String(this.counts.orders), signature: '0x',
    };
    if (this.d.sign !== undefined) order.signature = this.d.sign(a, order);
    const body: OrderBody = { owner: a.apiKey, orderType: type, order };
    this.counts.orders++;
    try {
      const r = await this.d.orders.place({ address: a.address, apiKey: a.apiKey }, body);
      if (!r.success) { this.counts.rejected++; return null; }
      this.counts.accepted++;
      return r.status === 'live' ? r.orderID : null;
    } catch {
      this.counts.rejected++; // the mode gate (cancel-only, disabled) or a rebuild: nothing was placed
      return null;
    }
  }

  private async cancel(a: SimAccount, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    try {
      await this.d.orders.cancel({ address: a.address, apiKey: a.apiKey }, ids);
      this.counts.cancels += ids.length;
    } catch { /* disabled mode: the quotes stay */ }
  }
}
