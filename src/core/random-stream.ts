/**
 * Seeded random command streams over several wallets and markets (orders of every type, cancels,
 * splits, merges, deposits, withdrawals, expiries after clock moves, tick changes, resolutions and
 * redemptions), for property tests: the core's own commands (commands.ts), each with its time and
 * a seed drawn from the stream, so one stream replays on two exchanges exactly.
 */

import { MICRO } from '../domain/money.js';
import type { ExchangeCore } from './exchange.js';
import type { Command, CommandBody } from './commands.js';
import type { MarketSettings, OrderCommand } from './types.js';
import { tokensOf } from './test-kit.js';

export const WALLETS = ['0x01', '0x02', '0x03', '0x04'];
export const MARKETS: MarketSettings[] = [
  { conditionId: '0xm1', tokenIds: tokensOf('0xm1'), tickSize: 10_000 },
  { conditionId: '0xm2', tokenIds: tokensOf('0xm2'), tickSize: 1_000, makerBaseFeeBps: 20, takerBaseFeeBps: 50, minOrderSize: MICRO },
  { conditionId: '0xm3', tokenIds: tokensOf('0xm3'), tickSize: 100_000, takerBaseFeeBps: 1000, minOrderSize: MICRO },
];

export { floats as prng } from '../domain/prng.js';

/** The stream's time: commands carry it; an expiry moves it on. */
export interface StreamClock { now(): number; advance(ms: number): void }

/**
 * Draws the next command at the clock's time (an expiry first moves the clock on), looking at
 * `ex` only to pick existing orders to cancel and a market's tick.
 */
export function nextCommand(r: () => number, ex: ExchangeCore, clock: StreamClock): Command {
  const body = nextBody(r, ex, clock);
  const seed = Array.from({ length: 13 }, () => Math.floor(r() * 0x10000).toString(16).padStart(4, '0')).join('');
  return { ...body, at: clock.now(), seed } as Command;
}

function nextBody(r: () => number, ex: ExchangeCore, clock: StreamClock): CommandBody {
  const nowMs = clock.now();
  const int = (n: number) => Math.floor(r() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const wallet = pick(WALLETS);
  const m = pick(MARKETS);
  const cid = m.conditionId;
  const x = r();
  if (x < 0.04) return { type: 'deposit', wallet, amount: (1 + int(500)) * MICRO };
  if (x < 0.05) return { type: 'withdraw', wallet, amount: (1 + int(50)) * MICRO };
  if (x < 0.1) return { type: 'split', wallet, conditionId: cid, amount: (1 + int(3000)) * 10_000 };
  if (x < 0.13) return { type: 'merge', wallet, conditionId: cid, amount: (1 + int(1000)) * 10_000 };
  if (x < 0.135) return { type: 'redeem', wallet, conditionId: cid };
  if (x < 0.15) {
    clock.advance(int(90_000));
    return { type: 'expire' };
  }
  if (x < 0.152) return { type: 'settings', market: { conditionId: cid, tickSize: pick([100_000, 10_000, 1_000, 100]) } };
  if (x < 0.1522) return { type: 'resolve', conditionId: cid, payouts: pick([[MICRO, 0], [0, MICRO], [MICRO / 2, MICRO / 2]] as [number, number][]) };
  if (x < 0.19) {
    const open = ex.openOrders(wallet);
    if (open.length > 0) return { type: 'cancel', wallet, orderIds: [pick(open).id] };
  }
  if (x < 0.191) return { type: 'cancel-all', wallet };
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
  return { type: 'place', order: cmd };
}
