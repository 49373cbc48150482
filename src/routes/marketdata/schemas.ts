/**
 * Wire shapes of the CLOB market-data routes (spec: Order-book market, Simplified market, CLOB
 * market info, Order book snapshot, Price map, Pagination envelope, Trade). Exactly the spec's
 * fields. Routes that answer a pre-serialised snapshot (book, lists, history) declare these for
 * validation of the contract in tests and for the OpenAPI document.
 */
import { Type, type TSchema } from 'typebox';
import { VENDOR_CHECK_FIELD } from '../../marketdata/market-shapes.js';

export const ERROR = Type.Object({ error: Type.String(), code: Type.Optional(Type.String({ description: 'HTTP-layer refusals: invalid_json, payload_too_large, unsupported_media_type' })) });
export const CLOB_ERRORS = { 400: ERROR, 404: ERROR };
export const TAGS = ['clob market data'];

export const Rewards = Type.Object({
  rates: Type.Array(Type.Object({ asset_address: Type.String(), rewards_daily_rate: Type.Number() })),
  min_size: Type.Number(),
  max_spread: Type.Number(),
});

export const Token = Type.Object({ token_id: Type.String(), outcome: Type.String(), price: Type.Number(), winner: Type.Boolean() });

const listFields = {
  enable_order_book: Type.Boolean(), active: Type.Boolean(), closed: Type.Boolean(), archived: Type.Boolean(),
  accepting_orders: Type.Boolean(), accepting_order_timestamp: Type.String(),
  minimum_order_size: Type.Number(), minimum_tick_size: Type.Number(),
  condition_id: Type.String(), question_id: Type.String(), question: Type.String(), description: Type.String(),
  market_slug: Type.String(), end_date_iso: Type.String(), game_start_time: Type.String(),
  seconds_delay: Type.Integer(), fpmm: Type.String(), maker_base_fee: Type.Number(), taker_base_fee: Type.Number(),
  notifications_enabled: Type.Boolean(), neg_risk: Type.Boolean(), neg_risk_market_id: Type.String(), neg_risk_request_id: Type.String(),
  icon: Type.String(), image: Type.String(), rewards: Rewards, is_50_50_outcome: Type.Boolean(),
  tokens: Type.Array(Token), tags: Type.Array(Type.String()), itode: Type.Boolean(),
  taker_order_delay_ms: Type.Number(), order_age_seconds: Type.Number(),
  [VENDOR_CHECK_FIELD]: Type.Boolean(),
};

/** An item of `GET /markets`. */
export const ListMarket = Type.Object(listFields);

/** `GET /markets/{condition_id}` and the items of `GET /sampling-markets`. */
export const FullMarket = Type.Object({
  ...listFields,
  status: Type.String(), market_id: Type.Integer(), slug: Type.String(),
  assets_ids: Type.Array(Type.String()), outcomes: Type.Array(Type.String()),
  event: Type.Object({ id: Type.String(), slug: Type.String(), title: Type.String(), ticker: Type.String(), description: Type.String() }),
  raw_metadata: Type.Object({}, { additionalProperties: true }),
});

export const SimplifiedMarket = Type.Object({
  condition_id: Type.String(), status: Type.String(), neg_risk: Type.Boolean(), market_id: Type.Integer(),
  question: Type.String(), slug: Type.String(), active: Type.Boolean(), closed: Type.Boolean(), archived: Type.Boolean(),
  accepting_orders: Type.Boolean(), tokens: Type.Array(Token), rewards: Rewards,
  assets_ids: Type.Array(Type.String()), outcomes: Type.Array(Type.String()),
});

export const ClobMarket = Type.Object({
  gst: Type.String(), r: Rewards, c: Type.String(), nr: Type.Boolean(),
  t: Type.Array(Type.Object({ t: Type.String(), o: Type.String() })),
  mts: Type.Number(), mos: Type.Number(), fd: Type.Object({ r: Type.Number(), e: Type.Number(), to: Type.Boolean() }),
  mbf: Type.Number(), tbf: Type.Number(), rfqe: Type.Boolean(), itode: Type.Boolean(), ibce: Type.Boolean(), oas: Type.Number(),
});

const Level = Type.Object({ price: Type.String(), size: Type.String() });
export const BookSnapshot = Type.Object({
  market: Type.String(), asset_id: Type.String(), timestamp: Type.String(), hash: Type.String(),
  bids: Type.Array(Level, { description: 'ascending: the best bid is the last element' }),
  asks: Type.Array(Level, { description: 'descending: the best ask is the last element' }),
  min_order_size: Type.String(), tick_size: Type.String(), neg_risk: Type.Boolean(), last_trade_price: Type.String(),
});

export const Envelope = <T extends TSchema>(item: T) => Type.Object({
  data: Type.Array(item), next_cursor: Type.String({ description: '`LTE=` when there are no more pages' }),
  limit: Type.Integer(), count: Type.Integer(),
});

export const CursorQuery = Type.Object({
  next_cursor: Type.Optional(Type.String({ description: 'base64 of the offset; `MA==` (or absent) for the first page' })),
});

export const TokenQuery = Type.Object({ token_id: Type.String({ description: 'token id `<condition_id>:<outcome_index>`' }) });

/** Body of the batch price routes: `[{token_id, side?}]`; `side` is accepted and ignored. */
export const TokenList = Type.Array(
  Type.Object({ token_id: Type.String(), side: Type.Optional(Type.String()) }),
  { maxItems: 500, description: 'at most 500 tokens; unknown tokens are left out of the answer' },
);

export const HistoryPoint = Type.Object({ t: Type.Integer({ description: 'bucket start, Unix seconds' }), p: Type.Number() });

export const Trade = Type.Object({
  id: Type.String(), taker_order_id: Type.String(), market: Type.String(), asset_id: Type.String(), side: Type.String(),
  size: Type.String(), fee_rate_bps: Type.String(), price: Type.String(), status: Type.String(),
  match_time: Type.String({ format: 'date-time' }), last_update: Type.String({ format: 'date-time' }),
  outcome: Type.String(), maker_address: Type.String(), owner: Type.String({ description: 'always "" on public rows' }),
  transaction_hash: Type.String(), bucket_index: Type.Integer(),
  maker_orders: Type.Array(Type.Object({
    order_id: Type.String(), maker_address: Type.String(), owner: Type.String(), matched_amount: Type.String(),
    fee_rate_bps: Type.String(), price: Type.String(), asset_id: Type.String(), outcome: Type.String(), side: Type.String(),
  })),
  type: Type.String(),
});

