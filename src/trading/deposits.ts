/**
 * Deposits: credit collateral to a wallet through the exchange, audited. The operator's
 * `POST /admin/deposit` and the sandbox's simulated traders both call this one desk, so the
 * sandbox needs no operator (src/server.ts builds it once and gives it to both as a constructor
 * argument; the sandbox sits below the operator in the services' order).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { ExchangeService } from '../exchange/service.js';
import { audit } from '../catalog/write.js';
import { ApiError, errors } from '../errors/catalogue.js';
import { parseMicroDigits, tooLargeMessage } from '../domain/micro-input.js';
import { checksumAddress } from '../domain/address.js';
import { formatMicro, MAX_AMOUNT } from '../domain/money.js';
import { COLLATERAL } from '../ledger/types.js';

export interface DepositsDeps {
  db: Kysely<Database>;
  exchange: ExchangeService;
  now(): number;
}

/** A credited deposit: the wallet (EIP-55), the asset and its balance after, as decimals. */
export interface DepositAnswer { wallet: string; asset: string; balance: string; free: string }

export class Deposits {
  constructor(private readonly d: DepositsDeps) {}

  /**
   * Credits collateral to a wallet. `amount` is an integer string of micro-units; past the exact
   * range (src/domain/micro-input.ts), past the largest single deposit or past what the venue
   * holds in all (the ledger's bound) it is `amount_too_large` naming the limit.
   */
  async credit(address: string, amount: string): Promise<DepositAnswer> {
    const wallet = checksumAddress(address);
    if (!wallet) throw errors.badRequest('address must be a 0x-prefixed 20-byte hex address');
    const n = parseMicroDigits(amount);
    if (n === 'too_large') throw new ApiError('amount_too_large', tooLargeMessage('amount'));
    if (n === 'invalid' || n <= 0) throw errors.badRequest('amount must be a positive integer string of micro-units');
    if (n > MAX_AMOUNT) throw new ApiError('amount_too_large', `amount must be between 1 and ${MAX_AMOUNT} (6-decimal units)`);
    const r = await this.d.exchange.submit({ type: 'deposit', wallet, amount: n });
    if (!r.ok) throw new ApiError(r.reject.code === 'amount_too_large' ? 'amount_too_large' : 'bad_request', r.reject.message);
    await audit(this.d.db, 'deposit', wallet, { amount }, this.d.now());
    const b = this.d.exchange.core.balance(wallet, COLLATERAL);
    return { wallet, asset: COLLATERAL, balance: formatMicro(b.free + b.reserved), free: formatMicro(b.free) };
  }
}
