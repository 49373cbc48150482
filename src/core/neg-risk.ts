/**
 * Neg-risk events in the core (docs/venue.md §11, docs/neg-risk.md): a set of binary markets
 * ("questions") of which exactly one resolves YES. The registry groups markets by their
 * `negRiskMarketID`; this module holds the accounting the conversion needs, the resolution
 * rules and the invariant checks for such events. The conversion command itself is convert.ts.
 *
 * Accounting. Each market keeps its locked collateral (`market:<cid>`) equal to its NO supply;
 * the event has a pool (`neg-risk:<marketId>`) holding what conversions left behind. A
 * conversion of `a` burns `a` NO of each of m selected markets (their lock moves to the pool),
 * mints `a` YES of each other market, and pays (m − 1)·a out of the pool: the pool grows by `a`,
 * and every question's YES supply exceeds its NO supply by exactly what the pool holds (less,
 * for a question appended after conversions: it never received those YES). So whichever single
 * question wins, its YES holders are paid from its lock plus the pool, every loser's NO holders
 * from their market's lock: the venue is solvent for every one-winner outcome. When the winner
 * resolves, its YES excess moves from the pool into its lock (any surplus — questions appended
 * after conversions — to the fee account).
 */
import { MICRO } from '../domain/money.js';
import { reject, type Reject } from '../domain/rejects.js';
import { COLLATERAL, FEE_ACCOUNT, marketAccount } from '../ledger/types.js';
import type { MarketState, NegRiskEvent, State } from './state.js';

/** The pseudo-wallet holding an event's conversion pool (collateral only). */
export function negRiskAccount(marketId: string): string {
  return `neg-risk:${marketId}`;
}

/** Adds a market to its neg-risk event (on creation and on restore). */
export function registerNegRisk(st: State, m: MarketState): void {
  const link = m.row.negRisk;
  if (link === undefined) return;
  let ev = st.negRisk.get(link.marketId);
  if (ev === undefined) st.negRisk.set(link.marketId, (ev = { marketId: link.marketId, feeBips: link.feeBips, questions: [] }));
  ev.questions[link.index] = m;
}

export function eventOf(st: State, m: MarketState): NegRiskEvent | undefined {
  const link = m.row.negRisk;
  return link && st.negRisk.get(link.marketId);
}

/** The question that resolved YES, if any. */
export function winnerOf(ev: NegRiskEvent): MarketState | undefined {
  return ev.questions.find((q) => q !== undefined && q.row.payouts !== null && q.row.payouts[0] === MICRO);
}

/** Total supply of a token (scan of the balances: resolution and checks only). */
export function supplyOf(st: State, token: string): number {
  let s = 0;
  for (const r of st.ledger.rows()) if (r.asset === token) s += r.free + r.reserved;
  return s;
}

/**
 * The rules of resolving a question of a neg-risk event: [1,0] or [0,1] only, one YES per
 * event, and the last open question may resolve NO only while the pool is empty.
 */
export function checkNegRiskResolution(st: State, m: MarketState, payouts: readonly [number, number]): Reject | null {
  const ev = eventOf(st, m);
  if (ev === undefined) return null;
  const cid = m.row.conditionId;
  const yes = payouts[0] === MICRO && payouts[1] === 0;
  if (!yes && !(payouts[0] === 0 && payouts[1] === MICRO)) {
    return reject('invalid_payouts', 'a question of a neg-risk event resolves [1,0] (YES) or [0,1] (NO) only', { conditionId: cid, payouts });
  }
  const winner = winnerOf(ev);
  if (yes && winner !== undefined) {
    return reject('neg_risk_second_winner', `the neg-risk event already has its winner (${winner.row.conditionId}): at most one question resolves YES`, { conditionId: cid, winner: winner.row.conditionId });
  }
  const open = ev.questions.filter((q) => q !== undefined && q.row.payouts === null).length;
  const pool = st.ledger.balance(negRiskAccount(ev.marketId), COLLATERAL).free;
  if (!yes && winner === undefined && open === 1 && pool > 0) {
    return reject('neg_risk_no_winner', 'the last open question of a neg-risk event whose positions were converted must resolve YES: exactly one question wins', { conditionId: cid, pool });
  }
  return null;
}

/** After a question resolved YES: its YES excess over its NO moves from the pool into its lock. */
export function settleNegRiskWinner(st: State, m: MarketState, ref: string): void {
  const ev = eventOf(st, m);
  if (ev === undefined || m.row.payouts === null || m.row.payouts[0] !== MICRO) return;
  const cid = m.row.conditionId;
  const pool = negRiskAccount(ev.marketId);
  const held = st.ledger.balance(pool, COLLATERAL).free;
  const excess = supplyOf(st, m.row.tokenIds[0]) - supplyOf(st, m.row.tokenIds[1]);
  if (excess > held || excess < 0) throw new Error(`invariant: neg-risk winner ${cid} YES excess ${excess}, pool ${held}`);
  st.ledger.move(pool, COLLATERAL, -excess, 0, 'redeem', ref);
  st.ledger.move(marketAccount(cid), COLLATERAL, excess, 0, 'redeem', ref);
  if (held > excess) {
    st.ledger.move(pool, COLLATERAL, excess - held, 0, 'fee', ref);
    st.ledger.move(FEE_ACCOUNT, COLLATERAL, held - excess, 0, 'fee', ref);
  }
}

/**
 * The supply invariant of a neg-risk question (replaces "YES = NO = locked" of a plain market
 * before resolution): locked = NO supply, and 0 ≤ YES − NO ≤ pool; once the event has its
 * winner the pool is empty. `fail` reports a violation.
 */
export function checkNegRiskSupply(st: State, m: MarketState, s0: number, s1: number, locked: number, fail: (msg: string) => void): void {
  const ev = eventOf(st, m)!;
  const cid = m.row.conditionId;
  const at = ev.questions[m.row.negRisk!.index];
  if (at !== m) fail(`neg-risk market ${cid} shares index ${m.row.negRisk!.index} of ${ev.marketId} with ${at?.row.conditionId ?? 'nothing'}`);
  const pool = st.ledger.balance(negRiskAccount(ev.marketId), COLLATERAL);
  if (pool.reserved !== 0) fail(`neg-risk pool ${ev.marketId} has reserved collateral`);
  const determined = winnerOf(ev) !== undefined;
  if (determined && pool.free !== 0) fail(`neg-risk event ${ev.marketId} has its winner but its pool holds ${pool.free}`);
  if (m.row.payouts !== null) return; // resolved: the plain check (locked = redeemable) applies
  if (s1 !== locked) fail(`neg-risk market ${cid} NO supply ${s1} ≠ locked ${locked}`);
  const excess = s0 - s1;
  if (excess < 0 || (!determined && excess > pool.free)) fail(`neg-risk market ${cid} YES excess ${excess} outside [0, pool ${pool.free}]`);
}
