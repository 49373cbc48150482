/** `POST /last-trades-prices` `[{token_id}]` — Last trade of several tokens, [{token_id, price, side}]. */
import { Type } from 'typebox';
import type { RouteModule } from '../../http/types.js';
import { CLOB_ERRORS, TAGS, TokenList } from './schemas.js';

export const lastTradesPricesRoute: RouteModule = (app, services) => {
  const md = services.marketData;
  app.post('/last-trades-prices', {
    schema: { tags: TAGS, summary: 'Last trade of several tokens, [{token_id, price, side}]', body: TokenList, response: { 200: Type.Array(Type.Object({ token_id: Type.String(), price: Type.String(), side: Type.String() })), ...CLOB_ERRORS } },
    config: { family: 'clob' },
  }, async (req) => md.prices.lastTrades(req.body.map((i) => i.token_id)));
};
