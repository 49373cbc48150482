/**
 * Custodial ledger routes (L2; not in the spec, documented in OpenAPI and docs/trading.md):
 * `POST /split` (collateral → one of each outcome), `POST /merge` (one of each → collateral),
 * `POST /redeem` (after resolution), `POST /convert` (neg-risk NO → YES + collateral,
 * docs/neg-risk.md) and `GET /balance-allowance`. Amounts are 6-decimal integer
 * strings, as in orders ("1000000" = 1 USDC or 1 share); one past the exact range
 * (src/domain/micro-input.ts) is a 400 `amount_too_large` naming the bound.
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { authOf, L2_SECURITY } from '../../auth/index.js';
import { ApiError, errors } from '../../errors/catalogue.js';
import { validationField, validationMessage, type AjvLikeError } from '../../http/validation-message.js';
import { BalanceAnswer, LedgerAnswer, VenueBalanceAnswer, venueBalance } from '../../trading/ledger-desk.js';
import { dialectOf } from '../../http/mounts.js';
import { Hex32 } from './schemas.js';

const Amount = Type.String({ pattern: '^[0-9]+$', description: 'an integer string of micro-units (6 decimals)' });

export const ledgerRoutes: RouteModule = (app, { auth, ledger, config, depositWallets }) => {
  const route = { config: { family: 'clob' as const }, preValidation: auth.requireL2 };
  // On /clob the venue's `{balance, allowances}` (docs/trading.md): the spenders its clients look up.
  const venue = dialectOf(app) === 'clob';
  const spenders = [config.bots.exchange, config.bots.negRiskExchange, config.bots.exchangeV2, config.bots.negRiskExchangeV2, config.negRiskAdapter];

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

  app.post('/convert', {
    ...route,
    attachValidation: true, // a body that fails its schema is refused with a code too
    schema: { tags: ['ledger'], summary: 'Convert NO positions of a neg-risk event into collateral and YES of its other questions', security: L2_SECURITY,
      description: 'docs/neg-risk.md: gives up `amount` NO of each question whose bit is set in `index_set` and receives (m − 1)·(amount − fee) collateral and amount − fee YES of every other question. A refusal is a 400 with a `code`.',
      body: Type.Object({
        market_id: Hex32,
        index_set: Type.String({ maxLength: 80, description: 'bit i selects question i: a decimal or 0x-hex integer string' }),
        amount: Type.String({ pattern: '^[0-9]+$', maxLength: 40, description: 'NO of each selected question to give up, micro-units (0 does nothing)' }),
      }),
      response: { 200: LedgerAnswer, 400: Type.Object({ error: Type.String(), code: Type.Optional(Type.String({ description: 'the refusal: invalid_index_set, insufficient_balance, … (docs/neg-risk.md)' })), field: Type.Optional(Type.String()) }) } },
  }, async (req) => {
    if (req.validationError) {
      const list = (Array.isArray((req.validationError as { validation?: unknown }).validation) ? (req.validationError as { validation: AjvLikeError[] }).validation : []);
      throw new ApiError('bad_request', validationMessage(list, 'body').message, { extra: { code: 'invalid_convert_payload', field: validationField(list, 'body') } });
    }
    return ledger.convert(authOf(req).address, req.body.market_id, req.body.index_set, req.body.amount);
  });

  // `/update`: the real venue re-reads on-chain allowances there (clob-client calls it); the ledger
  // is custodial, so both answer the current balance (on /clob the venue's shape, unlimited allowances).
  for (const [path, summary] of [
    ['/balance-allowance', 'Collateral or token balance of the account'],
    ['/balance-allowance/update', 'Refresh the balance and allowance (custodial: the current balance)'],
  ] as const) {
    app.get(path, {
      ...route,
      schema: {
        tags: ['ledger'], summary, security: L2_SECURITY,
        querystring: Type.Object({
          asset_type: Type.Union([Type.Literal('COLLATERAL'), Type.Literal('CONDITIONAL')]),
          token_id: Type.Optional(Type.String({ maxLength: 100 })),
          signature_type: Type.Optional(Type.String({ maxLength: 4, description: '3: the balance of the key holder\'s deposit wallet (docs/venue.md §10); otherwise the key holder\'s own' })),
        }),
        response: { 200: venue ? VenueBalanceAnswer : BalanceAnswer },
      },
    }, async (req) => {
      const { asset_type: type, token_id: token } = req.query;
      if (type === 'CONDITIONAL' && !token) throw errors.required('token_id');
      // Signature type 3 funds orders from the key holder's deposit wallet: that is the balance asked for.
      const holder = authOf(req).address;
      const wallet = req.query.signature_type === '3' ? depositWallets.walletsOf(holder)[0]! : holder;
      const b = ledger.balance(wallet, type === 'COLLATERAL' ? undefined : token);
      return venue ? venueBalance(b, spenders) : b;
    });
  }
};
