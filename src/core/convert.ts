/**
 * Conversion of NO positions in a neg-risk event, as the NegRiskAdapter's `convertPositions`
 * (docs/venue.md §11, docs/neg-risk.md): giving up `amount` NO of each of the m questions whose bit
 * is set in `indexSet` yields (m − 1)·(amount − fee) collateral and (amount − fee) YES of each of
 * the n − m other questions; the fee's share of both goes to the vault (NEG_RISK_VAULT).
 *
 * Checks in the adapter's order: the market exists, it has more than one question, the index
 * set is non-zero with no bit ≥ n; amount 0 does nothing; then (Sibyl's) the amount is whole
 * lots, the event has no winner yet and the wallet holds enough unreserved NO of each selected
 * question. Everything is checked before the first balance moves: a rejection changes nothing.
 *
 * Fee: fee = ⌊amount × feeBips / 10 000⌋ rounded down to a whole lot (0.01 share), so every
 * token balance stays whole lots. Cost basis: each NO given up is closed at the price
 * (m − 1)·(amount − fee) / (m·amount) (the collateral received, spread over the NO legs; floor,
 * micro), the YES received enter at price 0.
 */
import { LOT, MICRO, floorDiv, validSize } from '../domain/money.js';
import { MSG, reject, type Reject } from '../domain/rejects.js';
import { NEG_RISK_VAULT } from '../domain/neg-risk-ids.js';
import { COLLATERAL, marketAccount } from '../ledger/types.js';
import { negRiskAccount, winnerOf } from './neg-risk.js';
import type { State } from './state.js';

/** The conversion fee of `amount` at `feeBips`: floor, then down to a whole lot. Exact for any safe amount. */
export function conversionFee(amount: number, feeBips: number): number {
  const raw = Math.floor(amount / 10_000) * feeBips + floorDiv((amount % 10_000) * feeBips, 10_000);
  return raw - (raw % LOT);
}

/** The market indexes of the bits set in `indexSet`, or null if a bit is at or past `n` (or none is set). */
export function indexesOf(indexSet: bigint, n: number): number[] | null {
  if (indexSet <= 0n || indexSet >> BigInt(n) !== 0n) return null;
  const out: number[] = [];
  for (let i = 0; i < n; i++) if ((indexSet >> BigInt(i)) & 1n) out.push(i);
  return out;
}

export function convert(st: State, wallet: string, marketId: string, indexSet: bigint, amount: number, ref: string, now: number): Reject | null {
  const ev = st.negRisk.get(marketId);
  if (ev === undefined) return reject('neg_risk_market_not_found', 'neg-risk market not found (MarketNotPrepared)', { marketId });
  const n = ev.questions.length;
  if (n <= 1) return reject('no_convertible_positions', 'a conversion needs a neg-risk market with more than one question (NoConvertiblePositions)', { marketId, questions: n });
  const picked = indexesOf(indexSet, n);
  if (picked === null) {
    return reject('invalid_index_set', `index_set must be non-zero with no bit at or past the number of questions, ${n} (InvalidIndexSet)`, { marketId, questions: n });
  }
  if (amount === 0) return null;
  if (!validSize(amount)) return reject('invalid_amount', 'amount must be a positive multiple of 0.01', { amount, lot: LOT });
  if (ev.questions.some((q) => q === undefined)) {
    return reject('no_convertible_positions', 'a question of this neg-risk market has no order book on this venue', { marketId });
  }
  const winner = winnerOf(ev);
  if (winner !== undefined) {
    return reject('neg_risk_determined', `the neg-risk event already has its winner (${winner.row.conditionId}): conversions are closed`, { marketId });
  }
  const qs = ev.questions.map((q) => q!);
  for (const i of picked) {
    const no = qs[i]!.row.tokenIds[1];
    const free = st.ledger.free(wallet, no);
    if (free < amount) return reject('insufficient_balance', MSG.balance, { asset: no, required: amount, free });
  }

  const L = st.ledger;
  const m = picked.length;
  const fee = conversionFee(amount, ev.feeBips);
  const net = amount - fee;
  const pool = negRiskAccount(marketId);
  const sel = new Set(picked);
  const exitPrice = Number((BigInt(m - 1) * BigInt(net) * BigInt(MICRO)) / (BigInt(m) * BigInt(amount)));
  for (const i of picked) {
    const cid = qs[i]!.row.conditionId;
    const no = qs[i]!.row.tokenIds[1];
    L.move(wallet, no, -amount, 0, 'convert', ref);
    L.positions.sell(wallet, no, cid, 1, Math.min(MICRO, exitPrice), amount);
    L.move(marketAccount(cid), COLLATERAL, -amount, 0, 'convert', ref);
  }
  L.move(pool, COLLATERAL, m * amount, 0, 'convert', ref);
  for (let j = 0; j < n; j++) {
    if (sel.has(j)) continue;
    const cid = qs[j]!.row.conditionId;
    const yes = qs[j]!.row.tokenIds[0];
    if (net > 0) {
      L.move(wallet, yes, net, 0, 'convert', ref);
      L.positions.buy(wallet, yes, cid, 0, 0, net);
    }
    if (fee > 0) {
      L.move(NEG_RISK_VAULT, yes, fee, 0, 'fee', ref);
      L.positions.buy(NEG_RISK_VAULT, yes, cid, 0, 0, fee);
    }
  }
  L.move(pool, COLLATERAL, -(m - 1) * amount, 0, 'convert', ref);
  L.move(wallet, COLLATERAL, (m - 1) * net, 0, 'convert', ref);
  if (fee > 0 && m > 1) L.move(NEG_RISK_VAULT, COLLATERAL, (m - 1) * fee, 0, 'fee', ref);
  L.note(wallet, 'CONVERSION', now, qs[picked[0]!]!.row.conditionId, '', -1, 0, amount, (m - 1) * net, ref);
  return null;
}
