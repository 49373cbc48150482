/**
 * The custodial ledger, in memory: per wallet and asset a free and a reserved balance, plus the
 * pseudo-wallets for fees and for collateral locked in markets, so that every collateral move has
 * two sides. Every change appends a LedgerEntry and every position/activity change is collected,
 * so one command's effects can be drained and persisted in one transaction. Wallet operations
 * that need no order book (deposit, withdraw, split, merge, redeem) live here too.
 */

import { LOT, MICRO, assertSafe, validSize } from '../domain/money.js';
import { MSG, reject, type Reject } from '../domain/rejects.js';
import { Positions } from './positions.js';
import {
  COLLATERAL,
  marketAccount,
  type ActivityRow,
  type ActivityType,
  type Balance,
  type BalanceRow,
  type LedgerEntry,
  type LedgerKind,
} from './types.js';

export interface LedgerDrain {
  ledger: LedgerEntry[];
  positions: ReturnType<Positions['drain']>;
  activity: ActivityRow[];
}

/** The most collateral ever deposited into the venue, in micro-units: the exact integer range. */
export const MAX_DEPOSITED = Number.MAX_SAFE_INTEGER;

export class Ledger {
  private balances = new Map<string, Map<string, Balance>>();
  readonly positions = new Positions();
  entries: LedgerEntry[] = [];
  activity: ActivityRow[] = [];
  /** Collateral that entered (deposits) and left (withdrawals) the system. */
  deposited = 0;
  withdrawn = 0;

  /** The (wallet, asset) balance; a zero balance if it never moved. */
  balance(wallet: string, asset: string): Balance {
    const b = this.balances.get(wallet)?.get(asset);
    return b === undefined ? { free: 0, reserved: 0 } : { free: b.free, reserved: b.reserved };
  }

  free(wallet: string, asset: string): number {
    return this.balances.get(wallet)?.get(asset)?.free ?? 0;
  }

  /** Every non-zero balance row (for snapshots and invariant checks). */
  rows(): BalanceRow[] {
    const out: BalanceRow[] = [];
    for (const [wallet, m] of this.balances) {
      for (const [asset, b] of m) if (b.free !== 0 || b.reserved !== 0) out.push({ wallet, asset, free: b.free, reserved: b.reserved });
    }
    return out;
  }

  walletRows(wallet: string): BalanceRow[] {
    return this.rows().filter((r) => r.wallet === wallet);
  }

  /** Sets a balance as persisted (restore path); no entry is recorded. */
  load(row: BalanceRow): void {
    const b = this.slot(row.wallet, row.asset);
    b.free = row.free;
    b.reserved = row.reserved;
  }

  /** Applies deltas to (wallet, asset) and records the entry. Negative results are broken invariants. */
  move(wallet: string, asset: string, dFree: number, dReserved: number, kind: LedgerKind, ref: string): void {
    if (dFree === 0 && dReserved === 0) return;
    const b = this.slot(wallet, asset);
    const free = b.free + dFree;
    const reserved = b.reserved + dReserved;
    // Checked before it is stored: a broken move leaves the balance as it was.
    if (free < 0 || reserved < 0) throw new Error(`invariant: negative balance ${wallet} ${asset} ${free}/${reserved}`);
    assertSafe(free, 'free balance');
    assertSafe(reserved, 'reserved balance');
    b.free = free;
    b.reserved = reserved;
    this.entries.push({ wallet, asset, free: dFree, reserved: dReserved, kind, ref });
  }

  /** Rejection if `wallet` has less than `required` free `asset`, else null. */
  need(wallet: string, asset: string, required: number): Reject | null {
    const free = this.free(wallet, asset);
    return free >= required ? null : reject('insufficient_balance', MSG.balance, { asset, required, free });
  }

  deposit(wallet: string, amount: number, ref: string, now: number): Reject | null {
    if (!Number.isSafeInteger(amount) || amount <= 0) return reject('invalid_amount', 'invalid deposit amount', { amount });
    // Every balance, supply, sum and counter the ledger keeps is bounded by the collateral ever
    // deposited, so holding that total inside the exact integer range keeps every amount exact.
    const room = MAX_DEPOSITED - this.deposited;
    if (amount > room) {
      return reject('amount_too_large', `deposit too large: the venue accepts at most ${MAX_DEPOSITED} micro-units of deposits in all; ${room} remain`, { amount, limit: MAX_DEPOSITED, room });
    }
    this.move(wallet, COLLATERAL, amount, 0, 'deposit', ref);
    this.deposited += amount;
    this.note(wallet, 'DEPOSIT', now, '', COLLATERAL, -1, 0, 0, amount, ref);
    return null;
  }

  withdraw(wallet: string, amount: number, ref: string, now: number): Reject | null {
    if (!Number.isSafeInteger(amount) || amount <= 0) return reject('invalid_amount', 'invalid withdrawal amount', { amount });
    const r = this.need(wallet, COLLATERAL, amount);
    if (r !== null) return r;
    this.move(wallet, COLLATERAL, -amount, 0, 'withdraw', ref);
    this.withdrawn += amount;
    this.note(wallet, 'WITHDRAWAL', now, '', COLLATERAL, -1, 0, 0, amount, ref);
    return null;
  }

  /** Collateral → one of each outcome; the collateral is locked in the market. */
  split(wallet: string, cid: string, tokens: readonly [string, string], amount: number, ref: string, now: number): Reject | null {
    if (!validSize(amount)) return reject('invalid_amount', 'amount must be a positive multiple of 0.01', { amount, lot: LOT });
    const r = this.need(wallet, COLLATERAL, amount);
    if (r !== null) return r;
    this.move(wallet, COLLATERAL, -amount, 0, 'split', ref);
    this.move(marketAccount(cid), COLLATERAL, amount, 0, 'split', ref);
    for (const o of [0, 1] as const) {
      this.move(wallet, tokens[o], amount, 0, 'split', ref);
      this.positions.buy(wallet, tokens[o], cid, o, MICRO / 2, amount);
    }
    this.note(wallet, 'SPLIT', now, cid, '', -1, 0, amount, amount, ref);
    return null;
  }

  /** One of each outcome → collateral, unlocked from the market. */
  merge(wallet: string, cid: string, tokens: readonly [string, string], amount: number, ref: string, now: number): Reject | null {
    if (!validSize(amount)) return reject('invalid_amount', 'amount must be a positive multiple of 0.01', { amount, lot: LOT });
    for (const o of [0, 1] as const) {
      const r = this.need(wallet, tokens[o], amount);
      if (r !== null) return r;
    }
    for (const o of [0, 1] as const) {
      this.move(wallet, tokens[o], -amount, 0, 'merge', ref);
      this.positions.sell(wallet, tokens[o], cid, o, MICRO / 2, amount);
    }
    this.move(marketAccount(cid), COLLATERAL, -amount, 0, 'merge', ref);
    this.move(wallet, COLLATERAL, amount, 0, 'merge', ref);
    this.note(wallet, 'MERGE', now, cid, '', -1, 0, amount, amount, ref);
    return null;
  }

  /** After resolution: every token the wallet holds pays its payout (micro per share). */
  redeem(wallet: string, cid: string, tokens: readonly [string, string], payouts: readonly [number, number], ref: string, now: number): Reject | null {
    let paid = 0;
    let shares = 0;
    for (const o of [0, 1] as const) {
      const asset = tokens[o];
      const held = this.free(wallet, asset);
      if (held === 0) continue;
      const pay = (held / LOT) * (payouts[o] / 100);
      this.move(wallet, asset, -held, 0, 'redeem', ref);
      this.positions.sell(wallet, asset, cid, o, payouts[o], held);
      paid += pay;
      shares += held;
    }
    if (shares === 0) return reject('nothing_to_redeem', 'no tokens of this market to redeem', { conditionId: cid });
    this.move(marketAccount(cid), COLLATERAL, -paid, 0, 'redeem', ref);
    this.move(wallet, COLLATERAL, paid, 0, 'redeem', ref);
    this.note(wallet, 'REDEEM', now, cid, '', -1, 0, shares, paid, ref);
    return null;
  }

  /** Records an activity row. */
  note(
    wallet: string, type: ActivityType, now: number, conditionId: string, asset: string, outcomeIndex: number,
    price: number, size: number, usdcSize: number, txHash: string, side: 'BUY' | 'SELL' | '' = '',
  ): void {
    this.activity.push({ wallet, type, timestamp: now, conditionId, asset, outcomeIndex, side, price, size, usdcSize, transactionHash: txHash });
  }

  /** Takes everything recorded since the last drain. */
  drain(): LedgerDrain {
    const out = { ledger: this.entries, positions: this.positions.drain(), activity: this.activity };
    this.entries = [];
    this.activity = [];
    return out;
  }

  private slot(wallet: string, asset: string): Balance {
    let m = this.balances.get(wallet);
    if (m === undefined) this.balances.set(wallet, (m = new Map()));
    let b = m.get(asset);
    if (b === undefined) m.set(asset, (b = { free: 0, reserved: 0 }));
    return b;
  }
}
