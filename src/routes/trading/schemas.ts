/** Schemas shared by the trading routes: the posted order, the order-entry answer, cancels, Order and Trade. */
import { Type } from 'typebox';

export { OrderBody, SignedOrder } from './order-body.js';

export const OrderResponse = Type.Object({
  success: Type.Boolean(), errorMsg: Type.String(), orderID: Type.String(), status: Type.String(),
  makingAmount: Type.String(), takingAmount: Type.String(),
  transactionsHashes: Type.Array(Type.String()), tradeIDs: Type.Array(Type.String()),
  code: Type.Optional(Type.String({ description: 'machine-readable rejection code' })),
  limit: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'the limit the order broke' })),
});

export const RejectedOrder = Type.Intersect([Type.Object({ error: Type.String() }), Type.Partial(OrderResponse)]);

export const CancelAnswer = Type.Object({
  canceled: Type.Array(Type.String()),
  not_canceled: Type.Record(Type.String(), Type.String()),
});

export const Order = Type.Object({
  associateTrades: Type.Array(Type.String()), id: Type.String(), status: Type.String(), market: Type.String(),
  originalSize: Type.String(), outcome: Type.String(), makerAddress: Type.String(), owner: Type.String(),
  price: Type.String(), side: Type.String(), sizeMatched: Type.String(), assetId: Type.String(), type: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});

export const MakerOrder = Type.Object({
  order_id: Type.String(), maker_address: Type.String(), owner: Type.String(), matched_amount: Type.String(),
  fee_rate_bps: Type.String(), price: Type.String(), asset_id: Type.String(), outcome: Type.String(), side: Type.String(),
});

export const Trade = Type.Object({
  id: Type.String(), taker_order_id: Type.String(), market: Type.String(), asset_id: Type.String(), side: Type.String(),
  size: Type.String(), fee_rate_bps: Type.String(), price: Type.String(), status: Type.String(),
  match_time: Type.String({ format: 'date-time' }), last_update: Type.String({ format: 'date-time' }), outcome: Type.String(),
  maker_address: Type.String(), owner: Type.String(), transaction_hash: Type.String(), bucket_index: Type.Integer(),
  maker_orders: Type.Array(MakerOrder), type: Type.String(),
});

export const Envelope = <T extends Parameters<typeof Type.Array>[0]>(item: T) => Type.Object({
  data: Type.Array(item), next_cursor: Type.String(), limit: Type.Integer(), count: Type.Integer(),
});

export const Hex32 = Type.String({ pattern: '^0x[0-9a-fA-F]{64}$' });

/**
 * Route option for the trade pages: the handlers build exactly the 200 schema's shape (every
 * property, in schema order, strings already strings), so native `JSON.stringify` writes the
 * same bytes as the schema's compiled serializer, faster — fast-json-stringify escapes every id
 * and address in a JavaScript loop on Node 20. The schema still documents the route;
 * test/trading/account-reads.test.ts checks the bytes match. (`GET /data/orders` goes further:
 * src/trading/order-json.ts.)
 */
export const NATIVE_JSON = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };
