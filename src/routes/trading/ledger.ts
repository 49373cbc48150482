/**
 * Custodial ledger routes (L2; not in the spec, documented in OpenAPI and docs/trading.md):
 * `POST /split` (collateral → one of each outcome), `POST /merge` (one of each → collateral),
 * `POST /redeem` (after resolution) and `GET /balance-allowance`. Amounts are 6-decimal integer
 * strings, as in orders ("1000000" = 1 USDC or 1 share); one past the exact range
 * (src/domain/micro-input.ts) is a 400 `amount_too_large` naming the bound.
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../http/types.js';
import { authOf, L2_SECURITY } from '../../auth/index.js';
import { errors } from '../../errors/catalogue.js';
import { Hex32 } from './schemas.js';

const Amount = Type.String({ pattern: '^[0-9]+$', description: 'an integer string of micro-units (6 decimals)' });
const LedgerAnswer = Type.Object({ success: Type.Boolean(), transactionHash: Type.String() });
const Balance = Type.Object({
  balance: Type.String({ description: 'total, 6-decimal units' }),
  allowance: Type.String({ description: 'what new orders may still spend (custodial: the free part), 6-decimal units' }),
  free: Type.String(), reserved: Type.String(),
});

export const ledgerRoutes: RouteModule = (app, { auth, ledger }) => {
  const route = { config: { family: 'clob' as const }, preValidation: auth.requireL2 };

  app.post('/split', {
    ...route,
    schema: { tags: ['ledger'], summary: 'Split collateral into one of each outcome token', security: L2_SECURITY,
      body: Type.Object({ market: Hex32, amount: Amount }), response: { 200: LedgerAnswer } },
  }, async (req) => ledger.split(authOf(req).address, req.body.market, req.body.amount));

  app.post('/merge', {
    ...route,
    schema: { tags: ['ledger'], summary: 'Merge one of each outcome token into collateral', security: L2_SECURITY,
      body: Type.Object({ market: Hex32, amount: Amount }), response: { 200: LedgerAnswer } },
  }, async (req) => ledger.merge(authOf(req).address, req.body.market, req.body.amount));

  app.post('/redeem', {
    ...route,
    schema: { tags: ['ledger'], summary: 'Redeem the tokens of a resolved market', security: L2_SECURITY,
      body: Type.Object({ market: Hex32 }), response: { 200: LedgerAnswer } },
  }, async (req) => ledger.redeem(authOf(req).address, req.body.market));

  app.get('/balance-allowance', {
    ...route,
    schema: {
      tags: ['ledger'], summary: 'Collateral or token balance of the account', security: L2_SECURITY,
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
    return ledger.balance(authOf(req).address, type === 'COLLATERAL' ? undefined : token);
  });
};
