/** `GET /neg-risk?token_id=` — Whether the token's market is a negative-risk market. */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { CLOB_ERRORS, TAGS, TokenQuery } from './schemas.js';

export const negRiskRoute: RouteModule = (app, services) => {
  const md = services.marketData;
  app.get('/neg-risk', {
    schema: { tags: TAGS, summary: "Whether the token's market is a negative-risk market", querystring: TokenQuery, response: { 200: Type.Object({ neg_risk: Type.Boolean() }), ...CLOB_ERRORS } },
    config: { family: 'clob' },
  }, async (req) => md.prices.negRisk(req.query.token_id));
};
