/**
 * `POST /order` — place one signed order (docs/venue.md §3; L2). A rejection answers 400 with the
 * real error text in `error`/`errorMsg`, a machine-readable `code` and the broken `limit`; so
 * does a body that fails the order schema (order-body.ts: every field's exact type).
 * Builder attribution comes from the optional builder headers.
 */
import type { RouteModule } from '../../app/services.js';
import { authOf, L2_SECURITY } from '../../auth/index.js';
import { payloadRefusal } from './order-refusal.js';
import { OrderBody, OrderResponse, RejectedOrder } from './schemas.js';

export const postOrder: RouteModule = (app, { auth, orders }) => {
  app.post('/order', {
    schema: {
      tags: ['trading'], summary: 'Place an order (L2)', security: L2_SECURITY,
      body: OrderBody, response: { 200: OrderResponse, 400: RejectedOrder },
    },
    attachValidation: true,
    config: { family: 'clob' },
    preValidation: auth.requireL2,
  }, async (req, reply) => {
    if (req.validationError) throw payloadRefusal(req.validationError);
    const r = await orders.place(authOf(req), req.body, await auth.verifyBuilder(req));
    if (!r.success) return reply.code(400).send({ error: r.errorMsg, ...r });
    return r;
  });
};
