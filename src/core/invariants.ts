/**
 * The properties that must hold after every command. `findViolations(exchange)` lists the broken
 * ones (at most `max`), in one pass over each structure with numeric keys (`check` below) —
 * linear in balances, live orders and allocated book levels, so it runs on every rebuild of a
 * large venue (src/exchange/integrity.ts);
 * `checkInvariants(exchange)` throws an Error naming the first (property and recovery tests).
 *
 *  1. Money: Σ collateral (free + reserved) over every wallet, the fee account and every market's
 *     locked account = deposited − withdrawn. No balance is negative or a non-safe integer.
 *  2. Supply: before resolution each market's outcome-0 supply = outcome-1 supply = its locked
 *     collateral; after it, locked = Σ supply × payout (what redemptions will still pay out).
 *     A question of a neg-risk event: locked = NO supply and 0 ≤ YES − NO ≤ its event's pool
 *     (conversions, src/core/neg-risk.ts); the pool is empty once the event has its winner.
 *  3. Reservations: each live order reserves exactly what it can still spend (SELL: remaining
 *     tokens; BUY: limit cost of the remainder + unused fee room), and each wallet's reserved
 *     balance of each asset is the sum over its live orders.
 *  4. Books: internally consistent, never crossed, and exactly the live orders with their
 *     remaining sizes. 5. Every fill has both sides: taker-matched = maker-matched.
 *  6. Positions: each (wallet, token) position size = that wallet's token balance.
 *  7. Wallet lists: each wallet's list holds exactly its live orders, oldest (lowest seq) first.
 */

import { LOT } from '../domain/money.js';
import { COLLATERAL, FEE_ACCOUNT, marketAccount } from '../ledger/types.js';
import type { ExchangeCore } from './exchange.js';
import type { LiveOrder, MarketState, State } from './state.js';
import { requiredReserve } from './settle.js';
import { checkNegRiskSupply } from './neg-risk.js';

class Found extends Error {}

export function checkInvariants(ex: ExchangeCore): void {
  const [first] = findViolations(ex, 1);
  if (first !== undefined) throw new Error(`invariant broken: ${first}`);
}

/** The broken invariants, at most `max` of them (the search stops there). */
export function findViolations(ex: ExchangeCore, max = 20): string[] {
  const out: string[] = [];
  const fail = (msg: string): void => {
    out.push(msg);
    if (out.length >= max) throw new Found();
  };
  try {
    check(ex.state, fail);
  } catch (err) {
    if (!(err instanceof Found)) fail(`check failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  return out;
}

type Fail = (msg: string) => void;

/**
 * One pass over each structure, with numeric keys (issue #40: per-order string keys and Map
 * lookups were most of the old check — 3.9 CPU-s for 1M resting orders, now 0.5; docs/benchmarks.md):
 * - live orders once, in the live Map's order (their order in memory), with no lookup by id: each
 *   order's state and reserve; its book slot (`bySlot` identity, the size the book holds there);
 *   its links in its wallet's list (neighbours point back, are in their books, same account,
 *   older first; the list's ends are the account's head and tail); its reserve summed per
 *   ACCOUNT NUMBER × ASSET NUMBER (2 × the market's index + the outcome; collateral last) in a
 *   Float64Array — no `wallet asset` string per order;
 * - balances once (the ledger's rows): whole, safe, reserved = that array's entry (then zeroed;
 *   whatever is left non-zero is reserved by orders without a balance);
 * - books: `Book.check()` (levels, totals, live count) per market, and Σ live counts = live orders.
 * So the live Map, the books and the lists hold the same orders: live orders map one-to-one onto
 * occupied book slots (`bySlot` identity) and there are as many of each; every list link joins
 * two such orders of one account.
 */
function check(st: State, fail: Fail): void {
  const marketNo = new Map<MarketState, number>();
  for (const m of st.markets.values()) marketNo.set(m, marketNo.size);
  // Reserve keys: account × assets + asset number (2 × market index + outcome; collateral last).
  const assets = 2 * marketNo.size + 1;
  const keys = Math.max(1, st.accountCount) * assets;
  const reserved: Float64Array | Map<number, number> = keys <= 1 << 24 ? new Float64Array(keys) : new Map<number, number>();
  const add = (k: number, v: number): void => {
    if (reserved instanceof Float64Array) reserved[k] += v;
    else reserved.set(k, (reserved.get(k) ?? 0) + v);
  };
  const take = (k: number): number => {
    if (reserved instanceof Float64Array) { const v = reserved[k]!; reserved[k] = 0; return v; }
    const v = reserved.get(k) ?? 0;
    reserved.delete(k);
    return v;
  };

  // Live orders, in the order they were made (the live map's, which is also their order in
  // memory): their own state, their book slot, their reserve, and their links in their wallet's list.
  const inBook = (x: LiveOrder): boolean => x.market.bySlot[x.slot] === x && x.market.book.remaining(x.slot) > 0;
  st.live.forEach((lo, id) => {
    const r = lo.row;
    const m = lo.market;
    if (r.id !== id || m.bySlot[lo.slot] !== lo || st.walletOf(lo.acct) !== r.wallet) fail(`live order ${id} is not in its book and its wallet's list`);
    else if (m.book.remaining(lo.slot) !== r.originalSize - r.sizeMatched) fail(`order ${id} size in book ${m.book.remaining(lo.slot)}`);
    if (r.status !== 'LIVE' || r.sizeMatched >= r.originalSize) fail(`live order ${id} status ${r.status}`);
    if (r.reserved !== requiredReserve(r)) fail(`order ${id} reserves ${r.reserved}, needs ${requiredReserve(r)}`);
    const asset = r.side === 'BUY' ? assets - 1 : 2 * (marketNo.get(m) ?? 0) + (r.tokenId === m.row.tokenIds[0] ? 0 : 1);
    add(lo.acct * assets + asset, r.reserved);
    const { prev, next } = lo;
    if (prev === undefined ? st.firstLiveOf(lo.acct) !== lo : prev.next !== lo || prev.acct !== lo.acct || !(prev.row.seq < r.seq) || !inBook(prev)) fail(`${r.wallet}'s list is out of time order at ${id}`);
    if (next === undefined ? st.lastLiveOf(lo.acct) !== lo : next.prev !== lo || !inBook(next)) fail(`order ${next?.row.id ?? 'none'} in ${r.wallet}'s list is not its live order`);
  });
  // Every list starts and ends at a live order of its account: with the links above, the lists
  // hold exactly the live orders (those `inBook` says are: the books hold as many as are live).
  for (let a = 0; a < st.accountCount; a++) {
    const head = st.firstLiveOf(a);
    const tail = st.lastLiveOf(a);
    if ((head === undefined) !== (tail === undefined)) fail(`${st.walletOf(a)}'s list has one end`);
    for (const end of [head, tail]) if (end !== undefined && (end.acct !== a || !inBook(end))) fail(`order ${end.row.id} in ${st.walletOf(a)}'s list is not its live order`);
  }

  // Balances: whole, safe; reserved = what the wallet's orders reserve; supplies per token.
  const supply = new Float64Array(2 * marketNo.size);
  let collateral = 0;
  for (const r of st.ledger.rows()) {
    if (!Number.isSafeInteger(r.free) || !Number.isSafeInteger(r.reserved) || r.free < 0 || r.reserved < 0) fail(`balance ${r.wallet} ${r.asset}`);
    const acct = st.accountOf(r.wallet);
    let asset = -1;
    if (r.asset === COLLATERAL) {
      collateral += r.free + r.reserved;
      asset = assets - 1;
    } else {
      if (r.wallet.includes(':')) fail(`pseudo-wallet ${r.wallet} holds tokens`);
      if ((r.free + r.reserved) % LOT !== 0) fail(`token balance not whole lots ${r.wallet} ${r.asset}`);
      const t = st.tokens.get(r.asset);
      if (t !== undefined) supply[(asset = 2 * marketNo.get(t.market)! + t.outcome)] += r.free + r.reserved;
    }
    const byOrders = acct === undefined || asset < 0 ? 0 : take(acct * assets + asset);
    if (byOrders !== r.reserved) fail(`reserved ${r.wallet} ${r.asset} ${r.reserved}`);
  }
  reserved.forEach((v, k) => { if (v !== 0) fail(`orders reserve ${v} of ${st.walletOf(Math.floor(k / assets))} asset #${k % assets} without a balance`); });
  if (collateral !== st.ledger.deposited - st.ledger.withdrawn) fail(`collateral ${collateral} ≠ deposited − withdrawn ${st.ledger.deposited - st.ledger.withdrawn}`);
  if (st.ledger.balance(FEE_ACCOUNT, COLLATERAL).reserved !== 0) fail('fee account has reserved collateral');

  let inBooks = 0;
  for (const [cid, m] of st.markets) {
    const locked = st.ledger.balance(marketAccount(cid), COLLATERAL);
    const n = 2 * marketNo.get(m)!;
    const s0 = supply[n]!;
    const s1 = supply[n + 1]!;
    if (locked.reserved !== 0) fail(`market ${cid} locked collateral reserved`);
    const p = m.row.payouts;
    if (m.row.negRisk !== undefined) checkNegRiskSupply(st, m, s0, s1, locked.free, fail);
    if (p === null) {
      if (m.row.negRisk === undefined && (s0 !== s1 || s0 !== locked.free)) fail(`market ${cid} supply ${s0}/${s1} ≠ locked ${locked.free}`);
    } else if ((s0 / LOT) * (p[0] / 100) + (s1 / LOT) * (p[1] / 100) !== locked.free) fail(`market ${cid} locked ≠ redeemable`);
    try {
      m.book.check();
    } catch (err) {
      fail(`market ${cid} book: ${err instanceof Error ? err.message : String(err)}`);
    }
    inBooks += m.book.live;
  }
  if (inBooks !== st.live.size) fail(`books hold ${inBooks} orders, ${st.live.size} are live`);
  if (st.takerMatched !== st.makerMatched) fail(`taker matched ${st.takerMatched} ≠ maker matched ${st.makerMatched}`);

  for (const p of st.ledger.positions.all()) {
    const b = st.ledger.balance(p.wallet, p.asset);
    if (p.size !== b.free + b.reserved) fail(`position ${p.wallet} ${p.asset} size ${p.size}`);
    const slot = st.tokens.get(p.asset);
    if (slot === undefined || slot.market.row.conditionId !== p.conditionId || slot.outcome !== p.outcomeIndex) fail(`position on non-token ${p.asset}`);
  }
}
