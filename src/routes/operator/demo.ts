/**
 * The living sandbox's operator routes (docs/sandbox.md):
 * - `PUT /admin/demo {live?, rate?}` — pause or resume the simulated traders, set their rate;
 * - `POST /admin/reset {"confirm":"reset", "wipe"?}` — the seeded demo state again, while serving
 *   (409 on a database without the demo unless `wipe`, which empties the venue);
 * - `PUT /admin/markets/{condition_id}/book-history {every_trade}` — also record the market's
 *   books on every trade.
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { BookHistoryInput, BookHistorySetting, DemoInput, DemoState, ResetAnswer, ResetInput } from '../../operator/instance-schemas.js';

export const operatorDemo: RouteModule = (app, { operator }) => {
  app.put('/demo', {
    schema: { tags: ['operator'], summary: 'Pause or resume the simulated traders, set their rate', security: [{ operator: [] }], body: DemoInput, response: { 200: DemoState } },
    config: { family: 'admin' },
  }, async (req) => operator.setDemo(req.body));

  app.post('/reset', {
    schema: { tags: ['operator'], summary: 'Reset the venue to the seeded demo state', security: [{ operator: [] }], body: ResetInput, response: { 200: ResetAnswer } },
    config: { family: 'admin' },
  }, async (req) => operator.reset(req.body.confirm, req.body.wipe));

  app.put('/markets/:condition_id/book-history', {
    schema: {
      tags: ['operator'], summary: 'Record a market\'s books on every trade too', security: [{ operator: [] }],
      params: Type.Object({ condition_id: Type.String({ maxLength: 80 }) }), body: BookHistoryInput, response: { 200: BookHistorySetting },
    },
    config: { family: 'admin' },
  }, async (req) => operator.setBookHistory(req.params.condition_id, req.body.every_trade));
};
