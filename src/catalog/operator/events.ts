/**
 * Operator use cases for events and markets (docs/venue.md §14): create an event with its markets,
 * add a market to an event, change a market's flags and settings. Each runs in one transaction
 * with its audit record, so a failure leaves nothing behind and a success is visible at once
 * through the catalog routes. Condition, question and token ids are generated unless given.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.js';
import { errors, ApiError } from '../../errors/catalogue.js';
import { isConditionId } from '../../domain/ids.js';
import {
  audit, findOrCreateCreator, insertEvent, insertMarket, updateMarket, updateMarketRow, upsertSeries, upsertSite, upsertTag, type NewMarket,
} from '../write.js';
import type { Db } from '../../store/db.js';
import { eventDetail } from '../event-detail.js';
import { storeEventItems } from '../event-json.js';
import { withEvents } from '../markets.js';
import { inTransaction, msOf, settingsPatch, walletOf, type EventInput, type MarketInput, type SettingsInput, type TagRef } from './input.js';
import { checkNegRiskEvent, checkNegRiskMarkets } from './neg-risk.js';
import type { Collateral } from '../../domain/ctf-ids.js';

async function tagSlugs(db: Db, refs: TagRef[] | undefined, now: number): Promise<string[]> {
  const out: string[] = [];
  for (const r of refs ?? []) {
    if (typeof r !== 'string') await upsertTag(db, r, now);
    out.push(typeof r === 'string' ? r : r.slug);
  }
  return [...new Set(out)];
}

async function checkMarketsFree(db: Db, markets: MarketInput[]): Promise<void> {
  const slugs = markets.map((m) => m.slug);
  if (new Set(slugs).size !== slugs.length) throw errors.badRequest('market slugs must be unique');
  for (const m of markets) {
    if (m.conditionId !== undefined && !isConditionId(m.conditionId)) throw errors.badRequest('conditionId must be 0x + 64 lowercase hex');
    if (m.questionId !== undefined && !isConditionId(m.questionId)) throw errors.badRequest('questionId must be 0x + 64 lowercase hex');
    if (m.outcomes !== undefined && m.outcomes.length !== 2) throw errors.badRequest('outcomes must name exactly 2 outcomes');
  }
  if (slugs.length === 0) return;
  const taken = await db.selectFrom('markets').select('slug').where('slug', 'in', slugs).executeTakeFirst();
  if (taken) throw errors.conflict(`market slug already exists: ${taken.slug}`);
  const cids = markets.flatMap((m) => (m.conditionId ? [m.conditionId] : []));
  const cid = cids.length ? await db.selectFrom('markets').select('condition_id').where('condition_id', 'in', cids).executeTakeFirst() : undefined;
  if (cid) throw errors.conflict(`conditionId already exists: ${cid.condition_id}`);
}

async function newMarket(db: Db, m: MarketInput, now: number, negRiskAdapter?: string): Promise<NewMarket> {
  return {
    negRiskAdapter, negRiskPlaceholder: m.negRiskPlaceholder, negRiskOther: m.negRiskOther,
    question: m.question, slug: m.slug, conditionId: m.conditionId, questionId: m.questionId, description: m.description,
    resolutionSource: m.resolutionSource, startDate: msOf('startDate', m.startDate) ?? now, endDate: msOf('endDate', m.endDate),
    image: m.image, icon: m.icon, outcomes: m.outcomes as [string, string] | undefined, tags: await tagSlugs(db, m.tags, now),
    metadata: m.metadata as Record<string, unknown> | undefined, active: m.active, closed: m.closed, archived: m.archived,
  };
}

const withTokenIds = <M extends { clobTokenIds: string }>(m: M) => ({ ...m, tokenIds: JSON.parse(m.clobTokenIds) as string[] });

export async function createEvent(db: Kysely<Database>, input: EventInput, now: number, negRiskAdapter?: string, collateral?: Collateral) {
  const negRisk = checkNegRiskEvent(input);
  return inTransaction(db, async (trx) => {
    if (await trx.selectFrom('events').select('id').where('slug', '=', input.slug).executeTakeFirst()) {
      throw errors.conflict(`event slug already exists: ${input.slug}`);
    }
    const markets = input.markets ?? [];
    await checkMarketsFree(trx, markets);
    const series: string[] = [];
    for (const s of input.series ?? []) series.push(typeof s === 'string' ? s : await upsertSeries(trx, s, now).then(() => s.slug));
    const sites: string[] = [];
    for (const s of input.sites ?? []) sites.push(typeof s === 'string' ? s : await upsertSite(trx, s, now));
    const creator = input.creator ? { ...input.creator, wallet: input.creator.wallet ? walletOf('creator.wallet', input.creator.wallet) : undefined } : undefined;
    const creatorId = creator ? await findOrCreateCreator(trx, creator, now) : null;
    const tags = await tagSlugs(trx, input.tags, now); // the event's tags before its markets' (tag ids in that order)
    const newMarkets: NewMarket[] = [];
    for (const m of markets) newMarkets.push(await newMarket(trx, m, now, negRisk ? negRiskAdapter : undefined));
    // The event with its markets, then their settings: the stored answers are built once, at the end.
    const created = await insertEvent(trx, {
      slug: input.slug, title: input.title, ticker: input.ticker, description: input.description, resolutionSource: input.resolutionSource,
      startDate: msOf('startDate', input.startDate) ?? now, endDate: msOf('endDate', input.endDate), image: input.image, icon: input.icon,
      active: input.active, closed: input.closed, archived: input.archived, negRisk,
      negRiskAdapter: negRisk ? negRiskAdapter : undefined, negRiskFeeBips: input.negRiskFeeBips, negRiskAugmented: input.negRiskAugmented,
      creatorId, tags, series, sites, metadata: input.metadata as Record<string, unknown> | undefined, markets: newMarkets,
    }, now, { storeAnswers: false, collateral });
    for (const [i, m] of markets.entries()) {
      const patch = settingsPatch(m, now);
      if (Object.keys(patch).length) await updateMarketRow(trx, created.markets[i]!.conditionId, patch, now);
    }
    await storeEventItems(trx, [created.id]);
    await audit(trx, 'event.create', input.slug, input, now);
    const row = await trx.selectFrom('events').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    const detail = await eventDetail(trx, row);
    return { ...detail, markets: detail.markets.map(withTokenIds) };
  });
}

export async function addMarket(db: Kysely<Database>, input: MarketInput & { eventSlug: string }, now: number, negRiskAdapter?: string, collateral?: Collateral) {
  return inTransaction(db, async (trx) => {
    const event = await trx.selectFrom('events').select(['id', 'neg_risk', 'neg_risk_augmented']).where('slug', '=', input.eventSlug).executeTakeFirst();
    if (!event) throw errors.notFound(`event not found: ${input.eventSlug}`);
    checkNegRiskMarkets(Number(event.neg_risk) === 1 && Number(event.neg_risk_augmented) === 1, [input]);
    if (input.negRiskOther && (await trx.selectFrom('markets').select('id').where('event_id', '=', event.id).where('neg_risk_other', '=', 1).executeTakeFirst())) {
      throw errors.badRequest('the event already has its Other (negRiskOther)');
    }
    await checkMarketsFree(trx, [input]);
    const made = await insertMarket(trx, event.id, await newMarket(trx, input, now, negRiskAdapter), now, { collateral });
    const patch = settingsPatch(input, now);
    if (Object.keys(patch).length) await updateMarket(trx, made.conditionId, patch, now);
    await audit(trx, 'market.create', made.conditionId, input, now);
    const row = await trx.selectFrom('markets').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
    return withTokenIds(await withEvents(trx, row));
  });
}

export async function patchMarket(db: Kysely<Database>, conditionId: string, input: SettingsInput, now: number) {
  const cid = conditionId.toLowerCase();
  if (!isConditionId(cid)) throw errors.badRequest('condition_id must be 0x + 64 hex');
  const patch = settingsPatch(input, now);
  return inTransaction(db, async (trx) => {
    if (!(await updateMarket(trx, cid, patch, now))) throw new ApiError('not_found', `market not found: ${cid}`);
    await audit(trx, 'market.update', cid, input, now);
    return trx.selectFrom('markets').selectAll().where('condition_id', '=', cid).executeTakeFirstOrThrow();
  });
}
