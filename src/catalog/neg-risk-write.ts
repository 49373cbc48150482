/**
 * Neg-risk ids at the one place markets are written (write.ts, docs/neg-risk.md): an event
 * created with an adapter address gets `negRiskMarketID` from the adapter's formula (oracle =
 * the adapter, its fee, metadata = the slug); each of its markets the question id, condition id
 * and request id of its index — the number of markets the event already has. Events whose market
 * id is not the formula's (created before migration 0022, or imported) keep random ids, so an
 * appended market there gets random ids too.
 */
import { negRiskMarketId, negRiskQuestionIds, MAX_NEG_RISK_QUESTIONS } from '../domain/neg-risk-ids.js';
import type { Db } from '../store/db.js';

export interface NegRiskSlot {
  index: number;
  feeBips: number;
  /** The formula's ids, or null for an event with random (pre-0022 or imported) ids. */
  ids: { questionId: string; conditionId: string; requestId: string } | null;
}

export class NegRiskWriteError extends Error {}

/** The event's market id: the formula's when an adapter is given, else random (`fallback`). */
export function eventMarketId(adapter: string | undefined, feeBips: number, slug: string, fallback: () => string): string {
  return adapter === undefined ? fallback() : negRiskMarketId(adapter, feeBips, slug);
}

/** Where the next market of neg-risk event `eventId` goes, and its ids. */
export async function nextNegRiskSlot(
  db: Db, eventId: number, event: { neg_risk_market_id: string; neg_risk_fee_bips: number; slug: string }, adapter: string | undefined,
): Promise<NegRiskSlot> {
  const n = await db.selectFrom('markets').select((eb) => eb.fn.countAll<number>().as('n')).where('event_id', '=', eventId).executeTakeFirstOrThrow();
  const index = Number(n.n);
  const feeBips = Number(event.neg_risk_fee_bips);
  const formula = adapter !== undefined && negRiskMarketId(adapter, feeBips, event.slug) === event.neg_risk_market_id;
  if (formula && index >= MAX_NEG_RISK_QUESTIONS) throw new NegRiskWriteError(`a neg-risk event holds at most ${MAX_NEG_RISK_QUESTIONS} questions`);
  return { index, feeBips, ids: formula ? negRiskQuestionIds(adapter, event.neg_risk_market_id, index) : null };
}
