/**
 * Cancels (L2), all answering `{canceled, not_canceled}`: `DELETE /order {orderID}`,
 * `DELETE /orders [ids]` (≤ 1000, duplicates ignored), `DELETE /cancel-all`,
 * `DELETE /cancel-market-orders {market?, asset_id?}`. Allowed in cancel-only mode.
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { authOf, L2_SECURITY } from '../../auth/index.js';
import { errors } from '../../errors/catalogue.js';
import { MAX_CANCEL_IDS } from '../../trading/orders.js';
import { CancelAnswer } from './schemas.js';

const OrderId = Type.String({ maxLength: 100 });
const common = { tags: ['trading'], security: L2_SECURITY, response: { 200: CancelAnswer } };

export const cancelRoutes: RouteModule = (app, { auth, orders }) => {
  const route = { config: { family: 'clob' as const }, preValidation: auth.requireL2 };

  app.delete('/order', {
    ...route,
    schema: { ...common, summary: 'Cancel one order', body: Type.Object({ orderID: OrderId }) },
  }, async (req) => orders.cancel(authOf(req), [req.body.orderID]));

  app.delete('/orders', {
    ...route,
    schema: { ...common, summary: `Cancel up to ${MAX_CANCEL_IDS} orders`, body: Type.Array(OrderId) },
  }, async (req) => {
    if (req.body.length > MAX_CANCEL_IDS) throw errors.badRequest(`Too many orders in payload: ${req.body.length}, max allowed: ${MAX_CANCEL_IDS}`);
    return orders.cancel(authOf(req), req.body);
  });

  app.delete('/cancel-all', {
    ...route,
    schema: { ...common, summary: 'Cancel every open order of the account' },
  }, async (req) => orders.cancelAll(authOf(req)));

  app.delete('/cancel-market-orders', {
    ...route,
    schema: {
      ...common, summary: 'Cancel the open orders of a market or token',
      body: Type.Optional(Type.Object({ market: Type.Optional(Type.String({ maxLength: 80 })), asset_id: Type.Optional(Type.String({ maxLength: 100 })) })),
    },
  }, async (req) => orders.cancelMarket(authOf(req), req.body?.market || undefined, req.body?.asset_id || undefined));
};
