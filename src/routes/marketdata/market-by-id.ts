/** `GET /markets/{condition_id}` — one order-book market in the by-id form; 404 `{error}` when unknown. */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { CLOB_ERRORS, FullMarket, TAGS } from './schemas.js';

export const marketByIdRoute: RouteModule = (app, services) => {
  app.get('/markets/:condition_id', {
    schema: {
      tags: TAGS, summary: 'Get an order-book market by condition id',
      params: Type.Object({ condition_id: Type.String({ description: '0x + 64 hex' }) }),
      response: { 200: FullMarket, ...CLOB_ERRORS },
    },
    config: { family: 'clob' },
  }, async (req) => services.marketData.listings.market(req.params.condition_id));
};
