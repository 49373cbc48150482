/**
 * The trading wire shapes as TypeBox schemas, the one source of each: the routes declare them
 * (validation of the contract, OpenAPI: src/routes/trading/schemas.ts re-exports them) and the
 * services take their types from them (`Static<>`), so the two cannot drift apart. Here rather
 * than under routes/ because services may not import routes (test/foundation/layers.test.ts).
 */
import { Type, type Static } from 'typebox';

/** The order-entry answer of docs/venue.md §3, with the rejection's `code` and `limit`. */
export const OrderResponse = Type.Object({
  success: Type.Boolean(), errorMsg: Type.String(), orderID: Type.String(), status: Type.String(),
  makingAmount: Type.String(), takingAmount: Type.String(),
  transactionsHashes: Type.Array(Type.String()), tradeIDs: Type.Array(Type.String()),
  code: Type.Optional(Type.String({ description: 'machine-readable rejection code' })),
  limit: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'the limit the order broke' })),
});
export type OrderResponse = Static<typeof OrderResponse>;

export const CancelAnswer = Type.Object({
  canceled: Type.Array(Type.String()),
  not_canceled: Type.Record(Type.String(), Type.String()),
});
export type CancelAnswer = Static<typeof CancelAnswer>;

/** The spec's Order (`GET /data/orders` items, `GET /data/order/{id}`). */
export const Order = Type.Object({
  associateTrades: Type.Array(Type.String()), id: Type.String(), status: Type.String(), market: Type.String(),
  originalSize: Type.String(), outcome: Type.String(), makerAddress: Type.String(), owner: Type.String(),
  price: Type.String(), side: Type.String(), sizeMatched: Type.String(), assetId: Type.String(), type: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type WireOrder = Static<typeof Order>;

export const MakerOrder = Type.Object({
  order_id: Type.String(), maker_address: Type.String(), owner: Type.String(), matched_amount: Type.String(),
  fee_rate_bps: Type.String(), price: Type.String(), asset_id: Type.String(), outcome: Type.String(), side: Type.String(),
});
export type WireMakerOrder = Static<typeof MakerOrder>;

/** The spec's Trade (`GET /data/trades`, `GET /builder/trades`). */
export const Trade = Type.Object({
  id: Type.String(), taker_order_id: Type.String(), market: Type.String(), asset_id: Type.String(), side: Type.String(),
  size: Type.String(), fee_rate_bps: Type.String(), price: Type.String(), status: Type.String(),
  match_time: Type.String({ format: 'date-time' }), last_update: Type.String({ format: 'date-time' }), outcome: Type.String(),
  maker_address: Type.String(), owner: Type.String(), transaction_hash: Type.String(), bucket_index: Type.Integer(),
  maker_orders: Type.Array(MakerOrder), type: Type.String(),
});
export type WireTrade = Static<typeof Trade>;

/**
 * The venue's open order (`GET /data/orders` items and `GET /data/order/{id}` on the /clob mount,
 * docs/venue.md §3): snake_case, `created_at` in Unix seconds (a number), `expiration` Unix
 * seconds as a string ("0" = none), `order_type`. `associate_trades` comes first (order-json.ts).
 */
export const VenueOrder = Type.Object({
  associate_trades: Type.Array(Type.String()), id: Type.String(), status: Type.String(), market: Type.String(),
  original_size: Type.String(), outcome: Type.String(), maker_address: Type.String(), owner: Type.String(),
  price: Type.String(), side: Type.String(), size_matched: Type.String(), asset_id: Type.String(),
  expiration: Type.String({ pattern: '^[0-9]+$' }), order_type: Type.String(), created_at: Type.Integer({ minimum: 0 }),
});
export type VenueOrder = Static<typeof VenueOrder>;

/**
 * The venue's trade (`GET /data/trades` on the /clob mount): the spec's Trade with `trader_side`
 * (TAKER | MAKER) for the spec's `type`, and `match_time` / `last_update` in Unix seconds (strings).
 */
export const VenueTrade = Type.Intersect([
  Type.Omit(Trade, ['type', 'match_time', 'last_update']),
  Type.Object({
    match_time: Type.String({ pattern: '^[0-9]+$' }), last_update: Type.String({ pattern: '^[0-9]+$' }),
    trader_side: Type.Union([Type.Literal('TAKER'), Type.Literal('MAKER')]),
  }),
]);
export type VenueTrade = Static<typeof VenueTrade>;

/**
 * The venue's builder trade (`GET /builder/trades?builder_code=` on /clob, builder-trades.ts):
 * camelCase, one fill of an order carrying the code, `matchTime` in Unix seconds (a string).
 */
export const VenueBuilderTrade = Type.Object({
  id: Type.String(), tradeType: Type.Union([Type.Literal('TAKER'), Type.Literal('MAKER')]), takerOrderHash: Type.String(),
  builder: Type.String(), market: Type.String(), assetId: Type.String(), side: Type.String(), size: Type.String(),
  sizeUsdc: Type.String(), price: Type.String(), status: Type.String(), outcome: Type.String(), outcomeIndex: Type.Integer(),
  owner: Type.String(), maker: Type.String(), transactionHash: Type.String(), matchTime: Type.String({ pattern: '^[0-9]+$' }),
  bucketIndex: Type.Integer(), fee: Type.String(), feeUsdc: Type.String(), err_msg: Type.Null(),
  createdAt: Type.String({ format: 'date-time' }), updatedAt: Type.String({ format: 'date-time' }),
});

/** A page of builder trades, the venue's envelope (docs/venue.md §5). */
export const BuilderTradesPage = Type.Object({
  data: Type.Array(VenueBuilderTrade), next_cursor: Type.String(), limit: Type.Integer(), count: Type.Integer(),
});
