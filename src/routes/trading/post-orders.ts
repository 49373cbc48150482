/**
 * `POST /orders` — place up to 15 orders; one answer per order, in request order (L2), in the
 * venue's entry shape `{errorMsg, orderID, takingAmount, makingAmount, status, success}` (plus
 * `code` and `limit` on a rejection). Each entry is judged alone: an entry that fails the order
 * schema answers its own `invalid_order_payload` (naming the field) and the others are placed.
 * Refused as a whole (400 with an order rejection's body, order-refusal.ts): more than 15
 * orders (`too_many_orders`, with `limit.maxOrders`), a body that is not an array of objects or
 * an empty one (`invalid_order_payload`).
 */
import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import type { RouteModule } from '../../app/services.js';
import { authOf, L2_SECURITY } from '../../auth/index.js';
import { MAX_BATCH_ORDERS } from '../../trading/orders.js';
import { PAYLOAD, type OrderBody as OrderInput } from '../../trading/order-input.js';
import type { OrderResponse as Answer } from '../../trading/responses.js';
import { orderRefusal, payloadRefusal } from './order-refusal.js';
import { OrderBody, OrderResponse } from './schemas.js';

/** Each entry checked against the order schema alone: the valid ones, and a refusal per invalid one. */
function entries(req: FastifyRequest, body: unknown[]): Array<OrderInput | Answer> {
  const check = req.compileValidationSchema(OrderBody, 'body');
  return body.map((entry) => {
    if (check(entry)) return entry as OrderInput;
    const err = Object.assign(new Error('invalid entry'), { validation: check.errors ?? [] });
    return payloadRefusal(err).extra as unknown as Answer;
  });
}

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
    const body = req.body as unknown;
    const n = Array.isArray(body) ? body.length : 0;
    if (n > MAX_BATCH_ORDERS) {
      throw orderRefusal('too_many_orders', `Too many orders in payload: ${n}, max allowed: ${MAX_BATCH_ORDERS}`, { maxOrders: MAX_BATCH_ORDERS, orders: n });
    }
    if (req.validationError && !Array.isArray(body)) throw payloadRefusal(req.validationError);
    if (n === 0) throw orderRefusal('invalid_order_payload', `${PAYLOAD}: no orders`, { field: 'body' });
    const builder = await auth.verifyBuilder(req);
    if (!req.validationError) return orders.placeMany(authOf(req), req.body, builder);
    const list = entries(req, body as unknown[]);
    const valid = list.filter((e): e is OrderInput => !('success' in e));
    const placed = valid.length > 0 ? await orders.placeMany(authOf(req), valid, builder) : [];
    let i = 0;
    return list.map((e) => ('success' in e ? e : placed[i++]!));
  });
};
