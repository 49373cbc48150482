/**
 * The venue's notification shapes (`GET /notifications` on /clob; the venue's SDK parses
 * `{id, owner, payload, timestamp, type}` with an integer id and a millisecond timestamp, its
 * Python SDK names each type's payload): the three types Sibyl's model produces, their payloads
 * written from stored rows, and the integer ids derived from the rows (notifications.ts).
 */
import { formatMicro } from '../domain/money.js';

/** The venue's notification types Sibyl produces (its others — rewards, comments, yield, auto-redeem — have no source here). */
export const NotificationType = { ORDER_CANCELLATION: 1, ORDER_FILL: 2, MARKET_RESOLVED: 4 } as const;

export interface Notification {
  id: number;
  /** The API key of the account the notification is for. */
  owner: string;
  payload: OrderPayload | MarketPayload;
  /** Unix milliseconds. */
  timestamp: number;
  type: number;
}

/** A cancellation's and a fill's payload (the venue's order notification payload). */
export type OrderPayload = {
  asset_id: string; market: string; order_id: string; side: string; type: string; price: string;
  original_size: string; matched_size: string; remaining_size: string; outcome: string; outcome_index: number;
  transaction_hash: string; trade_id: string; question: string; market_slug: string; icon: string; image: string;
  eventSlug: string; seriesSlug: string;
};

/** A resolved market's payload (the venue's market notification payload). */
export type MarketPayload = {
  condition_id: string; question_id: string; question: string; description: string; market_slug: string; icon: string;
  image: string; fpmm: string; active: boolean; closed: boolean; archived: boolean; accepting_orders: boolean;
  accepting_order_timestamp: string | null; enable_order_book: boolean; end_date_iso: string | null; game_start_time: string | null;
  seconds_delay: number; minimum_order_size: number; minimum_tick_size: number; maker_base_fee: number; taker_base_fee: number;
  notifications_enabled: boolean; neg_risk: boolean; neg_risk_market_id: string; neg_risk_request_id: string;
  is_50_50_outcome: boolean; tokens: Array<{ token_id: string; outcome: string; price: string; winner: boolean }>; eventSlug: string;
};

/**
 * Ids: kind in the low two bits, the row's own integer above — a fill `(trade seq × 2^20 + slot)`
 * (slot 0 the taker's fill, 1 + idx a maker's), a cancellation the order's `seq`, a resolution
 * the market's id. The same row always gives the same id, so a dropped id names one notification
 * for good. Exact up to 2^31 trades and 2^20 − 1 maker fills in one trade (JavaScript's safe integers).
 */
export const notificationId = {
  fill: (tradeSeq: number, makerIdx: number | null): number => ((tradeSeq * 2 ** 20) + (makerIdx === null ? 0 : makerIdx + 1)) * 4,
  cancel: (orderSeq: number): number => orderSeq * 4 + 1,
  resolved: (marketId: number): number => marketId * 4 + 2,
};

/** What the order payloads read of a market (its catalog row, event and series). */
export interface MarketLabels { question: string; slug: string; icon: string; image: string; eventSlug: string; seriesSlug: string }

export interface OrderFacts {
  tokenId: string; conditionId: string; orderId: string; side: string; type: string; price: number;
  originalSize: number; matchedSize: number; remainingSize: number; outcome: string; outcomeIndex: number;
  transactionHash: string; tradeId: string;
}

export function orderPayload(o: OrderFacts, m: MarketLabels | undefined): OrderPayload {
  return {
    asset_id: o.tokenId, market: o.conditionId, order_id: o.orderId, side: o.side, type: o.type, price: formatMicro(o.price),
    original_size: formatMicro(o.originalSize), matched_size: formatMicro(o.matchedSize), remaining_size: formatMicro(Math.max(0, o.remainingSize)),
    outcome: o.outcome, outcome_index: o.outcomeIndex, transaction_hash: o.transactionHash, trade_id: o.tradeId,
    question: m?.question ?? '', market_slug: m?.slug ?? '', icon: m?.icon ?? '', image: m?.image ?? '',
    eventSlug: m?.eventSlug ?? '', seriesSlug: m?.seriesSlug ?? '',
  };
}

/** The catalog columns a market payload is written from. */
export interface MarketFacts {
  id: number; condition_id: string; question_id: string; question: string; description: string; slug: string; icon: string;
  image: string; fpmm: string; active: number; closed: number; archived: number; accepting_orders: number;
  accepting_order_timestamp: number | null; enable_order_book: number; end_date: number | null; game_start_time: number | null;
  seconds_delay: number; minimum_order_size: number; minimum_tick_size: number; maker_base_fee: number; taker_base_fee: number;
  notifications_enabled: number; neg_risk: number; neg_risk_market_id: string; neg_risk_request_id: string; is_50_50_outcome: number;
  resolved_at: number | null; event_slug: string;
}

const isoOrNull = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
/** A micro amount as the JSON number the venue writes (5, 0.01): exact, through its decimal text. */
const decimal = (micro: number): number => Number(formatMicro(micro));

export function marketPayload(m: MarketFacts, tokens: Array<{ token_id: string; outcome: string; winner: number; payout: number | null }>): MarketPayload {
  return {
    condition_id: m.condition_id, question_id: m.question_id, question: m.question, description: m.description, market_slug: m.slug,
    icon: m.icon, image: m.image, fpmm: m.fpmm, active: m.active === 1, closed: m.closed === 1, archived: m.archived === 1,
    accepting_orders: m.accepting_orders === 1, accepting_order_timestamp: isoOrNull(m.accepting_order_timestamp),
    enable_order_book: m.enable_order_book === 1, end_date_iso: isoOrNull(m.end_date), game_start_time: isoOrNull(m.game_start_time),
    seconds_delay: m.seconds_delay, minimum_order_size: decimal(m.minimum_order_size), minimum_tick_size: decimal(m.minimum_tick_size),
    maker_base_fee: m.maker_base_fee, taker_base_fee: m.taker_base_fee, notifications_enabled: m.notifications_enabled === 1,
    neg_risk: m.neg_risk === 1, neg_risk_market_id: m.neg_risk_market_id, neg_risk_request_id: m.neg_risk_request_id,
    is_50_50_outcome: m.is_50_50_outcome === 1,
    tokens: tokens.map((t) => ({ token_id: t.token_id, outcome: t.outcome, price: formatMicro(t.payout ?? 0), winner: t.winner === 1 })),
    eventSlug: m.event_slug,
  };
}
