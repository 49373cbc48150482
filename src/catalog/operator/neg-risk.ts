/**
 * Operator rules for neg-risk events (docs/neg-risk.md): what an event and its markets may say,
 * and naming a placeholder of an augmented event. Each refusal is a 400 naming the field.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.js';
import { ApiError, errors } from '../../errors/catalogue.js';
import { isConditionId } from '../../domain/ids.js';
import { MAX_NEG_RISK_FEE_BIPS, MAX_NEG_RISK_QUESTIONS } from '../../domain/neg-risk-ids.js';
import { audit } from '../write.js';
import { storeEventItems } from '../event-json.js';
import { inTransaction, type EventInput, type MarketInput } from './input.js';

/** Whether the event is neg-risk; refuses inconsistent neg-risk settings. */
export function checkNegRiskEvent(input: EventInput): boolean {
  if (input.negRisk !== undefined && input.enableNegRisk !== undefined && input.negRisk !== input.enableNegRisk) {
    throw errors.badRequest('negRisk and enableNegRisk must agree (they are the same setting)');
  }
  const negRisk = input.negRisk ?? input.enableNegRisk ?? false;
  if (!negRisk && (input.negRiskFeeBips !== undefined || input.negRiskAugmented)) {
    throw errors.badRequest('negRiskFeeBips and negRiskAugmented need a neg-risk event (negRisk or enableNegRisk true)');
  }
  const fee = input.negRiskFeeBips;
  if (fee !== undefined && (!Number.isSafeInteger(fee) || fee < 0 || fee > MAX_NEG_RISK_FEE_BIPS)) {
    throw errors.badRequest(`negRiskFeeBips must be an integer from 0 to ${MAX_NEG_RISK_FEE_BIPS}`);
  }
  const markets = input.markets ?? [];
  if (negRisk && markets.length > MAX_NEG_RISK_QUESTIONS) throw errors.badRequest(`a neg-risk event holds at most ${MAX_NEG_RISK_QUESTIONS} questions`);
  checkNegRiskMarkets(negRisk && input.negRiskAugmented === true, markets);
  if (markets.filter((m) => m.negRiskOther).length > 1) throw errors.badRequest('an augmented event has one Other (negRiskOther) at most');
  return negRisk;
}

/** Placeholders and Other only in augmented events (ids an operator gives win over the formula's: docs/neg-risk.md). */
export function checkNegRiskMarkets(augmented: boolean, markets: MarketInput[]): void {
  for (const m of markets) {
    if ((m.negRiskPlaceholder || m.negRiskOther) && !augmented) {
      throw errors.badRequest(`market ${m.slug}: negRiskPlaceholder and negRiskOther need an augmented neg-risk event (negRiskAugmented)`);
    }
    if (m.negRiskPlaceholder && m.negRiskOther) throw errors.badRequest(`market ${m.slug}: a market is a placeholder or the Other, not both`);
  }
}

/**
 * Names a placeholder of an augmented neg-risk event: its question (and slug, when given) change
 * and it stops being a placeholder, so it takes orders once the exchange follows the catalog.
 */
export async function namePlaceholder(db: Kysely<Database>, conditionId: string, name: { question: string; slug?: string }, now: number) {
  const cid = conditionId.toLowerCase();
  if (!isConditionId(cid)) throw errors.badRequest('condition_id must be 0x + 64 hex');
  return inTransaction(db, async (trx) => {
    const m = await trx.selectFrom('markets').select(['id', 'event_id', 'neg_risk_placeholder']).where('condition_id', '=', cid).executeTakeFirst();
    if (!m) throw new ApiError('not_found', `market not found: ${cid}`);
    if (Number(m.neg_risk_placeholder) !== 1) throw errors.badRequest('question can only be set on an unnamed placeholder of an augmented neg-risk event');
    if (name.slug !== undefined && (await trx.selectFrom('markets').select('id').where('slug', '=', name.slug).where('id', '!=', m.id).executeTakeFirst())) {
      throw errors.conflict(`market slug already exists: ${name.slug}`);
    }
    await trx.updateTable('markets').set({
      question: name.question, ...(name.slug === undefined ? {} : { slug: name.slug }), neg_risk_placeholder: 0, updated_at: now, detail_json: null,
    }).where('id', '=', m.id).execute();
    await storeEventItems(trx, [m.event_id]);
    await audit(trx, 'market.name', cid, name, now);
  });
}
