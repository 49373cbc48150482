/**
 * Row builders for the scale catalog. They produce exactly the rows catalog/write.ts would
 * write for the same input (same columns and defaults: two tokens `<condition_id>:<0|1>` per
 * market, positions in event_tags, accepting_orders off for closed markets, negRisk ids on
 * negative-risk events, true reply and reaction counts), only in bulk and with explicit ids.
 */
import { hex32 } from '../domain/ids.js';
import { marketTokenIds } from '../domain/ctf-ids.js';
import type { Prng } from '../domain/prng.js';
import type { Row } from './bulk.js';
import { IMAGE_HOST, type GeneratedProfile } from './people.js';
import { AuthorPicker, rootBody } from './comments.js';
import { scaleSpec } from './scale-topics.js';
import { BASE_MS, DAY, HOUR, MINUTE, slugify } from './time.js';
import { REACTIONS, REPLY_COMMENTS } from './vocab.js';

export interface EventChunk {
  events: Row<'events'>[];
  eventTags: Row<'event_tags'>[];
  eventSeries: Row<'event_series'>[];
  eventSites: Row<'event_sites'>[];
  markets: Row<'markets'>[];
  tokens: Row<'tokens'>[];
}

export const emptyEventChunk = (): EventChunk => ({ events: [], eventTags: [], eventSeries: [], eventSites: [], markets: [], tokens: [] });

export interface Catalog {
  tagIds: Map<string, number>;
  seriesIds: number[];
  creatorIds: number[];
  siteIds: string[];
}

const rules = (title: string) => `This market will resolve to "Yes" if the outcome described in "${title}" happens before the end date. Otherwise, it will resolve to "No".`;

/** Appends one event (id `eventId`, markets from `marketId` on) to the chunk; returns its creation time. */
export function addEvent(chunk: EventChunk, rng: Prng, ids: Prng, cat: Catalog, index: number, total: number, eventId: number, marketId: number, nMarkets: number): number {
  const rand = (n: number) => ids.bytes(n);
  const createdAt = BASE_MS - 400 * DAY + Math.floor((index * 390 * DAY) / total) + rng.int(0, 59) * MINUTE;
  const canClose = createdAt + 10 * DAY < BASE_MS;
  const closed = canClose && rng.chance(0.12);
  const endDate = closed ? Math.min(BASE_MS - HOUR, createdAt + rng.int(10, 90) * DAY) : BASE_MS + rng.int(7, 540) * DAY;
  const spec = scaleSpec(rng, nMarkets, endDate);
  const neg = spec.neg && nMarkets > 1;
  const slug = `${slugify(spec.title)}-${eventId.toString(36)}`;
  const archived = closed && rng.chance(0.3);
  const description = rules(spec.title);
  chunk.events.push({
    id: eventId, ticker: slug, slug, title: spec.title, description, resolution_source: 'https://sources.sibyl.local',
    start_date: createdAt, creation_date: createdAt, end_date: endDate,
    image: `${IMAGE_HOST}/events/${slug}.png`, icon: `${IMAGE_HOST}/events/${slug}-icon.png`,
    active: 1, closed: closed ? 1 : 0, archived: archived ? 1 : 0, neg_risk: neg ? 1 : 0,
    neg_risk_market_id: neg ? hex32(rand) : '', creator_id: rng.chance(0.85) ? rng.pick(cat.creatorIds) : null,
    metadata: '{}', created_at: createdAt, updated_at: createdAt,
  });
  const tags = [...new Set(spec.tags)].map((t) => cat.tagIds.get(t)).filter((t): t is number => t !== undefined);
  tags.forEach((tag_id, position) => chunk.eventTags.push({ event_id: eventId, tag_id, position }));
  if (cat.seriesIds.length && rng.chance(0.25)) chunk.eventSeries.push({ event_id: eventId, series_id: rng.pick(cat.seriesIds) });
  const sites = rng.chance(0.2) ? rng.sample(cat.siteIds, 2) : [rng.pick(cat.siteIds)];
  for (const site_id of sites) chunk.eventSites.push({ event_id: eventId, site_id });
  spec.markets.forEach((m, k) => {
    const conditionId = hex32(rand);
    const questionId = hex32(rand);
    const mslug = `${slugify(m.question)}-${(marketId + k).toString(36)}`;
    const mClosed = closed || (neg && rng.chance(0.03));
    const rewards = rng.chance(0.3);
    const fees = rng.chance(0.03);
    const mCreated = createdAt + k * 1000;
    const tokens = marketTokenIds(conditionId, neg); // ~0.6 ms a market: the large catalog's main cost
    chunk.markets.push({
      id: marketId + k, condition_id: conditionId, question_id: questionId, token_id_0: tokens[0], token_id_1: tokens[1], event_id: eventId, question: m.question, slug: mslug,
      description: nMarkets > 1 ? `${description}\n\nThis market is about: ${m.subject}.` : description, resolution_source: 'https://sources.sibyl.local',
      start_date: createdAt, end_date: endDate, game_start_time: null,
      image: `${IMAGE_HOST}/markets/${mslug}.png`, icon: `${IMAGE_HOST}/markets/${mslug}-icon.png`, outcomes: '["Yes","No"]',
      active: 1, closed: mClosed ? 1 : 0, archived: archived ? 1 : 0, enable_order_book: 1,
      accepting_orders: mClosed ? 0 : 1, accepting_order_timestamp: mClosed ? null : mCreated,
      minimum_tick_size: rng.chance(0.15) ? 1_000 : 10_000, minimum_order_size: 5_000_000,
      maker_base_fee: fees ? 10 : 0, taker_base_fee: fees ? 20 : 0, seconds_delay: 0,
      neg_risk: neg ? 1 : 0, neg_risk_market_id: neg ? chunk.events[chunk.events.length - 1]!.neg_risk_market_id : '',
      neg_risk_request_id: neg ? hex32(rand) : '', neg_risk_index: neg ? k : 0, fpmm: '', notifications_enabled: 1, is_50_50_outcome: 0,
      rewards_min_size: rewards ? rng.pick([20, 50, 100]) * 1_000_000 : 0, rewards_max_spread: rewards ? rng.pick([3, 3.5, 4.5]) * 1_000_000 : 0,
      rewards_daily_rate: rewards ? rng.pick([5, 10, 25]) * 1_000_000 : 0,
      itode: 0, taker_order_delay_ms: 0, order_age_seconds: 0, check_enabled: 0, rfq_enabled: 0,
      metadata: nMarkets > 1 ? JSON.stringify({ groupItemTitle: m.subject }) : '{}', created_at: mCreated, updated_at: mCreated,
    });
    for (const i of [0, 1]) chunk.tokens.push({ token_id: tokens[i]!, condition_id: conditionId, outcome_index: i, outcome: i === 0 ? 'Yes' : 'No' });
  });
  return createdAt;
}

export interface CommentChunk { comments: Row<'comments'>[]; reactions: Row<'comment_reactions'>[] }

export interface CommentTargets {
  /** Picks a parent entity and the earliest time a comment on it may have. */
  pick(rng: Prng): { type: 'Event' | 'Series' | 'market'; id: number; from: number };
}

/** Appends one thread (a top-level comment and its replies, at most `room` comments); returns its size. */
export function addThread(chunk: CommentChunk, rng: Prng, authors: AuthorPicker, profiles: readonly GeneratedProfile[],
  targets: CommentTargets, firstId: number, room: number): number {
  const target = targets.pick(rng);
  let made = 0;
  const add = (parent: Row<'comments'> | null, depth: number) => {
    if (made >= room) return;
    const user = authors.pick(rng, parent ? (parent.user_address as string) : undefined);
    const from = parent ? (parent.created_at as number) : target.from;
    const delay = parent ? rng.int(2, 2 * 24 * 60) : rng.int(60, Math.max(60, Math.floor((BASE_MS - from) / MINUTE)));
    const createdAt = Math.min(BASE_MS, from + delay * MINUTE);
    const id = firstId + made++;
    const nReactions = rng.weighted([[0, 10], [1, 3], [2, 1], [4, 0.5]] as const);
    const reactors = new Set<string>();
    for (let t = 0; reactors.size < nReactions && t < 8; t++) {
      const u = rng.pick(profiles).address;
      if (u !== user) reactors.add(u);
    }
    for (const u of reactors) {
      const r = rng.weighted(REACTIONS);
      chunk.reactions.push({ comment_id: id, reaction_type: r.type, icon: r.icon, user_address: u, created_at: createdAt });
    }
    const row: Row<'comments'> = {
      id, body: parent ? rng.pick(REPLY_COMMENTS) : rootBody(rng, []), parent_entity_type: target.type, parent_entity_id: target.id,
      parent_comment_id: parent ? (parent.id as number) : null, user_address: user, reply_address: parent ? (parent.user_address as string) : '',
      reaction_count: reactors.size, reply_count: 0, created_at: createdAt, updated_at: createdAt,
    };
    chunk.comments.push(row);
    if (parent) parent.reply_count = (parent.reply_count as number) + 1;
    const replies = depth >= 5 ? 0 : rng.weighted([[0, 6 + 4 * depth], [1, 3], [2, 1.5], [3, 0.5]] as const);
    for (let i = 0; i < replies; i++) add(row, depth + 1);
  };
  add(null, 0);
  return made;
}
