/**
 * `POST /admin/wallets/{address}/deposit` — credits collateral to a wallet (a `DEPOSIT` activity).
 * `amount` is an integer string of micro-units; past the exact range (src/domain/micro-input.ts)
 * or past the largest single deposit it is a 400 `amount_too_large` naming the limit.
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../http/types.js';
import { ApiError, errors } from '../../errors/catalogue.js';
import { parseMicroDigits, tooLargeMessage } from '../../domain/micro-input.js';
import { checksumAddress } from '../../domain/address.js';
import { formatMicro, MAX_AMOUNT } from '../../engine/amounts.js';
import { COLLATERAL } from '../../ledger/types.js';
import { audit } from '../../catalog/write.js';

const Body = Type.Object({
  amount: Type.String({ pattern: '^[0-9]+$', description: 'an integer string of micro-units (6 decimals): "1000000" = 1 USDC' }),
}, { additionalProperties: false });

const Balance = Type.Object({
  wallet: Type.String(),
  asset: Type.String(),
  balance: Type.String({ description: 'decimal' }),
  free: Type.String({ description: 'decimal' }),
});

export const adminDeposit: RouteModule = (app, { exchange, store, now }) => {
  app.post('/wallets/:address/deposit', {
    schema: {
      tags: ['operator'], summary: 'Credit collateral to a wallet', security: [{ operator: [] }],
      params: Type.Object({ address: Type.String({ maxLength: 64 }) }), body: Body, response: { 200: Balance },
    },
    config: { family: 'admin' },
  }, async (req) => {
    const wallet = checksumAddress(req.params.address);
    if (!wallet) throw errors.badRequest('address must be a 0x-prefixed 20-byte hex address');
    const amount = parseMicroDigits(req.body.amount);
    if (amount === 'too_large') throw new ApiError('amount_too_large', tooLargeMessage('amount'));
    if (amount === 'invalid' || amount <= 0) throw errors.badRequest('amount must be a positive integer string of micro-units');
    if (amount > MAX_AMOUNT) throw new ApiError('amount_too_large', `amount must be between 1 and ${MAX_AMOUNT} (6-decimal units)`);
    const r = await exchange.run((ex) => ex.deposit(wallet, amount));
    if (!r.ok) throw new ApiError(r.reject.code === 'amount_too_large' ? 'amount_too_large' : 'bad_request', r.reject.message);
    await audit(store.db, 'deposit', wallet, { amount: req.body.amount }, now());
    const b = exchange.core.balance(wallet, COLLATERAL);
    return { wallet, asset: COLLATERAL, balance: formatMicro(b.free + b.reserved), free: formatMicro(b.free) };
  });
};
