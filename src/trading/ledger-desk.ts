/**
 * The custodial ledger operations of an authenticated account — the use cases behind
 * `POST /split`, `POST /merge`, `POST /redeem` and `GET /balance-allowance`. Amounts come in as
 * integer strings of micro-units and are parsed here, before the command runs (a throw inside an
 * exchange command is an exchange failure, src/exchange/service.ts); one past the exact range is
 * `amount_too_large` (src/domain/micro-input.ts). Every operation goes through the durable
 * exchange and the mode gate, like orders.
 */
import { Type, type Static } from 'typebox';
import type { CommandBody } from '../core/index.js';
import type { ExchangeService } from '../exchange/service.js';
import { COLLATERAL } from '../ledger/types.js';
import { ApiError, errors } from '../errors/catalogue.js';
import { parseMicroDigits, tooLargeMessage } from '../domain/micro-input.js';
import { tokenKey } from '../domain/ids.js';


/** The answers as TypeBox schemas, the one source: src/routes/trading/ledger.ts declares them, the desk's types are `Static<>`. */
export const LedgerAnswer = Type.Object({ success: Type.Boolean(), transactionHash: Type.String() });
export type LedgerAnswer = Static<typeof LedgerAnswer>;

export const BalanceAnswer = Type.Object({
  balance: Type.String({ description: 'total, 6-decimal units' }),
  allowance: Type.String({ description: 'what new orders may still spend (custodial: the free part), 6-decimal units' }),
  free: Type.String(), reserved: Type.String(),
});
export type BalanceAnswer = Static<typeof BalanceAnswer>;

/**
 * The venue's `GET /balance-allowance` answer (the /clob mount): `balance` and the `allowances`
 * map, spender → amount. The ledger is custodial: no contract spends from a wallet, so every
 * spender the venue's clients look up (its exchanges and the neg-risk adapter) has the unlimited
 * allowance, 2^256 − 1 (docs/trading.md).
 */
export const VenueBalanceAnswer = Type.Object({
  balance: Type.String({ description: 'total, 6-decimal units' }),
  allowances: Type.Record(Type.String(), Type.String({ pattern: '^[0-9]+$' })),
});
export type VenueBalanceAnswer = Static<typeof VenueBalanceAnswer>;
const UNLIMITED = ((1n << 256n) - 1n).toString();

export function venueBalance(b: BalanceAnswer, spenders: readonly string[]): VenueBalanceAnswer {
  return { balance: b.balance, allowances: Object.fromEntries(spenders.map((s) => [s, UNLIMITED])) };
}

function amountOf(text: string): number {
  const n = parseMicroDigits(text);
  if (n === 'too_large') throw new ApiError('amount_too_large', tooLargeMessage('amount'));
  if (n === 'invalid' || n <= 0) throw errors.badRequest('amount must be positive');
  return n;
}

function indexSetOf(text: string): bigint {
  if (!/^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$/.test(text)) {
    throw new ApiError('bad_request', 'index_set must be a non-negative integer (decimal or 0x-hex string)', { extra: { code: 'invalid_index_set' } });
  }
  return BigInt(text);
}

export class LedgerDesk {
  constructor(private readonly exchange: ExchangeService) {}

  split(wallet: string, conditionId: string, amount: string): Promise<LedgerAnswer> {
    const n = amountOf(amount);
    return this.op({ type: 'split', wallet, conditionId: conditionId.toLowerCase(), amount: n });
  }

  merge(wallet: string, conditionId: string, amount: string): Promise<LedgerAnswer> {
    const n = amountOf(amount);
    return this.op({ type: 'merge', wallet, conditionId: conditionId.toLowerCase(), amount: n });
  }

  redeem(wallet: string, conditionId: string): Promise<LedgerAnswer> {
    return this.op({ type: 'redeem', wallet, conditionId: conditionId.toLowerCase() });
  }

  /**
   * Neg-risk conversion (docs/neg-risk.md): `index_set` as a decimal or 0x-hex integer string,
   * `amount` in micro-units (0 does nothing). A refusal is a 400 with the rejection's `code`.
   */
  async convert(wallet: string, marketId: string, indexSet: string, amount: string): Promise<LedgerAnswer> {
    const bits = indexSetOf(indexSet);
    const n = parseMicroDigits(amount);
    if (n === 'too_large') throw new ApiError('amount_too_large', tooLargeMessage('amount'), { extra: { code: 'amount_too_large' } });
    if (n === 'invalid') throw new ApiError('bad_request', 'amount must be an integer string of micro-units', { extra: { code: 'invalid_amount' } });
    this.exchange.assertWritable('ledger');
    const r = await this.exchange.submit({ type: 'convert', wallet, marketId: marketId.toLowerCase(), indexSet: bits.toString(), amount: n });
    if (!r.ok) throw new ApiError('bad_request', r.reject.message, { extra: { code: r.reject.code } });
    return { success: true, transactionHash: r.effects.activity[0]?.transactionHash ?? '' };
  }

  /** Collateral (no token) or one outcome token's balance of `wallet`, in micro-units. */
  balance(wallet: string, tokenId?: string): BalanceAnswer {
    const core = this.exchange.core;
    const b = core.balance(wallet, tokenId === undefined ? COLLATERAL : tokenKey(core, tokenId));
    return { balance: String(b.free + b.reserved), allowance: String(b.free), free: String(b.free), reserved: String(b.reserved) };
  }

  private async op(command: CommandBody & { type: 'split' | 'merge' | 'redeem' }): Promise<LedgerAnswer> {
    this.exchange.assertWritable('ledger');
    const r = await this.exchange.submit(command);
    if (!r.ok) throw new ApiError('bad_request', r.reject.message);
    return { success: true, transactionHash: r.effects.activity[0]?.transactionHash ?? '' };
  }
}
