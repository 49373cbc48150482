/**
 * `POST /orders` — place up to 15 orders; one answer per order, in request order (L2). A batch
 * refused as a whole (too many orders, a body failing the order schema, no orders) answers 400
 * with an order rejection's body: `code` `too_many_orders` (with `limit.maxOrders`) or
 * `invalid_order_payload` (order-refusal.ts).
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../http/types.js';
import { authOf, L2_SECURITY } from '../../auth/index.js';
import { MAX_BATCH_ORDERS } from '../../trading/orders.js';
import { PAYLOAD } from '../../trading/order-input.js';
import { orderRefusal, payloadRefusal } from './order-refusal.js';
import { OrderBody, OrderResponse } from './schemas.js';

export const postOrders: RouteModule = (app, { auth, orders }) => {
  app.post('/orders', {
    schema: {
      tags: ['trading'], summary: `Place up to ${MAX_BATCH_ORDERS} orders (L2)`, security: L2_SECURITY,
      body: Type.Array(OrderBody), response: { 200: Type.Array(OrderResponse) },
    },
    attachValidation: true,
    config: { family: 'clob' },
    preValidation: auth.requireL2,
  }, async (req) => {
    const n = Array.isArray(req.body) ? req.body.length : 0;
    if (n > MAX_BATCH_ORDERS) {
      throw orderRefusal('too_many_orders', `Too many orders in payload: ${n}, max allowed: ${MAX_BATCH_ORDERS}`, { maxOrders: MAX_BATCH_ORDERS, orders: n });
    }
    if (req.validationError) throw payloadRefusal(req.validationError);
    if (n === 0) throw orderRefusal('invalid_order_payload', `${PAYLOAD}: no orders`, { field: 'body' });
    return orders.placeMany(authOf(req), req.body, await auth.verifyBuilder(req));
  });
};
