/** `GET /midpoint?token_id=` — Midpoint of the best bid and ask ("" when a side is empty). */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { CLOB_ERRORS, TAGS, TokenQuery } from './schemas.js';

export const midpointRoute: RouteModule = (app, services) => {
  const md = services.marketData;
  app.get('/midpoint', {
    schema: { tags: TAGS, summary: 'Midpoint of the best bid and ask ("" when a side is empty)', querystring: TokenQuery, response: { 200: Type.Object({ mid: Type.String() }), ...CLOB_ERRORS } },
    config: { family: 'clob' },
  }, async (req) => md.prices.midpoint(req.query.token_id));
};
