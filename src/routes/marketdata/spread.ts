/** `GET /spread?token_id=` — Best ask minus best bid ("" when a side is empty). */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { CLOB_ERRORS, TAGS, TokenQuery } from './schemas.js';

export const spreadRoute: RouteModule = (app, services) => {
  const md = services.marketData;
  app.get('/spread', {
    schema: { tags: TAGS, summary: 'Best ask minus best bid ("" when a side is empty)', querystring: TokenQuery, response: { 200: Type.Object({ spread: Type.String() }), ...CLOB_ERRORS } },
    config: { family: 'clob' },
  }, async (req) => md.prices.spread(req.query.token_id));
};
