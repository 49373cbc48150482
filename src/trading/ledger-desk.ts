/**
 * The custodial ledger operations of an authenticated account — the use cases behind
 * `POST /split`, `POST /merge`, `POST /redeem` and `GET /balance-allowance`. Amounts come in as
 * integer strings of micro-units and are parsed here, before the command runs (a throw inside an
 * exchange command is an exchange failure, src/exchange/service.ts); one past the exact range is
 * `amount_too_large` (src/domain/micro-input.ts). Every operation goes through the durable
 * exchange and the mode gate, like orders.
 */
import type { Exchange, OpResult } from '../core/index.js';
import type { ExchangeService } from '../exchange/service.js';
import { COLLATERAL } from '../ledger/types.js';
import { ApiError, errors } from '../errors/catalogue.js';
import { parseMicroDigits, tooLargeMessage } from '../domain/micro-input.js';

export interface LedgerAnswer { success: boolean; transactionHash: string }
export interface BalanceAnswer { balance: string; allowance: string; free: string; reserved: string }

function amountOf(text: string): number {
  const n = parseMicroDigits(text);
  if (n === 'too_large') throw new ApiError('amount_too_large', tooLargeMessage('amount'));
  if (n === 'invalid' || n <= 0) throw errors.badRequest('amount must be positive');
  return n;
}

export class LedgerDesk {
  constructor(private readonly exchange: ExchangeService) {}

  split(wallet: string, conditionId: string, amount: string): Promise<LedgerAnswer> {
    const n = amountOf(amount);
    return this.op((ex) => ex.split(wallet, conditionId.toLowerCase(), n));
  }

  merge(wallet: string, conditionId: string, amount: string): Promise<LedgerAnswer> {
    const n = amountOf(amount);
    return this.op((ex) => ex.merge(wallet, conditionId.toLowerCase(), n));
  }

  redeem(wallet: string, conditionId: string): Promise<LedgerAnswer> {
    return this.op((ex) => ex.redeem(wallet, conditionId.toLowerCase()));
  }

  /** Collateral (no token) or one outcome token's balance of `wallet`, in micro-units. */
  balance(wallet: string, tokenId?: string): BalanceAnswer {
    const b = this.exchange.core.balance(wallet, tokenId ?? COLLATERAL);
    return { balance: String(b.free + b.reserved), allowance: String(b.free), free: String(b.free), reserved: String(b.reserved) };
  }

  private async op(fn: (ex: Exchange) => OpResult): Promise<LedgerAnswer> {
    this.exchange.assertWritable('ledger');
    const r = await this.exchange.run(fn);
    if (!r.ok) throw new ApiError('bad_request', r.reject.message);
    return { success: true, transactionHash: r.effects.activity[0]?.transactionHash ?? '' };
  }
}
