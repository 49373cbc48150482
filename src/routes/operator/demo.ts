/**
 * The living sandbox's operator routes (docs/sandbox.md):
 * - `PUT /admin/demo {live?, rate?}` — pause or resume the simulated traders, set their rate;
 * - `POST /admin/reset {"confirm":"reset", "wipe"?}` — the seeded demo state again, while serving
 *   (409 on a database without the demo unless `wipe`, which empties the venue);
 * - `PUT /admin/markets/{condition_id}/book-history {every_trade}` — also record the market's
 *   books on every trade.
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../http/types.js';
import { errors } from '../../errors/catalogue.js';
import { isConditionId } from '../../domain/ids.js';

export const DemoState = Type.Object({
  live: Type.Boolean({ description: 'the simulated traders run' }),
  rate: Type.Integer({ description: 'simulated orders per second across the venue' }),
});

const DemoBody = Type.Object({
  live: Type.Optional(Type.Boolean()),
  rate: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
}, { additionalProperties: false });

const ResetBody = Type.Object({
  confirm: Type.String({ description: 'must be "reset"' }),
  wipe: Type.Optional(Type.Boolean({ description: 'empty the venue instead (a database without the demo data set)' })),
}, { additionalProperties: false });

const ResetAnswer = Type.Object({
  reset: Type.Union([Type.Literal('demo'), Type.Literal('empty')]),
  tables: Type.Integer({ description: 'tables replaced' }),
  ms: Type.Integer(),
  demo: DemoState,
});

const HistoryBody = Type.Object({ every_trade: Type.Boolean() }, { additionalProperties: false });

export const operatorDemo: RouteModule = (app, services) => {
  const { sandbox, exchange, store, bookHistory } = services;
  app.put('/demo', {
    schema: { tags: ['operator'], summary: 'Pause or resume the simulated traders, set their rate', security: [{ operator: [] }], body: DemoBody, response: { 200: DemoState } },
    config: { family: 'admin' },
  }, async (req) => sandbox.set(req.body));

  app.post('/reset', {
    schema: { tags: ['operator'], summary: 'Reset the venue to the seeded demo state', security: [{ operator: [] }], body: ResetBody, response: { 200: ResetAnswer } },
    config: { family: 'admin' },
  }, async (req) => {
    if (req.body.confirm !== 'reset') throw errors.badRequest('send {"confirm":"reset"} to reset the venue');
    const r = await sandbox.reset({ wipe: req.body.wipe, exchange });
    return { ...r, demo: sandbox.status() };
  });

  app.put('/markets/:condition_id/book-history', {
    schema: {
      tags: ['operator'], summary: 'Record a market\'s books on every trade too', security: [{ operator: [] }],
      params: Type.Object({ condition_id: Type.String({ maxLength: 80 }) }), body: HistoryBody,
      response: { 200: Type.Object({ condition_id: Type.String(), every_trade: Type.Boolean() }) },
    },
    config: { family: 'admin' },
  }, async (req) => {
    const cid = req.params.condition_id.toLowerCase();
    if (!isConditionId(cid)) throw errors.badRequest('condition_id must be 0x followed by 64 hex digits');
    if (!exchange.core.market(cid)) throw errors.notFound('market not found');
    const every = req.body.every_trade ? 1 : 0;
    await (store.db as any).insertInto('book_history_markets').values({ condition_id: cid, every_trade: every, updated_at: services.now() })
      .onConflict((oc: any) => oc.column('condition_id').doUpdateSet({ every_trade: every, updated_at: services.now() })).execute();
    await bookHistory.loadMarkets();
    return { condition_id: cid, every_trade: req.body.every_trade };
  });
};
