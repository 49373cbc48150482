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
 * The lookups are the bot desk's (src/trading/bot-desk.ts).
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { FeeRate, TokenMarket } from '../../trading/bot-desk.js';

const ERROR = Type.Object({ error: Type.String(), code: Type.Optional(Type.String()) });
const CLOB_ERRORS = { 400: ERROR, 404: ERROR };
const TAGS = ['bots'];
const TokenQuery = Type.Object({ token_id: Type.String({ maxLength: 100, description: 'a token id: a CTF position id or `<condition_id>:<outcome_index>`' }) });

export const botRoutes: RouteModule = (app, { bots }) => {
  app.get('/fee-rate', {
    schema: { tags: TAGS, summary: "The token's market taker base fee (bps)", querystring: TokenQuery, response: { 200: FeeRate, ...CLOB_ERRORS } },
    config: { family: 'clob' },
  }, async (req) => bots.feeRate(req.query.token_id));

  // A constant: the order version the signed-order check accepts besides V1 (docs/bots.md).
  app.get('/version', {
    schema: { tags: TAGS, summary: 'The signed-order version clients should sign (2; V1 orders are accepted too)', response: { 200: Type.Object({ version: Type.Integer() }) } },
    config: { family: 'clob' },
  }, async () => ({ version: 2 }));

  app.get('/markets-by-token/:token_id', {
    schema: { tags: TAGS, summary: "The token's market", params: TokenQuery, response: { 200: TokenMarket, ...CLOB_ERRORS } },
    config: { family: 'clob' },
  }, async (req) => bots.marketOf(req.params.token_id));
};
