/** Schemas shared by the trading routes: the posted order, the order-entry answer, cancels, Order and Trade. */
import { Type } from 'typebox';
import { OrderResponse } from '../../trading/wire.js';

export { OrderBody, SignedOrder } from './order-body.js';
// The answers' shapes live with the service that builds them (its types are their Static<>).
export { BuilderTradesPage, CancelAnswer, MakerOrder, Order, OrderResponse, Trade, VenueOrder, VenueTrade } from '../../trading/wire.js';

export const RejectedOrder = Type.Intersect([Type.Object({ error: Type.String() }), Type.Partial(OrderResponse)]);

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
