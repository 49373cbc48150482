/**
 * `POST /last-trades-prices` `[{token_id}]` — Last trade of several tokens, [{token_id, price, side}].
 * On the /clob mount tokens that never traded are left out, as the venue does (docs/trading.md).
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { dialectOf } from '../../http/mounts.js';
import { CLOB_ERRORS, TAGS, TokenList } from './schemas.js';

export const lastTradesPricesRoute: RouteModule = (app, services) => {
  const md = services.marketData;
  const venue = dialectOf(app) === 'clob';
  app.post('/last-trades-prices', {
    schema: { tags: TAGS, summary: 'Last trade of several tokens, [{token_id, price, side}]', body: TokenList, response: { 200: Type.Array(Type.Object({ token_id: Type.String(), price: Type.String(), side: Type.String() })), ...CLOB_ERRORS } },
    config: { family: 'clob' },
  }, async (req) => {
    const all = await md.prices.lastTrades(req.body.map((i) => i.token_id));
    return venue ? all.filter((t) => t.side !== '') : all;
  });
};
