/**
 * Seeded random command streams over several wallets and markets (orders of every type, cancels,
 * splits, merges, deposits, withdrawals, clock moves, tick changes, resolutions and redemptions),
 * for property tests and recovery tests. A command is plain data so one stream can be replayed
 * against two exchanges.
 */

import { MICRO } from '../domain/money.js';
import type { ExchangeCore } from './exchange.js';
import type { MarketSettings, OrderCommand } from './types.js';
import { tokensOf } from './test-kit.js';

export type Command =
  | { kind: 'order'; cmd: OrderCommand }
  | { kind: 'cancel'; wallet: string; id: string }
  | { kind: 'cancelAll'; wallet: string }
  | { kind: 'deposit' | 'withdraw'; wallet: string; amount: number }
  | { kind: 'split' | 'merge'; wallet: string; cid: string; amount: number }
  | { kind: 'redeem'; wallet: string; cid: string }
  | { kind: 'advance'; ms: number }
  | { kind: 'tick'; cid: string; tick: number }
  | { kind: 'resolve'; cid: string; payouts: [number, number] };

export const WALLETS = ['0x01', '0x02', '0x03', '0x04'];
export const MARKETS: MarketSettings[] = [
  { conditionId: '0xm1', tokenIds: tokensOf('0xm1'), tickSize: 10_000 },
  { conditionId: '0xm2', tokenIds: tokensOf('0xm2'), tickSize: 1_000, makerBaseFeeBps: 20, takerBaseFeeBps: 50, minOrderSize: MICRO },
  { conditionId: '0xm3', tokenIds: tokensOf('0xm3'), tickSize: 100_000, takerBaseFeeBps: 1000, minOrderSize: MICRO },
];

export { floats as prng } from '../domain/prng.js';

/** Draws the next command, looking at `ex` only to pick existing orders to cancel. */
export function nextCommand(r: () => number, ex: ExchangeCore, nowMs: number): Command {
  const int = (n: number) => Math.floor(r() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const wallet = pick(WALLETS);
  const m = pick(MARKETS);
  const cid = m.conditionId;
  const x = r();
  if (x < 0.04) return { kind: 'deposit', wallet, amount: (1 + int(500)) * MICRO };
  if (x < 0.05) return { kind: 'withdraw', wallet, amount: (1 + int(50)) * MICRO };
  if (x < 0.1) return { kind: 'split', wallet, cid, amount: (1 + int(3000)) * 10_000 };
  if (x < 0.13) return { kind: 'merge', wallet, cid, amount: (1 + int(1000)) * 10_000 };
  if (x < 0.135) return { kind: 'redeem', wallet, cid };
  if (x < 0.15) return { kind: 'advance', ms: int(90_000) };
  if (x < 0.152) return { kind: 'tick', cid, tick: pick([100_000, 10_000, 1_000, 100]) };
  if (x < 0.1522) return { kind: 'resolve', cid, payouts: pick([[MICRO, 0], [0, MICRO], [MICRO / 2, MICRO / 2]] as [number, number][]) };
  if (x < 0.19) {
    const open = ex.openOrders(wallet);
    if (open.length > 0) return { kind: 'cancel', wallet, id: pick(open).id };
  }
  if (x < 0.191) return { kind: 'cancelAll', wallet };
  const tick = ex.market(cid)?.tickSize ?? m.tickSize;
  const ticks = MICRO / tick;
  const mid = Math.floor(ticks / 2);
  const price = Math.min(ticks - 1, Math.max(1, mid + int(Math.max(3, ticks / 5)) - Math.floor(Math.max(3, ticks / 5) / 2))) * tick;
  const t = r();
  const type = t < 0.55 ? 'GTC' : t < 0.7 ? 'GTD' : t < 0.85 ? 'FOK' : 'FAK';
  const side = r() < 0.5 ? 'BUY' : 'SELL';
  const cmd: OrderCommand = { wallet, tokenId: tokensOf(cid)[int(2)]!, side, price, type, size: (1 + int(2000)) * 10_000 };
  if (type === 'GTD') cmd.expiration = Math.floor(nowMs / 1000) + 1 + int(300);
  if (type !== 'GTC' && type !== 'GTD' && side === 'BUY' && r() < 0.4) {
    delete cmd.size;
    cmd.amount = (1 + int(3000)) * 10_000;
  }
  if ((type === 'GTC' || type === 'GTD') && r() < 0.1) cmd.postOnly = true;
  return { kind: 'order', cmd };
}

/** Applies a command; returns its result (effects included) for comparison. */
export function applyCommand(ex: ExchangeCore, c: Command, clock: { now(): number; advance(ms: number): void }): unknown {
  switch (c.kind) {
    case 'order': return ex.placeOrder(c.cmd);
    case 'cancel': return ex.cancelOrder(c.wallet, c.id);
    case 'cancelAll': return ex.cancelAll(c.wallet);
    case 'deposit': return ex.deposit(c.wallet, c.amount);
    case 'withdraw': return ex.withdraw(c.wallet, c.amount);
    case 'split': return ex.split(c.wallet, c.cid, c.amount);
    case 'merge': return ex.merge(c.wallet, c.cid, c.amount);
    case 'redeem': return ex.redeem(c.wallet, c.cid);
    case 'advance':
      clock.advance(c.ms);
      return ex.expireDue(clock.now());
    case 'tick': return ex.updateMarket({ conditionId: c.cid, tickSize: c.tick });
    case 'resolve': return ex.resolve(c.cid, c.payouts);
  }
}
