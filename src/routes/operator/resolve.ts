/**
 * `POST /admin/markets/{condition_id}/resolve` — `{"winner": 0|1}` or `{"payouts": ["0.5","0.5"]}`:
 * stops trading, cancels every open order (reason: market resolved), sets the tokens' `winner`
 * and makes positions redeemable.
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { ResolveInput, Resolved } from '../../operator/instance-schemas.js';

export const operatorResolve: RouteModule = (app, { operator }) => {
  app.post('/markets/:condition_id/resolve', {
    schema: {
      tags: ['operator'], summary: 'Resolve a market', security: [{ operator: [] }],
      params: Type.Object({ condition_id: Type.String({ maxLength: 80 }) }), body: ResolveInput, response: { 200: Resolved },
    },
    config: { family: 'admin' },
  }, async (req) => operator.resolve(req.params.condition_id, req.body));
};
