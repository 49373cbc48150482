/**
 * The routes unmodified trading bots call around their orders (docs/bots.md), found by running
 * `@polymarket/clob-client` 5.8.1 and `@polymarket/clob-client-v2` against the service:
 * - `GET /fee-rate?token_id` → `{base_fee}`: the market's taker base fee in bps (V1 orders sign
 *   it as `feeRateBps`; a lower one is refused);
 * - `GET /version` → `{version: 2}`: the order version clob-client-v2 signs (V1 orders are
 *   accepted too);
 * - `GET /markets-by-token/{token_id}` → `{condition_id, primary_token_id, secondary_token_id}`
 *   (clob-client-v2, before a market order);
 * - `GET /balance-allowance/update` (L2): the real venue re-reads on-chain allowances; the ledger
 *   is custodial, so this answers the current balance like `GET /balance-allowance`.
 * Token ids are accepted in both forms; answers show the mode's form (src/domain/token-codec.ts).
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../http/types.js';
import { authOf, L2_SECURITY } from '../../auth/index.js';
import { errors } from '../../errors/catalogue.js';
import { noBook, parseToken } from '../../marketdata/tokens.js';

const ERROR = Type.Object({ error: Type.String() });
const CLOB_ERRORS = { 400: ERROR, 404: ERROR };
const TAGS = ['bots'];
const TokenQuery = Type.Object({ token_id: Type.String({ maxLength: 100, description: 'a token id: a CTF position id or `<condition_id>:<outcome_index>`' }) });
const Balance = Type.Object({ balance: Type.String(), allowance: Type.String(), free: Type.String(), reserved: Type.String() });

export const botRoutes: RouteModule = (app, { exchange, auth, ledger }) => {
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

  app.get('/balance-allowance/update', {
    config: { family: 'clob' }, preValidation: auth.requireL2,
    schema: {
      tags: TAGS, summary: 'Refresh the balance and allowance (custodial: the current balance)', security: L2_SECURITY,
      querystring: Type.Object({
        asset_type: Type.Union([Type.Literal('COLLATERAL'), Type.Literal('CONDITIONAL')]),
        token_id: Type.Optional(Type.String({ maxLength: 100 })),
        signature_type: Type.Optional(Type.String({ maxLength: 4 })),
      }),
      response: { 200: Balance },
    },
  }, async (req) => {
    const { asset_type: type, token_id: token } = req.query;
    if (type === 'CONDITIONAL' && !token) throw errors.required('token_id');
    return ledger.balance(authOf(req).address, type === 'COLLATERAL' ? undefined : parseToken(token).tokenId);
  });
};
