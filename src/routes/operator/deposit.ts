/**
 * `POST /admin/wallets/{address}/deposit` — credits collateral to a wallet (a `DEPOSIT` activity).
 * `amount` is an integer string of micro-units; past the exact range (src/domain/micro-input.ts)
 * or past the largest single deposit it is a 400 `amount_too_large` naming the limit.
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../http/types.js';

const Body = Type.Object({
  amount: Type.String({ pattern: '^[0-9]+$', description: 'an integer string of micro-units (6 decimals): "1000000" = 1 USDC' }),
}, { additionalProperties: false });

const Balance = Type.Object({
  wallet: Type.String(),
  asset: Type.String(),
  balance: Type.String({ description: 'decimal' }),
  free: Type.String({ description: 'decimal' }),
});

export const operatorDeposit: RouteModule = (app, { operator }) => {
  app.post('/wallets/:address/deposit', {
    schema: {
      tags: ['operator'], summary: 'Credit collateral to a wallet', security: [{ operator: [] }],
      params: Type.Object({ address: Type.String({ maxLength: 64 }) }), body: Body, response: { 200: Balance },
    },
    config: { family: 'admin' },
  }, async (req) => operator.deposit(req.params.address, req.body.amount));
};
