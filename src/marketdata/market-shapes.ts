/**
 * Catalog rows + live prices → the order-book market shapes of the spec: the list form of
 * `GET /markets`, the by-id/sampling form (list fields + status, market_id, slug, assets_ids,
 * outcomes, event, raw_metadata), the simplified market and the abbreviated CLOB market info
 * (docs/venue.md §4). Amounts are micro-units in storage and decimal JSON numbers here; fees are bps.
 */
import { formatMicro } from '../domain/money.js';
import { isoTime } from '../domain/iso-time.js';
import { COLLATERAL } from '../ledger/types.js';
import { parsePayouts } from '../exchange/settings.js';
import type { MarketBundle, MarketRowDb } from './market-rows.js';

/** The spec's `<vendor>_check_enabled` field (clob-market `ibce`); the vendor's name is neutralised. */
export const VENDOR_CHECK_FIELD = 'vendor_check_enabled';

const num = (micro: number): number => Number(formatMicro(Number(micro)));
const bool = (flag: number): boolean => Number(flag) === 1;
const isoOrEmpty = (ms: number | null): string => (ms == null ? '' : isoTime(ms));

/** Outcome-0 price in micro for each market, computed by the caller from the live book. */
export type PriceOf = (m: MarketRowDb) => number;

export function rewardsOf(m: MarketRowDb) {
  const rate = Number(m.rewards_daily_rate);
  return {
    rates: rate > 0 ? [{ asset_address: COLLATERAL, rewards_daily_rate: num(rate) }] : [],
    min_size: num(m.rewards_min_size),
    max_spread: num(m.rewards_max_spread),
  };
}

export function tokensOf(b: MarketBundle, priceOf: PriceOf) {
  const p0 = priceOf(b.m);
  return b.tokens.map((t) => ({
    token_id: t.token_id,
    outcome: t.outcome,
    price: num(t.outcome_index === 0 ? p0 : 1_000_000 - p0),
    winner: bool(t.winner),
  }));
}

/** `resolved` once paid out, else `archived`, `closed`, `active` or `inactive`, first that applies. */
export function statusOf(m: MarketRowDb): string {
  if (m.payouts !== null) return 'resolved';
  if (bool(m.archived)) return 'archived';
  if (bool(m.closed)) return 'closed';
  return bool(m.active) ? 'active' : 'inactive';
}

export function payoutsOf(m: MarketRowDb): [number, number] | null {
  return parsePayouts(m.payouts);
}

function outcomesOf(b: MarketBundle): string[] {
  return b.tokens.map((t) => t.outcome);
}

function metadataOf(m: MarketRowDb): Record<string, unknown> {
  try {
    const v = JSON.parse(m.metadata) as unknown;
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The list form of `GET /markets`. */
export function listMarket(b: MarketBundle, priceOf: PriceOf) {
  const m = b.m;
  return {
    enable_order_book: bool(m.enable_order_book), active: bool(m.active), closed: bool(m.closed), archived: bool(m.archived),
    accepting_orders: bool(m.accepting_orders), accepting_order_timestamp: isoOrEmpty(m.accepting_order_timestamp),
    minimum_order_size: num(m.minimum_order_size), minimum_tick_size: num(m.minimum_tick_size),
    condition_id: m.condition_id, question_id: m.question_id, question: m.question, description: m.description,
    market_slug: m.slug, end_date_iso: isoOrEmpty(m.end_date), game_start_time: isoOrEmpty(m.game_start_time),
    seconds_delay: Number(m.seconds_delay), fpmm: m.fpmm,
    maker_base_fee: Number(m.maker_base_fee), taker_base_fee: Number(m.taker_base_fee),
    notifications_enabled: bool(m.notifications_enabled), neg_risk: bool(m.neg_risk),
    neg_risk_market_id: m.neg_risk_market_id, neg_risk_request_id: m.neg_risk_request_id,
    icon: m.icon, image: m.image, rewards: rewardsOf(m), is_50_50_outcome: bool(m.is_50_50_outcome),
    tokens: tokensOf(b, priceOf), tags: b.tags, itode: bool(m.itode),
    taker_order_delay_ms: Number(m.taker_order_delay_ms), order_age_seconds: Number(m.order_age_seconds),
    [VENDOR_CHECK_FIELD]: bool(m.check_enabled),
  };
}

/** The by-id and sampling form: the list fields plus the identifying extras. */
export function fullMarket(b: MarketBundle, priceOf: PriceOf) {
  const e = b.event;
  return {
    ...listMarket(b, priceOf),
    status: statusOf(b.m), market_id: Number(b.m.id), slug: b.m.slug,
    assets_ids: b.tokens.map((t) => t.token_id), outcomes: outcomesOf(b),
    event: { id: e ? String(e.id) : '', slug: e?.slug ?? '', title: e?.title ?? '', ticker: e?.ticker ?? '', description: e?.description ?? '' },
    raw_metadata: metadataOf(b.m),
  };
}

export function simplifiedMarket(b: MarketBundle, priceOf: PriceOf) {
  const m = b.m;
  return {
    condition_id: m.condition_id, status: statusOf(m), neg_risk: bool(m.neg_risk), market_id: Number(m.id),
    question: m.question, slug: m.slug, active: bool(m.active), closed: bool(m.closed), archived: bool(m.archived),
    accepting_orders: bool(m.accepting_orders), tokens: tokensOf(b, priceOf), rewards: rewardsOf(m),
    assets_ids: b.tokens.map((t) => t.token_id), outcomes: outcomesOf(b),
  };
}

/**
 * `GET /clob-markets/{condition_id}` (abbreviations from the public v2 client). `fd` describes
 * our fee rule: `r` the taker rate as a fraction (bps / 10 000), `e` = 1 (the fee is linear in
 * min(p, 1 − p)), `to` = only takers pay (the maker fee is zero).
 */
export function clobMarket(b: MarketBundle) {
  const m = b.m;
  return {
    gst: isoOrEmpty(m.game_start_time), r: rewardsOf(m), c: m.condition_id, nr: bool(m.neg_risk),
    t: b.tokens.map((t) => ({ t: t.token_id, o: t.outcome })),
    mts: num(m.minimum_tick_size), mos: num(m.minimum_order_size),
    fd: { r: Number(m.taker_base_fee) / 10_000, e: 1, to: Number(m.maker_base_fee) === 0 },
    mbf: Number(m.maker_base_fee), tbf: Number(m.taker_base_fee),
    rfqe: bool(m.rfq_enabled), itode: bool(m.itode), ibce: bool(m.check_enabled), oas: Number(m.order_age_seconds),
  };
}
