/**
 * Test kit for the durable exchange: a fresh database of a backend with N catalog markets, and
 * a seeded random workload of orders, cancels, splits and merges over a few wallets.
 */
import { openStore, type Store } from '../../src/store/db.js';
import { migrateToLatest } from '../../src/store/migrate.js';
import { insertEvent, upsertTag } from '../../src/catalog/write.js';
import type { Backend } from '../support/backends.js';
import type { Config } from '../../src/config/config.js';
import type { CommandBody, CommandResult, ExchangeCore, OrderCommand } from '../../src/core/index.js';

export async function freshStore(backend: Backend): Promise<{ store: Store; config: Config; reopen(): Store; dispose(): Promise<void> }> {
  const { config, dispose } = await backend.fresh();
  const open = () => openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const store = open();
  await migrateToLatest(store);
  return { store, config, reopen: open, dispose };
}

export async function addMarkets(store: Store, n: number): Promise<string[]> {
  const now = Date.UTC(2026, 0, 1);
  await upsertTag(store.db, { label: 'Test', slug: 'test' }, now);
  const created = await insertEvent(store.db, {
    slug: `ev-${Math.random().toString(36).slice(2)}`, title: 'Test event', tags: ['test'],
    markets: Array.from({ length: n }, (_, i) => ({ question: `Q${i}?`, slug: `q-${i}-${Math.random().toString(36).slice(2)}` })),
  }, now);
  return created.markets.map((m) => m.conditionId);
}

export const WALLETS = ['0x1111111111111111111111111111111111111111', '0x2222222222222222222222222222222222222222', '0x3333333333333333333333333333333333333333', '0x4444444444444444444444444444444444444444'];

export { floats as prng } from '../../src/domain/prng.js';

/**
 * One random command against the exchange, built from the core as it is now (the token ids of a
 * market, a wallet's open orders): submit it at once, before anything else changes the core.
 * `label` names what it does, for messages.
 */
export function randomCommand(rand: () => number, markets: string[], core: ExchangeCore): { command: CommandBody; label: string } {
  const wallet = WALLETS[Math.floor(rand() * WALLETS.length)]!;
  const market = markets[Math.floor(rand() * markets.length)]!;
  const roll = rand();
  if (roll < 0.1) return { command: { type: 'split', wallet, conditionId: market, amount: 10_000_000 }, label: 'split' };
  if (roll < 0.15) return { command: { type: 'merge', wallet, conditionId: market, amount: 5_000_000 }, label: 'merge' };
  if (roll < 0.3) {
    const open = core.openOrders(wallet);
    const target = open[Math.floor(rand() * Math.max(1, open.length))];
    return { command: { type: 'cancel', wallet, orderIds: target ? [target.id] : [] }, label: 'cancel' };
  }
  const outcome = rand() < 0.5 ? 0 : 1;
  const order: OrderCommand = {
    wallet,
    tokenId: core.tokenIds(market)?.[outcome] ?? `${market}:${outcome}`,
    side: rand() < 0.5 ? 'BUY' : 'SELL',
    price: (20 + Math.floor(rand() * 60)) * 10_000,
    size: (5 + Math.floor(rand() * 20)) * 1_000_000,
    type: rand() < 0.85 ? 'GTC' : rand() < 0.5 ? 'FAK' : 'FOK',
  };
  return { command: { type: 'place', order }, label: 'place' };
}

/** The id of the order a command's result placed, if it placed one. */
export function placedId(result: CommandResult): string | null {
  return 'order' in result && result.ok ? result.order.id : null;
}
