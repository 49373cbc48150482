/**
 * `GET /last-trade-price?token_id=` — Price and taker side of the last trade ("" and "" before the
 * first). On the /clob mount a token that never traded answers the venue's sentinel
 * `{"price": "0.5", "side": ""}` (docs/trading.md).
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { dialectOf } from '../../http/mounts.js';
import { CLOB_ERRORS, TAGS, TokenQuery } from './schemas.js';

export const lastTradePriceRoute: RouteModule = (app, services) => {
  const md = services.marketData;
  const venue = dialectOf(app) === 'clob';
  app.get('/last-trade-price', {
    schema: { tags: TAGS, summary: 'Price and taker side of the last trade ("" and "" before the first)', querystring: TokenQuery, response: { 200: Type.Object({ price: Type.String(), side: Type.String() }), ...CLOB_ERRORS } },
    config: { family: 'clob' },
  }, async (req) => {
    const last = await md.prices.lastTrade(req.query.token_id);
    return venue && last.side === '' ? { price: '0.5', side: '' } : last;
  });
};
