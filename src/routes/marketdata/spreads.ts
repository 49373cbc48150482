/** `POST /spreads` `[{token_id}]` — Spreads of several tokens, {token: spread}. */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { CLOB_ERRORS, TAGS, TokenList } from './schemas.js';

export const spreadsRoute: RouteModule = (app, services) => {
  const md = services.marketData;
  app.post('/spreads', {
    schema: { tags: TAGS, summary: 'Spreads of several tokens, {token: spread}', body: TokenList, response: { 200: Type.Record(Type.String(), Type.String()), ...CLOB_ERRORS } },
    config: { family: 'clob' },
  }, async (req) => md.prices.spreads(req.body.map((i) => i.token_id)));
};
