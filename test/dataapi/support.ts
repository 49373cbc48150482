/**
 * A small, hand-checkable world for the data API tests, built with real exchange commands
 * (deposits, a split, orders that trade, resting quotes) on a fresh service:
 *
 *   M1 "Will it rain in Paris?" (Yes/No): B splits 100; A buys 10 Yes @ 0.40 and 30 @ 0.60
 *      (avg 0.55), then sells 15 @ 0.70 (realized 2.25); B quotes 0.62 / 0.68 (mid 0.65).
 *   M2 "Apple stock up?" (Up/Down, no book): A splits 5 (both outcomes at 0.50: mergeable).
 *
 * The clock moves one minute per step, so activity timestamps are distinct and known.
 */
import assert from 'node:assert/strict';
import { getAddress } from 'viem';
import type { Backend } from '../support/backends.js';
import { startTestService, type TestService } from '../support/service.js';
import { tokenIdsOf } from '../support/tokens.js';
import { insertEvent, upsertProfile } from '../../src/catalog/write.js';
import type { CommandBody, ResultOf } from '../../src/core/index.js';

export const A = getAddress('0xabcdefabcdefabcdefabcdefabcdefabcdef0001');
export const B = getAddress('0xfedcbafedcbafedcbafedcbafedcbafedcba0002');
export const T0 = Date.UTC(2026, 1, 1, 12, 0, 0);
export const STEP = 60_000;
export const M1_END = Date.UTC(2026, 5, 1);
export const M2_END = Date.UTC(2026, 2, 1);

export interface World {
  svc: TestService;
  m1: string;
  m2: string;
  /** Each market's token ids (the position ids of outcome 0 and 1). */
  tokens: Record<string, [string, string]>;
  /** Unix seconds of each named step. */
  at: Record<string, number>;
  /** Submits a command to the exchange; asserts it was not rejected. */
  run<C extends CommandBody>(cmd: C): Promise<ResultOf[C['type']]>;
  get(url: string, remoteAddress?: string): Promise<{ status: number; body: any }>;
  tick(): number;
}

export async function buildWorld(backend: Backend, env: Record<string, string> = {}): Promise<World> {
  let now = T0;
  const svc = await startTestService(backend, env, { now: () => now });
  const db = svc.store.db;
  const ev = await insertEvent(db, {
    slug: 'weather-and-stocks', title: 'Weather and stocks', icon: 'https://img.example/event.png', negRisk: false,
    markets: [
      { question: 'Will it rain in Paris?', slug: 'rain-paris', icon: 'https://img.example/rain.png', endDate: M1_END },
      { question: 'Apple stock up?', slug: 'apple-up', outcomes: ['Up', 'Down'], endDate: M2_END },
    ],
  }, now);
  const [m1, m2] = ev.markets.map((m) => m.conditionId) as [string, string];
  for (const m of [m1, m2]) await svc.services.exchange.syncMarket(m);
  await upsertProfile(db, { address: A, name: 'alice', pseudonym: 'Amber-Fox', bio: 'hi', profileImage: 'https://img.example/a.png' }, now);

  const run: World['run'] = async (cmd) => {
    const r = await svc.services.exchange.submit(cmd);
    assert.notEqual((r as { ok?: boolean }).ok, false, `command rejected: ${JSON.stringify((r as { reject?: unknown }).reject)}`);
    return r;
  };
  const at: Record<string, number> = {};
  const tick = () => (now += STEP);
  const step = async (name: string, cmd: CommandBody) => {
    tick();
    at[name] = Math.floor(now / 1000);
    await run(cmd);
  };
  const order = (owner: string, token: string, side: 'BUY' | 'SELL', price: number, shares: number): CommandBody =>
    ({ type: 'place', order: { wallet: owner, tokenId: token, side, price, size: shares * 1_000_000, type: 'GTC' } });
  const tokens = { [m1]: await tokenIdsOf(svc, m1), [m2]: await tokenIdsOf(svc, m2) };
  const yes = tokens[m1]![0];

  await step('depositA', { type: 'deposit', wallet: A, amount: 1_000_000_000 });
  await step('depositB', { type: 'deposit', wallet: B, amount: 1_000_000_000 });
  await step('splitB', { type: 'split', wallet: B, conditionId: m1, amount: 100_000_000 });
  await step('ask40', order(B, yes, 'SELL', 400_000, 10));
  await step('buy40', order(A, yes, 'BUY', 400_000, 10));
  await step('ask60', order(B, yes, 'SELL', 600_000, 30));
  await step('buy60', order(A, yes, 'BUY', 600_000, 30));
  await step('bid70', order(B, yes, 'BUY', 700_000, 15));
  await step('sell70', order(A, yes, 'SELL', 700_000, 15));
  await step('bid62', order(B, yes, 'BUY', 620_000, 5));
  await step('ask68', order(B, yes, 'SELL', 680_000, 5));
  await step('splitA', { type: 'split', wallet: A, conditionId: m2, amount: 5_000_000 });

  const get: World['get'] = async (url, remoteAddress) => {
    const res = await svc.app.inject({ url, ...(remoteAddress ? { remoteAddress } : {}) });
    return { status: res.statusCode, body: res.json() };
  };
  return { svc, m1, m2, tokens, at, run, get, tick };
}
