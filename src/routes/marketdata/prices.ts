/** `POST /prices` `[{token_id, side?}]` — price map `{token: {BUY: best bid, SELL: best ask}}`; `side` is ignored, an empty side is "". */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { CLOB_ERRORS, TAGS, TokenList } from './schemas.js';
import { sendJsonText } from '../../http/json-text.js';

export const pricesRoute: RouteModule = (app, services) => {
  const md = services.marketData;
  app.post('/prices', {
    schema: {
      tags: TAGS, summary: 'Best bid (BUY) and best ask (SELL) of several tokens', body: TokenList,
      response: { 200: Type.Record(Type.String(), Type.Object({ BUY: Type.String(), SELL: Type.String() })), ...CLOB_ERRORS },
    },
    config: { family: 'clob' },
  }, async (req, reply) => sendJsonText(reply, md.prices.priceMap(req.body.map((i) => i.token_id))));
};
