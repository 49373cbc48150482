/**
 * The ExchangeCore facade: matching engine + custodial ledger + markets registry behind one
 * synchronous, deterministic API. Every command returns an Effects value listing everything it
 * changed (markets, orders, trades, ledger entries, positions, activity) so a persistence layer
 * can write it in one transaction. Single writer: callers serialise commands.
 */

import { reject, type Reject } from '../domain/rejects.js';
import type { Balance, BalanceRow, PositionRow } from '../ledger/types.js';
import { cancelMany, createMarket, expireDue, walletOrders, resolveMarket, updateMarket } from './markets.js';
import { place } from './place.js';
import { convert } from './convert.js';
import { loadSnapshot, SnapshotLoader, takeSnapshot, type ExchangeSnapshot, type SnapshotHead } from './snapshot.js';
import { State } from './state.js';
import type { Command, CommandResult, ResultOf } from './commands.js';
import { bookView } from './book-view.js';
import type {
  BookMeta, BookView, CancelResult, ExchangeCounters, Clock, Effects, IdSource, MarketRow, MarketSettings, OpResult, OrderCommand, OrderRow, PlaceResult,
} from './types.js';

export const USER_CANCEL = 'canceled by user';

export class ExchangeCore {
  /** Internal state; read-only outside `src/core` (used by invariant checks). */
  readonly state: State;
  private readonly commandTime = { at: 0, now(): number { return this.at; } };

  constructor(clock: Clock, ids: IdSource) {
    this.state = new State(clock, ids);
  }

  /** Rebuilds an exchange from `snapshot()` output (or the equivalent rows from a database). */
  static restore(snap: ExchangeSnapshot, clock: Clock, ids: IdSource): ExchangeCore {
    const ex = new ExchangeCore(clock, ids);
    loadSnapshot(ex.state, snap);
    return ex;
  }

  /**
   * An empty exchange and the loader that fills it from streamed rows (a database restore):
   * the head now, then live orders in ascending seq, balances, positions, `finish()`.
   */
  static restoring(head: SnapshotHead, clock: Clock, ids: IdSource): { exchange: ExchangeCore; loader: SnapshotLoader } {
    const exchange = new ExchangeCore(clock, ids);
    return { exchange, loader: new SnapshotLoader(exchange.state, head) };
  }

  snapshot(): ExchangeSnapshot {
    return takeSnapshot(this.state);
  }

  /** Applies a command (commands.ts) at its own time, its ids made from its seed: the journaled path. */
  apply<C extends Command>(c: C): ResultOf[C['type']] {
    const st = this.state;
    this.commandTime.at = c.at;
    st.clock = this.commandTime; // one clock object reused: no allocation per command
    st.ids.begin?.(c.at, c.seed);
    return this.dispatch(c) as ResultOf[C['type']];
  }

  /** The one dispatch from a command to the operation of its kind. */
  private dispatch(c: Command): CommandResult {
    switch (c.type) {
      case 'place': return this.placeOrder(c.order);
      case 'cancel': return this.cancelOrders(c.wallet, c.orderIds, c.reason);
      case 'cancel-all': return this.cancelAll(c.wallet, c.reason);
      case 'cancel-market': return this.cancelMarket(c.wallet, c.conditionId, c.asset, c.reason);
      case 'deposit': return this.deposit(c.wallet, c.amount);
      case 'withdraw': return this.withdraw(c.wallet, c.amount);
      case 'split': return this.split(c.wallet, c.conditionId, c.amount);
      case 'merge': return this.merge(c.wallet, c.conditionId, c.amount);
      case 'redeem': return this.redeem(c.wallet, c.conditionId);
      case 'convert': return this.convert(c.wallet, c.marketId, BigInt(c.indexSet), c.amount);
      case 'resolve': return this.resolve(c.conditionId, c.payouts);
      case 'settings': return this.market(c.market.conditionId) ? this.updateMarket(c.market) : this.createMarket(c.market);
      case 'expire': return this.expireDue(c.at);
    }
  }

  // ── markets ────────────────────────────────────────────────────────────────────────────────
  createMarket(s: MarketSettings): OpResult {
    return this.op(() => createMarket(this.state, s));
  }

  updateMarket(s: MarketSettings): OpResult {
    return this.op(() => updateMarket(this.state, s));
  }

  /** Stops trading, cancels every open order (`market resolved`), records the payouts. */
  resolve(conditionId: string, payouts: readonly [number, number]): OpResult {
    return this.op(() => resolveMarket(this.state, conditionId, payouts));
  }

  // ── orders ─────────────────────────────────────────────────────────────────────────────────
  placeOrder(cmd: OrderCommand): PlaceResult {
    const st = this.state;
    expireDue(st, st.clock.now());
    const r = place(st, cmd);
    const effects = st.drain();
    if ('code' in r) return { ok: false, reject: r, effects };
    const o = r.order;
    const buy = o.side === 'BUY';
    return {
      ok: true, order: { ...o }, status: o.status === 'LIVE' ? 'live' : 'matched',
      makingAmount: buy ? o.notional + o.feeCharged : o.sizeMatched,
      takingAmount: buy ? o.sizeMatched : o.notional - o.feeCharged,
      tradeIds: r.tradeIds, transactionHashes: r.txs, effects,
    };
  }

  cancelOrder(wallet: string, id: string, reason = USER_CANCEL): CancelResult { return this.cancelIds(wallet, [id], reason); }

  cancelOrders(wallet: string, ids: string[], reason = USER_CANCEL): CancelResult { return this.cancelIds(wallet, ids, reason); }

  cancelAll(wallet: string, reason = USER_CANCEL): CancelResult { return this.cancelMarket(wallet, undefined, undefined, reason); }

  cancelMarket(wallet: string, conditionId?: string, asset?: string, reason = USER_CANCEL): CancelResult {
    return this.cancelIds(wallet, Array.from(walletOrders(this.state, wallet, conditionId, asset), (r) => r.id), reason);
  }

  /** Cancels GTD orders due at `nowMs` (a host timer calls this at `nextExpiry()`). */
  expireDue(nowMs: number): { expired: string[]; effects: Effects } {
    const expired = expireDue(this.state, nowMs);
    return { expired, effects: this.state.drain() };
  }

  /** Earliest pending GTD deadline in ms (may be a since-cancelled order's), or null. */
  nextExpiry(): number | null {
    return this.state.expiry.peek();
  }

  // ── wallets ────────────────────────────────────────────────────────────────────────────────
  deposit(wallet: string, amount: number): OpResult {
    return this.walletOp(wallet, (ref, now) => this.state.ledger.deposit(wallet, amount, ref, now));
  }

  withdraw(wallet: string, amount: number): OpResult { return this.walletOp(wallet, (ref, now) => this.state.ledger.withdraw(wallet, amount, ref, now)); }

  split(wallet: string, conditionId: string, amount: number): OpResult {
    return this.walletOp(wallet, (ref, now) => this.tradable(conditionId) ?? this.state.ledger.split(wallet, conditionId, this.tokenIds(conditionId)!, amount, ref, now));
  }

  merge(wallet: string, conditionId: string, amount: number): OpResult {
    return this.walletOp(wallet, (ref, now) => this.tradable(conditionId) ?? this.state.ledger.merge(wallet, conditionId, this.tokenIds(conditionId)!, amount, ref, now));
  }

  redeem(wallet: string, conditionId: string): OpResult {
    return this.walletOp(wallet, (ref, now) => {
      const m = this.state.markets.get(conditionId);
      if (m === undefined) return reject('market_not_found', 'market not found', { conditionId });
      if (m.row.payouts === null) return reject('market_not_resolved', 'market is not resolved', { conditionId });
      return this.state.ledger.redeem(wallet, conditionId, m.row.tokenIds, m.row.payouts, ref, now);
    });
  }

  /**
   * Neg-risk conversion (src/core/convert.ts): `amount` NO of each question of `marketId` whose
   * bit is set in `indexSet` → collateral and YES of the other questions.
   */
  convert(wallet: string, marketId: string, indexSet: bigint, amount: number): OpResult {
    return this.walletOp(wallet, (ref, now) => convert(this.state, wallet, marketId, indexSet, amount, ref, now));
  }

  /** The questions of a neg-risk market (condition ids by index; undefined for a gap), or undefined. */
  negRiskQuestions(marketId: string): Array<string | undefined> | undefined {
    return this.state.negRisk.get(marketId)?.questions.map((q) => q?.row.conditionId);
  }

  // ── reads ──────────────────────────────────────────────────────────────────────────────────
  market(conditionId: string): MarketRow | undefined {
    const m = this.state.markets.get(conditionId);
    return m && { ...m.row };
  }

  markets(): MarketRow[] {
    return [...this.state.markets.values()].map((m) => ({ ...m.row }));
  }

  /** A live order (closed orders are only in the persisted history). */
  order(id: string): OrderRow | undefined {
    const lo = this.state.live.get(id);
    return lo && { ...lo.row };
  }

  /**
   * `wallet`'s live orders in the market `conditionId` / of `asset` (when given), oldest first (seq order: an
   * order joins its wallet's list when it rests), as copies: `limit` of them after skipping
   * `offset`. A page walks the list up to its end and copies only its own rows.
   */
  openOrders(wallet: string, conditionId?: string, asset?: string, offset = 0, limit = Infinity): OrderRow[] {
    const out: OrderRow[] = [];
    let skip = offset;
    for (const r of walletOrders(this.state, wallet, conditionId, asset)) {
      if (out.length >= limit) break;
      if (skip > 0) skip--;
      else out.push({ ...r });
    }
    return out;
  }

  balance(wallet: string, asset: string): Balance { return this.state.ledger.balance(wallet, asset); }

  balances(wallet: string): BalanceRow[] { return this.state.ledger.walletRows(wallet); }

  positions(wallet: string): PositionRow[] {
    return this.state.ledger.positions.list(wallet).map((p) => ({ ...p }));
  }

  /** A market's book metadata (no depth arrays), or undefined for an unknown market. */
  bookMeta(conditionId: string): BookMeta | undefined {
    const m = this.state.markets.get(conditionId);
    if (m === undefined) return undefined;
    const b = m.book;
    return {
      version: b.version, lastChangeMs: b.lastChangeMs, ladderRes: b.res, lastTradePrice: b.lastTradeIdx * b.res,
      lastTradeSide: b.lastTradeSide, status: m.row.status,
    };
  }

  /**
   * Total size resting at `price` (outcome-0 terms, micro) on one side of a market's book (0 bids,
   * 1 asks), and the best bid and ask (outcome-0 prices, null when a side is empty). O(1).
   */
  levelSize(conditionId: string, side: 0 | 1, price: number): number {
    return this.state.markets.get(conditionId)?.book.sizeAt(side, price) ?? 0;
  }

  bestPrices(conditionId: string): { bid: number | null; ask: number | null } {
    const b = this.state.markets.get(conditionId)?.book;
    if (b === undefined || !b.allocated) return { bid: null, ask: null };
    return { bid: b.bestBid > 0 ? b.bestBid * b.res : null, ask: b.bestAsk < b.levels ? b.bestAsk * b.res : null };
  }

  /** Version of a token's book (both tokens of a market share it), O(1); undefined if unknown. */
  bookVersion(tokenId: string): number | undefined {
    return this.state.tokens.get(tokenId)?.market.book.version;
  }

  /** The market and outcome of a token id, or undefined for an id no market of the core has. */
  token(tokenId: string): { conditionId: string; outcome: 0 | 1 } | undefined {
    const t = this.state.tokens.get(tokenId);
    return t && { conditionId: t.market.row.conditionId, outcome: t.outcome };
  }

  /** A market's two token ids (outcome 0 first), or undefined for an unknown market. */
  tokenIds(conditionId: string): readonly [string, string] | undefined {
    return this.state.markets.get(conditionId)?.row.tokenIds;
  }

  /** Non-empty price levels over all books, by side in outcome-0 terms; O(markets). */
  bookLevels(): { bid: number; ask: number } {
    let bid = 0;
    let ask = 0;
    for (const m of this.state.markets.values()) {
      bid += m.book.levelCount(0);
      ask += m.book.levelCount(1);
    }
    return { bid, ask };
  }

  /** How many orders rest in the books, O(1). */
  openOrderCount(): number { return this.state.live.size; }

  /** The exchange-wide counters: order sequence, collateral in and out, size matched per role. */
  counters(): ExchangeCounters {
    const st = this.state;
    return { seq: st.seq, deposited: st.ledger.deposited, withdrawn: st.ledger.withdrawn, takerMatched: st.takerMatched, makerMatched: st.makerMatched };
  }

  /** Aggregated depth of a token's book in its own price terms (outcome 1 mirrors outcome 0): book-view.ts. */
  book(tokenId: string, maxLevels = Infinity): BookView | undefined { return bookView(this.state, tokenId, maxLevels); }

  // ── helpers ────────────────────────────────────────────────────────────────────────────────
  private cancelIds(wallet: string, ids: string[], reason: string): CancelResult {
    const r = cancelMany(this.state, wallet, ids, reason);
    return { ...r, effects: this.state.drain() };
  }

  private op(fn: () => Reject | null): OpResult {
    const r = fn();
    const effects = this.state.drain();
    return r === null ? { ok: true, effects } : { ok: false, reject: r, effects };
  }

  private walletOp(wallet: string, fn: (ref: string, now: number) => Reject | null): OpResult {
    if (typeof wallet !== 'string' || wallet === '' || wallet.includes(':')) {
      return { ok: false, reject: reject('invalid_wallet', 'invalid wallet', { wallet }), effects: this.state.drain() };
    }
    return this.op(() => fn(this.state.ids.next('tx'), this.state.clock.now()));
  }

  private tradable(conditionId: string): Reject | null {
    const m = this.state.markets.get(conditionId);
    if (m === undefined) return reject('market_not_found', 'market not found', { conditionId });
    if (m.row.status === 'resolved') return reject('market_resolved', 'market is resolved', { conditionId });
    return null;
  }
}
