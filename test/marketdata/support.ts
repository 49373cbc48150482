/**
 * Test kit for the market-data routes: a service on a fresh database with catalog markets that
 * the exchange knows, funded wallets, and helpers that place real orders through
 * `services.exchange.submit(...)`. A settable clock drives trade times for the history tests.
 */
import { insertEvent, upsertTag, type NewMarket } from '../../src/catalog/write.js';
import type { OrderCommand } from '../../src/core/index.js';
import type { Backend } from '../support/backends.js';
import { resolveToken } from '../../src/domain/ids.js';
import { startTestService, type TestService } from '../support/service.js';

export const A = '0x1111111111111111111111111111111111111111';
export const B = '0x2222222222222222222222222222222222222222';
export const C = '0x3333333333333333333333333333333333333333';

export interface Kit {
  svc: TestService;
  clock: { now: number };
  get(url: string): Promise<{ status: number; body: any; text: string }>;
  post(url: string, payload: unknown): Promise<{ status: number; body: any; text: string }>;
  /** Creates an event with markets (catalog) and registers them with the exchange. */
  markets(specs: Array<Partial<NewMarket>>, event?: { negRisk?: boolean; tags?: string[] }): Promise<string[]>;
  /** Deposits collateral and splits `shares` of every given market for a wallet. */
  fund(wallet: string, markets: string[], shares?: number): Promise<void>;
  order(cmd: Omit<OrderCommand, 'type'> & { type?: OrderCommand['type'] }): Promise<string>;
  cancel(wallet: string, id: string): Promise<void>;
}

let seq = 0;

export async function kit(backend: Backend): Promise<Kit> {
  const clock = { now: Date.UTC(2026, 0, 10, 12, 0, 0) };
  const svc = await startTestService(backend, {}, { now: () => clock.now });
  const inject = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await svc.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
    let body: unknown;
    try { body = res.json(); } catch { body = undefined; }
    return { status: res.statusCode, body, text: res.body };
  };
  const ex = svc.services.exchange;
  return {
    svc, clock,
    get: (url) => inject('GET', url),
    post: (url, payload) => inject('POST', url, payload),
    async markets(specs, event = {}) {
      const n = ++seq;
      await upsertTag(svc.store.db, { label: 'Politics', slug: 'politics' }, clock.now);
      await upsertTag(svc.store.db, { label: 'Elections', slug: 'elections' }, clock.now);
      const created = await insertEvent(svc.store.db, {
        slug: `event-${n}-${Math.random().toString(36).slice(2)}`, title: `Event ${n}`, description: 'An event', negRisk: event.negRisk,
        tags: event.tags ?? ['politics'],
        markets: specs.map((s, i) => ({ question: `Question ${n}.${i}?`, slug: `q-${n}-${i}-${Math.random().toString(36).slice(2)}`, ...s })),
      }, clock.now);
      const ids = created.markets.map((m) => m.conditionId);
      for (const id of ids) await ex.syncMarket(id);
      return ids;
    },
    async fund(wallet, markets, shares = 1000) {
      await ex.submit({ type: 'deposit', wallet, amount: 100_000 * 1_000_000 });
      for (const m of markets) {
        const r = await ex.submit({ type: 'split', wallet, conditionId: m, amount: shares * 1_000_000 });
        if (!r.ok) throw new Error(`split failed: ${r.reject.message}`);
      }
    },
    async order(cmd) {
      // A test may name a token by the input alias `<cid>:<index>`; the core takes the token id.
      const r = await ex.submit({ type: 'place', order: { type: 'GTC', ...cmd, tokenId: resolveToken(ex.core, cmd.tokenId)?.tokenId ?? cmd.tokenId } });
      if (!r.ok) throw new Error(`order rejected: ${r.reject.message}`);
      return r.order.id;
    },
    async cancel(wallet, id) {
      const r = await ex.submit({ type: 'cancel', wallet, orderIds: [id] });
      if (r.canceled.length !== 1) throw new Error(`cancel failed: ${JSON.stringify(r.notCanceled)}`);
    },
  };
}

export const micro = (decimal: number): number => Math.round(decimal * 1_000_000);
