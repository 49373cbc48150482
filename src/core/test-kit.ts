/**
 * Test helpers shared by the core tests: a fresh exchange with one market and funded wallets,
 * decimal shorthands, and effect-shape checks (every trade's makers appear among changed orders,
 * a command's collateral entries net to deposits − withdrawals).
 */

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { parseMicro } from '../domain/money.js';
import { COLLATERAL } from '../ledger/types.js';
import { ExchangeCore } from './exchange.js';
import { counterIds, manualClock } from './ids.js';
import { checkInvariants } from './invariants.js';
import type { Effects, MarketSettings, OrderCommand, PlaceResult } from './types.js';

/**
 * A market's two token ids for the pure core's tests and benchmarks: uint256 decimals of a
 * position id's length, one hash each (the core treats a token id as an opaque string; deriving
 * the real ones costs ~0.3 ms an id: src/domain/ctf-ids.ts).
 */
export function tokensOf(conditionId: string): [string, string] {
  const id = (o: number) => BigInt(`0x${createHash('sha256').update(`${conditionId}:${o}`).digest('hex')}`).toString(10);
  return [id(0), id(1)];
}

export const CID = '0xc1';
export const [T0, T1] = tokensOf(CID);
export const A = '0xaaaa';
export const B = '0xbbbb';
export const C = '0xcccc';

/** "0.55" → 550000 (tests only). */
export function u(text: string): number {
  const v = parseMicro(text);
  if (v === null) throw new Error(`bad decimal ${text}`);
  return v;
}

export function setup(settings: Partial<MarketSettings> = {}, funds = '1000') {
  const clock = manualClock(1_700_000_000_000);
  const ids = counterIds();
  const ex = new ExchangeCore(clock, ids);
  assert.equal(ex.createMarket({ conditionId: CID, tokenIds: tokensOf(settings.conditionId ?? CID), tickSize: 10_000, ...settings }).ok, true);
  for (const w of [A, B, C]) ex.deposit(w, u(funds));
  return { ex, clock, ids };
}

export function order(wallet: string, tokenId: string, side: 'BUY' | 'SELL', price: string, size: string, extra: Partial<OrderCommand> = {}): OrderCommand {
  return { wallet, tokenId, side, price: u(price), size: u(size), type: 'GTC', ...extra };
}

/** Places an order, checks invariants and effect shape, and demands success. */
export function ok(ex: ExchangeCore, cmd: OrderCommand): Extract<PlaceResult, { ok: true }> {
  const r = ex.placeOrder(cmd);
  checkInvariants(ex);
  checkEffects(r.effects);
  if (!r.ok) assert.fail(`rejected: ${JSON.stringify(r.reject)}`);
  return r;
}

export function checkEffects(e: Effects): void {
  const orders = new Set(e.orders.map((o) => o.id));
  for (const t of e.trades) {
    assert.ok(orders.has(t.takerOrderId), 'taker order in effects');
    assert.equal(t.makers.reduce((a, m) => a + m.matchedAmount, 0), t.size, 'makers sum to taker size');
    for (const m of t.makers) assert.ok(orders.has(m.orderId), 'maker order in effects');
  }
  const net = e.ledger.filter((l) => l.asset === COLLATERAL).reduce((a, l) => a + l.free + l.reserved, 0);
  const ext = e.ledger.filter((l) => l.kind === 'deposit' || l.kind === 'withdraw').reduce((a, l) => a + l.free, 0);
  assert.equal(net, ext, 'collateral entries net to deposits − withdrawals');
}

export function bal(ex: ExchangeCore, w: string, asset: string): [number, number] {
  const b = ex.balance(w, asset);
  return [b.free, b.reserved];
}
