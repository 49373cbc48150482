/**
 * Test kit for the durable exchange: a fresh database of a backend with N catalog markets, and
 * a seeded random workload of orders, cancels, splits and merges over a few wallets.
 */
import { openStore, type Store } from '../../src/store/db.js';
import { migrateToLatest } from '../../src/store/migrate.js';
import { insertEvent, upsertTag } from '../../src/catalog/write.js';
import type { Backend } from '../support/backends.js';
import type { Config } from '../../src/config/config.js';
import type { ExchangeCore, OrderCommand } from '../../src/core/index.js';

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

/** One random command against the exchange; returns a label of what it did. */
export function randomCommand(rand: () => number, markets: string[]): (ex: ExchangeCore) => { effects: import('../../src/core/index.js').Effects; label: string } {
  const wallet = WALLETS[Math.floor(rand() * WALLETS.length)]!;
  const market = markets[Math.floor(rand() * markets.length)]!;
  const roll = rand();
  if (roll < 0.1) return (ex) => ({ ...ex.split(wallet, market, 10_000_000), label: 'split' });
  if (roll < 0.15) return (ex) => ({ ...ex.merge(wallet, market, 5_000_000), label: 'merge' });
  if (roll < 0.3) {
    return (ex) => {
      const open = ex.openOrders(wallet);
      const target = open[Math.floor(rand() * Math.max(1, open.length))];
      return { ...ex.cancelOrders(wallet, target ? [target.id] : []), label: 'cancel' };
    };
  }
  const outcome = rand() < 0.5 ? 0 : 1;
  const cmd: OrderCommand = {
    wallet,
    tokenId: '', // the market's token id, read from the core when the command runs
    side: rand() < 0.5 ? 'BUY' : 'SELL',
    price: (20 + Math.floor(rand() * 60)) * 10_000,
    size: (5 + Math.floor(rand() * 20)) * 1_000_000,
    type: rand() < 0.85 ? 'GTC' : rand() < 0.5 ? 'FAK' : 'FOK',
  };
  return (ex) => {
    const r = ex.placeOrder({ ...cmd, tokenId: ex.tokenIds(market)?.[outcome] ?? `${market}:${outcome}` });
    return { effects: r.effects, label: r.ok ? `order ${r.order.id}` : `reject ${r.reject.code}` };
  };
}
