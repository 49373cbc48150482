/** `GET /price?token_id&side` — `{price}`: the best bid for BUY, the best ask for SELL ("" when that side is empty). */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { CLOB_ERRORS, TAGS } from './schemas.js';

export const priceRoute: RouteModule = (app, services) => {
  const md = services.marketData;
  app.get('/price', {
    schema: {
      tags: TAGS, summary: 'Best price of one side of a token\'s book',
      querystring: Type.Object({ token_id: Type.String(), side: Type.Optional(Type.String({ description: 'BUY (best bid) or SELL (best ask)' })) }),
      response: { 200: Type.Object({ price: Type.String() }), ...CLOB_ERRORS },
    },
    config: { family: 'clob' },
  }, async (req) => md.prices.price(req.query.token_id, req.query.side));
};
