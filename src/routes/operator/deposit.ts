/**
 * `POST /admin/wallets/{address}/deposit` — credits collateral to a wallet (a `DEPOSIT` activity).
 * `amount` is an integer string of micro-units; past the exact range (src/domain/micro-input.ts)
 * or past the largest single deposit it is a 400 `amount_too_large` naming the limit.
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { DepositInput, Deposited } from '../../operator/instance-schemas.js';

export const operatorDeposit: RouteModule = (app, { operator }) => {
  app.post('/wallets/:address/deposit', {
    schema: {
      tags: ['operator'], summary: 'Credit collateral to a wallet', security: [{ operator: [] }],
      params: Type.Object({ address: Type.String({ maxLength: 64 }) }), body: DepositInput, response: { 200: Deposited },
    },
    config: { family: 'admin' },
  }, async (req) => operator.deposit(req.params.address, req.body.amount));
};
