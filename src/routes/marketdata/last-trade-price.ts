/** `GET /last-trade-price?token_id=` — Price and taker side of the last trade ("" and "" before the first). */
import { Type } from 'typebox';
import type { RouteModule } from '../../http/types.js';
import { CLOB_ERRORS, TAGS, TokenQuery } from './schemas.js';

export const lastTradePriceRoute: RouteModule = (app, services) => {
  const md = services.marketData;
  app.get('/last-trade-price', {
    schema: { tags: TAGS, summary: 'Price and taker side of the last trade ("" and "" before the first)', querystring: TokenQuery, response: { 200: Type.Object({ price: Type.String(), side: Type.String() }), ...CLOB_ERRORS } },
    config: { family: 'clob' },
  }, async (req) => md.prices.lastTrade(req.query.token_id));
};
