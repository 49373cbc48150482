/** `POST /midpoints` `[{token_id}]` — Midpoints of several tokens, {token: mid}. */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { CLOB_ERRORS, TAGS, TokenList } from './schemas.js';

export const midpointsRoute: RouteModule = (app, services) => {
  const md = services.marketData;
  app.post('/midpoints', {
    schema: { tags: TAGS, summary: 'Midpoints of several tokens, {token: mid}', body: TokenList, response: { 200: Type.Record(Type.String(), Type.String()), ...CLOB_ERRORS } },
    config: { family: 'clob' },
  }, async (req) => md.prices.midpoints(req.body.map((i) => i.token_id)));
};
