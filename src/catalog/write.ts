/**
 * The one way catalog data gets written: the operator API, the importer and the demo data set
 * all create tags, series, creators, sites, events with markets, profiles and comments through
 * these functions, inside a transaction the caller owns. Slugs are the natural keys: writing a
 * tag or series whose slug exists returns the existing row (imports are idempotent).
 */
import type { Updateable } from 'kysely';
import type { Db } from '../store/db.js';
import type { MarketsTable } from '../store/schema.js';
import { LOT, MAX_FEE_BPS, TICKS } from '../domain/money.js';
import { canonicalTokenId, hex32, type RandomBytes } from '../domain/ids.js';
import { marketTokenIds, type Collateral } from '../domain/ctf-ids.js';
import { storeEventItems } from './event-json.js';
import { eventMarketId, nextNegRiskSlot } from './neg-risk-write.js';

export interface NewTag { label: string; slug: string; requiresTranslation?: boolean }
export interface NewSeries {
  slug: string; title: string; ticker?: string; seriesType?: string; recurrence?: string;
  image?: string; icon?: string; active?: boolean; closed?: boolean; archived?: boolean;
}
export interface NewCreator { creatorName: string; creatorHandle: string; creatorUrl?: string; creatorImage?: string; wallet?: string }
export interface NewSite { id: string; name: string; domain?: string }

/** Order-book settings of a market; amounts in micro-units, fees in bps. */
export interface MarketSettings {
  minimumTickSize?: number; minimumOrderSize?: number; makerBaseFee?: number; takerBaseFee?: number;
  secondsDelay?: number; acceptingOrders?: boolean; enableOrderBook?: boolean; notificationsEnabled?: boolean;
  rewardsMinSize?: number; rewardsMaxSpread?: number; rewardsDailyRate?: number;
  itode?: boolean; takerOrderDelayMs?: number; orderAgeSeconds?: number; checkEnabled?: boolean; rfqEnabled?: boolean;
  is5050Outcome?: boolean; fpmm?: string; gameStartTime?: number | null;
}

export interface NewMarket extends MarketSettings {
  question: string; slug: string; conditionId?: string; questionId?: string;
  description?: string; resolutionSource?: string; startDate?: number | null; endDate?: number | null;
  image?: string; icon?: string; outcomes?: [string, string];
  active?: boolean; closed?: boolean; archived?: boolean; tags?: string[]; metadata?: Record<string, unknown>;
  negRiskRequestId?: string; createdAt?: number;
  /** Neg-risk (docs/neg-risk.md): the adapter whose formula gives the ids; placeholder / Other of an augmented event. */
  negRiskAdapter?: string; negRiskPlaceholder?: boolean; negRiskOther?: boolean;
  /** Traded volume in micro-units (imports). */
  volume?: number; updatedAt?: number;
  /** The source's token ids of an imported market (its `clobTokenIds`): kept as its token ids instead of derived ones. */
  sourceTokenIds?: [string, string];
}

export interface NewEvent {
  slug: string; title: string; ticker?: string; description?: string; resolutionSource?: string;
  startDate?: number | null; creationDate?: number | null; endDate?: number | null; image?: string; icon?: string;
  active?: boolean; closed?: boolean; archived?: boolean; negRisk?: boolean; creatorId?: number | null;
  tags?: string[]; series?: string[]; sites?: string[]; metadata?: Record<string, unknown>; markets?: NewMarket[];
  createdAt?: number;
  /** Neg-risk (docs/neg-risk.md): formula ids from this adapter, the conversion fee (bps), augmented. */
  negRiskAdapter?: string; negRiskFeeBips?: number; negRiskAugmented?: boolean;
  /** Traded volume and liquidity in micro-units (imports; the exchange keeps them current afterwards). */
  volume?: number; liquidity?: number; updatedAt?: number;
}

export interface CreatedMarket { id: number; conditionId: string; questionId: string; tokenIds: [string, string] }
export interface CreatedEvent { id: number; markets: CreatedMarket[] }

const flag = (v: boolean | undefined, def: boolean): number => ((v ?? def) ? 1 : 0);

export async function upsertTag(db: Db, tag: NewTag, now: number): Promise<number> {
  const existing = await db.selectFrom('tags').select('id').where('slug', '=', tag.slug).executeTakeFirst();
  if (existing) return existing.id;
  const row = await db.insertInto('tags').values({
    label: tag.label, slug: tag.slug, requires_translation: flag(tag.requiresTranslation, false), created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function upsertSeries(db: Db, s: NewSeries, now: number): Promise<number> {
  const existing = await db.selectFrom('series').select('id').where('slug', '=', s.slug).executeTakeFirst();
  if (existing) return existing.id;
  const row = await db.insertInto('series').values({
    slug: s.slug, title: s.title, ticker: s.ticker ?? s.slug, series_type: s.seriesType ?? 'single',
    recurrence: s.recurrence ?? '', image: s.image ?? '', icon: s.icon ?? '',
    active: flag(s.active, true), closed: flag(s.closed, false), archived: flag(s.archived, false),
    created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function upsertSite(db: Db, site: NewSite, now: number): Promise<string> {
  const existing = await db.selectFrom('sites').select('id').where('id', '=', site.id).executeTakeFirst();
  if (!existing) await db.insertInto('sites').values({ id: site.id, name: site.name, domain: site.domain ?? '', created_at: now }).execute();
  return site.id;
}

export async function insertCreator(db: Db, c: NewCreator, now: number): Promise<number> {
  const row = await db.insertInto('event_creators').values({
    creator_name: c.creatorName, creator_handle: c.creatorHandle, creator_url: c.creatorUrl ?? '',
    creator_image: c.creatorImage ?? '', wallet: c.wallet ?? null, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

async function tagIds(db: Db, slugs: string[] | undefined): Promise<number[]> {
  if (!slugs || slugs.length === 0) return [];
  const rows = await db.selectFrom('tags').select(['id', 'slug']).where('slug', 'in', slugs).execute();
  const bySlug = new Map(rows.map((r) => [r.slug, r.id]));
  const missing = slugs.filter((s) => !bySlug.has(s));
  if (missing.length) throw new CatalogWriteError(`unknown tag: ${missing.join(', ')}`);
  return slugs.map((s) => bySlug.get(s)!);
}

export class CatalogWriteError extends Error {}

/**
 * The order-book settings the matching engine accepts (src/core/markets.ts checks the same):
 * a tick of 0.1/0.01/0.001/0.0001, a minimum order size in whole lots of 0.01 share, fees
 * within [0, MAX_FEE_BPS]. Checked here, at the one place markets are written, so a market the
 * catalog holds can always be traded.
 */
export function checkOrderBookSettings(s: { minimum_tick_size?: number; minimum_order_size?: number; maker_base_fee?: number; taker_base_fee?: number }): void {
  if (s.minimum_tick_size !== undefined && !TICKS.includes(s.minimum_tick_size)) {
    throw new CatalogWriteError('minimum_tick_size must be one of 0.1, 0.01, 0.001, 0.0001');
  }
  if (s.minimum_order_size !== undefined && (s.minimum_order_size <= 0 || s.minimum_order_size % LOT !== 0)) {
    throw new CatalogWriteError('minimum_order_size must be a positive multiple of 0.01');
  }
  for (const fee of [s.maker_base_fee, s.taker_base_fee]) {
    if (fee !== undefined && (!Number.isSafeInteger(fee) || fee < 0 || fee > MAX_FEE_BPS)) {
      throw new CatalogWriteError(`fees must be integer bps from 0 to ${MAX_FEE_BPS}`);
    }
  }
}

/** An imported market's own token ids, checked: two distinct uint256 decimals. */
function sourceIds(ids: [string, string]): [string, string] {
  const out = ids.map((t) => canonicalTokenId(t));
  if (out[0] === undefined || out[1] === undefined || out[0] === out[1]) throw new CatalogWriteError(`clobTokenIds must be two distinct uint256 decimal strings: ${JSON.stringify(ids)}`);
  return [out[0], out[1]];
}

/** Adds a market to an existing event (and rebuilds the event's stored answers). */
/** How new markets get their ids: seeded randomness (the demo), the collateral of the position-id formula (the config). */
export interface WriteOptions { rand?: RandomBytes; collateral?: Collateral }

export async function insertMarket(db: Db, eventId: number, m: NewMarket, now: number, opts: WriteOptions = {}): Promise<CreatedMarket> {
  const made = await insertMarketRows(db, eventId, m, now, opts);
  await storeEventItems(db, [eventId]);
  return made;
}

async function insertMarketRows(db: Db, eventId: number, m: NewMarket, now: number, { rand, collateral }: WriteOptions): Promise<CreatedMarket> {
  const event = await db.selectFrom('events').select(['neg_risk', 'neg_risk_market_id', 'neg_risk_fee_bips', 'slug']).where('id', '=', eventId).executeTakeFirst();
  if (!event) throw new CatalogWriteError(`event ${eventId} does not exist`);
  const nr = Number(event.neg_risk) === 1 ? await nextNegRiskSlot(db, eventId, event, m.negRiskAdapter) : null;
  const conditionId = m.conditionId ?? nr?.ids?.conditionId ?? hex32(rand);
  const questionId = m.questionId ?? nr?.ids?.questionId ?? hex32(rand);
  const outcomes = m.outcomes ?? ['Yes', 'No'];
  const created = m.createdAt ?? now;
  checkOrderBookSettings({
    minimum_tick_size: m.minimumTickSize, minimum_order_size: m.minimumOrderSize, maker_base_fee: m.makerBaseFee, taker_base_fee: m.takerBaseFee,
  });
  const tokens = m.sourceTokenIds === undefined ? marketTokenIds(conditionId, Number(event.neg_risk) === 1, collateral) : sourceIds(m.sourceTokenIds);
  const row = await db.insertInto('markets').values({
    condition_id: conditionId, question_id: questionId, token_id_0: tokens[0], token_id_1: tokens[1], event_id: eventId, question: m.question, slug: m.slug,
    description: m.description ?? '', resolution_source: m.resolutionSource ?? '',
    start_date: m.startDate ?? null, end_date: m.endDate ?? null, game_start_time: m.gameStartTime ?? null,
    image: m.image ?? '', icon: m.icon ?? '', outcomes: JSON.stringify(outcomes),
    active: flag(m.active, true), closed: flag(m.closed, false), archived: flag(m.archived, false),
    enable_order_book: flag(m.enableOrderBook, true), accepting_orders: flag(m.acceptingOrders, !(m.closed ?? false)),
    accepting_order_timestamp: (m.acceptingOrders ?? !(m.closed ?? false)) ? created : null,
    minimum_tick_size: m.minimumTickSize ?? 10_000, minimum_order_size: m.minimumOrderSize ?? 5_000_000,
    maker_base_fee: m.makerBaseFee ?? 0, taker_base_fee: m.takerBaseFee ?? 0, seconds_delay: m.secondsDelay ?? 0,
    neg_risk: event.neg_risk, neg_risk_market_id: event.neg_risk_market_id,
    neg_risk_request_id: event.neg_risk ? (m.negRiskRequestId ?? nr?.ids?.requestId ?? hex32(rand)) : '',
    neg_risk_index: nr?.index ?? 0, neg_risk_fee_bips: nr?.feeBips ?? 0,
    neg_risk_placeholder: flag(m.negRiskPlaceholder, false), neg_risk_other: flag(m.negRiskOther, false),
    fpmm: m.fpmm ?? '', notifications_enabled: flag(m.notificationsEnabled, true), is_50_50_outcome: flag(m.is5050Outcome, false),
    rewards_min_size: m.rewardsMinSize ?? 0, rewards_max_spread: m.rewardsMaxSpread ?? 0, rewards_daily_rate: m.rewardsDailyRate ?? 0,
    itode: flag(m.itode, false), taker_order_delay_ms: m.takerOrderDelayMs ?? 0, order_age_seconds: m.orderAgeSeconds ?? 0,
    check_enabled: flag(m.checkEnabled, false), rfq_enabled: flag(m.rfqEnabled, false),
    volume: m.volume ?? 0, metadata: JSON.stringify(m.metadata ?? {}), created_at: created, updated_at: m.updatedAt ?? created,
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('tokens').values(tokens.map((t, i) => ({ token_id: t, condition_id: conditionId, outcome_index: i, outcome: outcomes[i]! }))).execute();
  const tags = await tagIds(db, m.tags);
  if (tags.length) await db.insertInto('market_tags').values(tags.map((tag_id) => ({ market_id: row.id, tag_id }))).execute();
  return { id: row.id, conditionId, questionId, tokenIds: tokens };
}

/**
 * Inserts an event with its tags, series, sites and markets, and stores its answers — unless the
 * caller has more to write first and calls `storeEventItems` itself (`storeAnswers: false`).
 */
export async function insertEvent(db: Db, e: NewEvent, now: number, opts: WriteOptions & { storeAnswers?: boolean } = {}): Promise<CreatedEvent> {
  const { rand, storeAnswers = true } = opts;
  const created = e.createdAt ?? now;
  const row = await db.insertInto('events').values({
    ticker: e.ticker ?? e.slug, slug: e.slug, title: e.title, description: e.description ?? '',
    resolution_source: e.resolutionSource ?? '', start_date: e.startDate ?? null, creation_date: e.creationDate ?? created,
    end_date: e.endDate ?? null, image: e.image ?? '', icon: e.icon ?? '',
    active: flag(e.active, true), closed: flag(e.closed, false), archived: flag(e.archived, false),
    neg_risk: flag(e.negRisk, false), neg_risk_market_id: e.negRisk ? eventMarketId(e.negRiskAdapter, e.negRiskFeeBips ?? 0, e.slug, () => hex32(rand)) : '',
    neg_risk_fee_bips: e.negRisk ? (e.negRiskFeeBips ?? 0) : 0, neg_risk_augmented: flag(e.negRisk && e.negRiskAugmented, false),
    creator_id: e.creatorId ?? null, volume: e.volume ?? 0, liquidity: e.liquidity ?? 0,
    metadata: JSON.stringify(e.metadata ?? {}), created_at: created, updated_at: e.updatedAt ?? created,
  }).returning('id').executeTakeFirstOrThrow();
  const tags = await tagIds(db, e.tags);
  if (tags.length) await db.insertInto('event_tags').values(tags.map((tag_id, position) => ({ event_id: row.id, tag_id, position }))).execute();
  for (const slug of e.series ?? []) {
    const s = await db.selectFrom('series').select('id').where('slug', '=', slug).executeTakeFirst();
    if (!s) throw new CatalogWriteError(`unknown series: ${slug}`);
    await db.insertInto('event_series').values({ event_id: row.id, series_id: s.id }).execute();
  }
  for (const site of e.sites ?? []) {
    const s = await db.selectFrom('sites').select('id').where('id', '=', site).executeTakeFirst();
    if (!s) throw new CatalogWriteError(`unknown site: ${site}`);
    await db.insertInto('event_sites').values({ event_id: row.id, site_id: site }).execute();
  }
  const markets: CreatedMarket[] = [];
  for (const m of e.markets ?? []) markets.push(await insertMarketRows(db, row.id, { negRiskAdapter: e.negRiskAdapter, ...m }, now, opts));
  if (storeAnswers) await storeEventItems(db, [row.id]); // its stored answers (event-json.ts), now that all of it is in
  return { id: row.id, markets };
}

export interface NewProfile {
  address: string; name?: string; pseudonym?: string; bio?: string; profileImage?: string; baseAddress?: string;
  displayUsernamePublic?: boolean; isMod?: boolean; isCreator?: boolean;
}

/** Creates or replaces a wallet's profile (address is EIP-55 checksummed by the caller). */
export async function upsertProfile(db: Db, p: NewProfile, now: number): Promise<void> {
  const values = {
    name: p.name ?? '', pseudonym: p.pseudonym ?? '', bio: p.bio ?? '', profile_image: p.profileImage ?? '',
    base_address: p.baseAddress ?? '', display_username_public: flag(p.displayUsernamePublic, true),
    is_mod: flag(p.isMod, false), is_creator: flag(p.isCreator, false), updated_at: now,
  };
  await db.insertInto('profiles').values({ address: p.address, ...values, created_at: now })
    .onConflict((oc) => oc.column('address').doUpdateSet(values)).execute();
}

export interface NewComment {
  body: string; parentEntityType: 'Event' | 'Series' | 'market'; parentEntityId: number;
  parentCommentId?: number | null; userAddress: string; replyAddress?: string; createdAt?: number;
  reactions?: Array<{ reactionType: string; icon?: string; userAddress: string }>;
}

/** Inserts a comment (and its reactions), keeping the parent's reply count and its own reaction count true. */
export async function insertComment(db: Db, c: NewComment, now: number): Promise<number> {
  const created = c.createdAt ?? now;
  const reactions = c.reactions ?? [];
  const row = await db.insertInto('comments').values({
    body: c.body, parent_entity_type: c.parentEntityType, parent_entity_id: c.parentEntityId,
    parent_comment_id: c.parentCommentId ?? null, user_address: c.userAddress, reply_address: c.replyAddress ?? '',
    reaction_count: reactions.length, created_at: created, updated_at: created,
  }).returning('id').executeTakeFirstOrThrow();
  if (reactions.length) {
    await db.insertInto('comment_reactions').values(reactions.map((r) => ({
      comment_id: row.id, reaction_type: r.reactionType, icon: r.icon ?? '', user_address: r.userAddress, created_at: created,
    }))).execute();
  }
  if (c.parentCommentId != null) {
    await db.updateTable('comments').set((eb) => ({ reply_count: eb('reply_count', '+', 1) })).where('id', '=', c.parentCommentId).execute();
  }
  return row.id;
}

/** Finds a creator by wallet (when given) or handle, creating it when absent. */
export async function findOrCreateCreator(db: Db, c: NewCreator, now: number): Promise<number> {
  let q = db.selectFrom('event_creators').select('id');
  q = c.wallet ? q.where('wallet', '=', c.wallet) : q.where('creator_handle', '=', c.creatorHandle).where('wallet', 'is', null);
  const existing = await q.orderBy('id').executeTakeFirst();
  return existing ? existing.id : insertCreator(db, c, now);
}

/** Columns of `markets` an operator may change after creation (flags and order-book settings). */
export type MarketPatch = Partial<Pick<Updateable<MarketsTable>,
  'active' | 'closed' | 'archived' | 'accepting_orders' | 'enable_order_book' | 'minimum_tick_size' | 'minimum_order_size'
  | 'maker_base_fee' | 'taker_base_fee' | 'seconds_delay' | 'notifications_enabled' | 'is_50_50_outcome' | 'itode'
  | 'taker_order_delay_ms' | 'order_age_seconds' | 'check_enabled' | 'rfq_enabled' | 'rewards_min_size'
  | 'rewards_max_spread' | 'rewards_daily_rate' | 'fpmm' | 'game_start_time' | 'accepting_order_timestamp'>>;

/** Applies a patch to one market (by condition id) and rebuilds its event's stored answers; false when the market does not exist. */
export async function updateMarket(db: Db, conditionId: string, patch: MarketPatch, now: number): Promise<boolean> {
  const eventId = await updateMarketRow(db, conditionId, patch, now);
  if (eventId !== undefined) await storeEventItems(db, [eventId]); // the event's detail shows the market
  return eventId !== undefined;
}

/**
 * The patch alone, for a caller that rebuilds the event's stored answers itself once it is done
 * (`storeEventItems`): returns the market's event id, undefined when the market does not exist.
 */
export async function updateMarketRow(db: Db, conditionId: string, patch: MarketPatch, now: number): Promise<number | undefined> {
  checkOrderBookSettings(patch);
  const row = await db.updateTable('markets').set({ ...patch, updated_at: now }).where('condition_id', '=', conditionId)
    .returning('event_id').executeTakeFirst();
  return row?.event_id;
}

/** Records an operator change (docs/venue.md §14: every change is recorded). */
export async function audit(db: Db, action: string, target: string, payload: unknown, now: number): Promise<void> {
  await db.insertInto('admin_audit').values({ action, target, payload: JSON.stringify(payload ?? {}), created_at: now }).execute();
}
