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
import { ApiError, errors } from '../../errors/catalogue.js';
import { COLLATERAL } from '../../ledger/types.js';
import type { Exchange, OpResult } from '../../core/index.js';
import { parseMicroDigits, tooLargeMessage } from '../../domain/micro-input.js';
import { Hex32 } from './schemas.js';

const Amount = Type.String({ pattern: '^[0-9]+$', description: 'an integer string of micro-units (6 decimals)' });
const LedgerAnswer = Type.Object({ success: Type.Boolean(), transactionHash: Type.String() });
const Balance = Type.Object({
  balance: Type.String({ description: 'total, 6-decimal units' }),
  allowance: Type.String({ description: 'what new orders may still spend (custodial: the free part), 6-decimal units' }),
  free: Type.String(), reserved: Type.String(),
});

export const ledgerRoutes: RouteModule = (app, { auth, exchange }) => {
  const route = { config: { family: 'clob' as const }, preValidation: auth.requireL2 };
  const op = async (fn: (ex: Exchange) => OpResult) => {
    exchange.assertWritable('ledger');
    const r = await exchange.run(fn);
    if (!r.ok) throw new ApiError('bad_request', r.reject.message);
    return { success: true, transactionHash: r.effects.activity[0]?.transactionHash ?? '' };
  };
  const amount = (s: string) => {
    const n = parseMicroDigits(s);
    if (n === 'too_large') throw new ApiError('amount_too_large', tooLargeMessage('amount'));
    if (n === 'invalid' || n <= 0) throw errors.badRequest('amount must be positive');
    return n;
  };

  app.post('/split', {
    ...route,
    schema: { tags: ['ledger'], summary: 'Split collateral into one of each outcome token', security: L2_SECURITY,
      body: Type.Object({ market: Hex32, amount: Amount }), response: { 200: LedgerAnswer } },
  }, async (req) => {
    const n = amount(req.body.amount); // parsed before the command: a throw inside it is an exchange failure
    return op((ex) => ex.split(authOf(req).address, req.body.market.toLowerCase(), n));
  });

  app.post('/merge', {
    ...route,
    schema: { tags: ['ledger'], summary: 'Merge one of each outcome token into collateral', security: L2_SECURITY,
      body: Type.Object({ market: Hex32, amount: Amount }), response: { 200: LedgerAnswer } },
  }, async (req) => {
    const n = amount(req.body.amount);
    return op((ex) => ex.merge(authOf(req).address, req.body.market.toLowerCase(), n));
  });

  app.post('/redeem', {
    ...route,
    schema: { tags: ['ledger'], summary: 'Redeem the tokens of a resolved market', security: L2_SECURITY,
      body: Type.Object({ market: Hex32 }), response: { 200: LedgerAnswer } },
  }, async (req) => op((ex) => ex.redeem(authOf(req).address, req.body.market.toLowerCase())));

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
    const b = exchange.core.balance(authOf(req).address, type === 'COLLATERAL' ? COLLATERAL : token!);
    return { balance: String(b.free + b.reserved), allowance: String(b.free), free: String(b.free), reserved: String(b.reserved) };
  });
};
