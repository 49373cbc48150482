/** `GET /tick-size?token_id=` — Minimum tick size of the token's market. */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { CLOB_ERRORS, TAGS, TokenQuery } from './schemas.js';

export const tickSizeRoute: RouteModule = (app, services) => {
  const md = services.marketData;
  app.get('/tick-size', {
    schema: { tags: TAGS, summary: "Minimum tick size of the token's market", querystring: TokenQuery, response: { 200: Type.Object({ minimum_tick_size: Type.Number() }), ...CLOB_ERRORS } },
    config: { family: 'clob' },
  }, async (req) => md.prices.tickSize(req.query.token_id));
};
