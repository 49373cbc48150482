/** `POST /orders` — place up to 15 orders; one answer per order, in request order (L2). */
import { Type } from 'typebox';
import type { RouteModule } from '../../http/types.js';
import { authOf, L2_SECURITY } from '../../auth/index.js';
import { ApiError } from '../../errors/catalogue.js';
import { MAX_BATCH_ORDERS } from '../../trading/orders.js';
import { PAYLOAD } from '../../trading/order-input.js';
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
    if (n > MAX_BATCH_ORDERS) throw new ApiError('invalid_order', `Too many orders in payload: ${n}, max allowed: ${MAX_BATCH_ORDERS}`);
    if (req.validationError) throw new ApiError('invalid_order', `${PAYLOAD}: ${req.validationError.message}`);
    if (n === 0) throw new ApiError('invalid_order', `${PAYLOAD}: no orders`);
    return orders.placeMany(authOf(req), req.body, await auth.verifyBuilder(req));
  });
};
