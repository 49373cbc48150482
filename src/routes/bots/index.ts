/**
 * The routes unmodified trading bots call around their orders (docs/bots.md), found by running
 * `@polymarket/clob-client` 5.8.1 and `@polymarket/clob-client-v2` against the service:
 * - `GET /fee-rate?token_id` → `{base_fee}`: the market's taker base fee in bps (V1 orders sign
 *   it as `feeRateBps`; a lower one is refused);
 * - `GET /version` → `{version: 2}`: the order version clob-client-v2 signs (V1 orders are
 *   accepted too);
 * - `GET /markets-by-token/{token_id}` → `{condition_id, primary_token_id, secondary_token_id}`
 *   (clob-client-v2, before a market order);
 * (`GET /balance-allowance/update`, which they call too, is with `GET /balance-allowance` in
 * src/routes/trading/ledger.ts.)
 * Token ids are accepted in both forms; answers show the mode's form (src/domain/token-codec.ts).
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../http/types.js';
import { noBook, parseToken } from '../../marketdata/tokens.js';

const ERROR = Type.Object({ error: Type.String() });
const CLOB_ERRORS = { 400: ERROR, 404: ERROR };
const TAGS = ['bots'];
const TokenQuery = Type.Object({ token_id: Type.String({ maxLength: 100, description: 'a token id: a CTF position id or `<condition_id>:<outcome_index>`' }) });

export const botRoutes: RouteModule = (app, { exchange }) => {
  app.get('/fee-rate', {
    schema: { tags: TAGS, summary: "The token's market taker base fee (bps)", querystring: TokenQuery, response: { 200: Type.Object({ base_fee: Type.Integer() }), ...CLOB_ERRORS } },
    config: { family: 'clob' },
  }, async (req) => {
    const t = parseToken(req.query.token_id);
    const m = exchange.core.market(t.conditionId);
    if (m === undefined) throw noBook();
    return { base_fee: m.takerBaseFeeBps };
  });

  app.get('/version', {
    schema: { tags: TAGS, summary: 'The signed-order version clients should sign (2; V1 orders are accepted too)', response: { 200: Type.Object({ version: Type.Integer() }) } },
    config: { family: 'clob' },
  }, async () => ({ version: 2 }));

  app.get('/markets-by-token/:token_id', {
    schema: {
      tags: TAGS, summary: "The token's market", params: TokenQuery,
      response: { 200: Type.Object({ condition_id: Type.String(), primary_token_id: Type.String(), secondary_token_id: Type.String() }), ...CLOB_ERRORS },
    },
    config: { family: 'clob' },
  }, async (req) => {
    const t = parseToken(req.params.token_id);
    if (exchange.core.market(t.conditionId) === undefined) throw noBook();
    return { condition_id: t.conditionId, primary_token_id: `${t.conditionId}:0`, secondary_token_id: `${t.conditionId}:1` };
  });
};
