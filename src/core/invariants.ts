/**
 * The properties that must hold after every command. `findViolations(exchange)` lists the broken
 * ones (at most `max`), in one pass over the state — linear in balances, live orders and
 * allocated book levels, so it runs on every rebuild of a large venue (src/exchange/integrity.ts);
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
import type { State } from './state.js';
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

function check(st: State, fail: Fail): void {
  const rows = st.ledger.rows();
  let collateral = 0;
  const supply = new Map<string, number>();
  const held = new Map<string, number>();
  for (const r of rows) {
    if (!Number.isSafeInteger(r.free) || !Number.isSafeInteger(r.reserved) || r.free < 0 || r.reserved < 0) fail(`balance ${r.wallet} ${r.asset}`);
    if (r.asset === COLLATERAL) collateral += r.free + r.reserved;
    else {
      if (r.wallet.includes(':')) fail(`pseudo-wallet ${r.wallet} holds tokens`);
      if ((r.free + r.reserved) % LOT !== 0) fail(`token balance not whole lots ${r.wallet} ${r.asset}`);
      supply.set(r.asset, (supply.get(r.asset) ?? 0) + r.free + r.reserved);
      held.set(`${r.wallet} ${r.asset}`, r.free + r.reserved);
    }
  }
  if (collateral !== st.ledger.deposited - st.ledger.withdrawn) fail(`collateral ${collateral} ≠ deposited − withdrawn ${st.ledger.deposited - st.ledger.withdrawn}`);
  if (st.ledger.balance(FEE_ACCOUNT, COLLATERAL).reserved !== 0) fail('fee account has reserved collateral');

  const liveByMarket = new Map<unknown, number>();
  for (const lo of st.live.values()) liveByMarket.set(lo.market, (liveByMarket.get(lo.market) ?? 0) + 1);
  for (const [cid, m] of st.markets) {
    const locked = st.ledger.balance(marketAccount(cid), COLLATERAL);
    const s0 = supply.get(m.row.tokenIds[0]) ?? 0;
    const s1 = supply.get(m.row.tokenIds[1]) ?? 0;
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
      continue;
    }
    let n = 0;
    for (const side of [0, 1] as const) {
      m.book.forEachOrder(side, (slot, _idx, size) => {
        const lo = m.bySlot[slot];
        if (lo === undefined || st.live.get(lo.row.id) !== lo) fail(`book slot ${slot} of ${cid} has no live order`);
        else if (size !== lo.row.originalSize - lo.row.sizeMatched) fail(`order ${lo.row.id} size in book ${size}`);
        n++;
      });
    }
    if (n !== (liveByMarket.get(m) ?? 0)) fail(`market ${cid} book has ${n} orders, ${liveByMarket.get(m) ?? 0} are live`);
  }

  const reserved = new Map<string, number>();
  for (const lo of st.live.values()) {
    const r = lo.row;
    if (r.status !== 'LIVE' || r.sizeMatched >= r.originalSize) fail(`live order ${r.id} status ${r.status}`);
    if (r.reserved !== requiredReserve(r)) fail(`order ${r.id} reserves ${r.reserved}, needs ${requiredReserve(r)}`);
    const key = `${r.wallet} ${r.side === 'BUY' ? COLLATERAL : r.tokenId}`;
    reserved.set(key, (reserved.get(key) ?? 0) + r.reserved);
  }
  for (const r of rows) {
    if ((reserved.get(`${r.wallet} ${r.asset}`) ?? 0) !== r.reserved) fail(`reserved ${r.wallet} ${r.asset} ${r.reserved}`);
    reserved.delete(`${r.wallet} ${r.asset}`);
  }
  for (const [k, v] of reserved) if (v !== 0) fail(`orders reserve ${v} of ${k} without a balance`);
  if (st.takerMatched !== st.makerMatched) fail(`taker matched ${st.takerMatched} ≠ maker matched ${st.makerMatched}`);

  let listed = 0;
  for (const wallet of st.wallets()) {
    let seq = -Infinity;
    for (const lo of st.liveOrdersOf(wallet)) {
      if (st.live.get(lo.row.id) !== lo || lo.row.wallet !== wallet) fail(`order ${lo.row.id} in ${wallet}'s list is not its live order`);
      if (!(lo.row.seq > seq)) fail(`${wallet}'s list is out of time order at ${lo.row.id}`);
      seq = lo.row.seq;
      listed++;
    }
  }
  if (listed !== st.live.size) fail(`wallet lists hold ${listed} orders, ${st.live.size} are live`);

  for (const p of st.ledger.positions.all()) {
    if (p.size !== (held.get(`${p.wallet} ${p.asset}`) ?? 0)) fail(`position ${p.wallet} ${p.asset} size ${p.size}`);
    const slot = st.tokens.get(p.asset);
    if (slot === undefined || slot.market.row.conditionId !== p.conditionId || slot.outcome !== p.outcomeIndex) fail(`position on non-token ${p.asset}`);
  }
}
