/**
 * A real third-party client, unmodified: `@nevuamarkets/poly-websockets` (npm) keeps its own
 * order-book cache from the market channel. Its URL is a constant (the real venue's host), so
 * the test points it at Sibyl the way DNS would: the `ws` module it loads is replaced, before it
 * loads, by a subclass that connects to this service instead of that host. Its code and its
 * protocol handling are untouched. While orders are placed and cancelled, its cache ends equal
 * to REST /book on both tokens, and it reports no error.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { backends } from '../support/backends.js';
import { tokenIdsOf } from '../support/tokens.js';
import { floats } from '../../src/domain/prng.js';
import { newMarket } from '../trading/kit.js';
import { cancel, liveService, place, restBook, trader } from './kit.js';

const REAL_HOST = 'wss://ws-subscriptions-clob.polymarket.com';

/** Loads the client with its `ws` connecting to `base` instead of the real venue. */
function loadClient(base: { url: string }) {
  const requireFromLib = createRequire(createRequire(import.meta.url).resolve('@nevuamarkets/poly-websockets'));
  const wsPath = requireFromLib.resolve('ws');
  const WebSocket = requireFromLib('ws');
  class Redirected extends WebSocket {
    constructor(url: string, ...rest: unknown[]) { super(String(url).replace(REAL_HOST, base.url), ...rest); }
  }
  const cached = requireFromLib.cache[wsPath]!;
  const original = cached.exports;
  cached.exports = Redirected;
  try {
    return requireFromLib('@nevuamarkets/poly-websockets') as typeof import('@nevuamarkets/poly-websockets');
  } finally {
    cached.exports = original;
  }
}

/** Where the client connects: one load of the module (it keeps its `ws`), the target set per test. */
const target = { url: '' };
const { WSSubscriptionManager } = loadClient(target);

for (const backend of backends()) {
  describe(`@nevuamarkets/poly-websockets against Sibyl (${backend.name})`, { skip: backend.skip }, () => {
    it('keeps a book equal to REST /book while orders are placed and cancelled', async () => {
      const svc = await liveService(backend);
      target.url = svc.url;
      const errors: string[] = [];
      const manager = new WSSubscriptionManager({ onError: async (e: Error) => { errors.push(e.message); } }, { reconnectAndCleanupIntervalMs: 1000, pendingFlushIntervalMs: 20 });
      try {
        const cid = await newMarket(svc);
        const cidTokens = await tokenIdsOf(svc, cid);
        const assets = [cidTokens[0], cidTokens[1]];
        const [alice, bob] = [await trader(svc, '100000'), await trader(svc, '100000')];
        await place(svc, alice, assets[0]!, 'BUY', '0.45', '10');
        await manager.addSubscriptions(assets);
        const cache = (manager as unknown as { bookCache: { getBookEntry(a: string): { bids: unknown[]; asks: unknown[] } | null } }).bookCache;
        const equal = async () => {
          for (const a of assets) {
            const rest = await restBook(svc, a);
            const mine = cache.getBookEntry(a);
            if (mine === null) return false;
            if (JSON.stringify([mine.bids, mine.asks]) !== JSON.stringify([rest.bids, rest.asks])) return false;
          }
          return true;
        };
        const settle = async (what: string) => {
          const deadline = Date.now() + 8000;
          while (!(await equal())) {
            if (Date.now() > deadline) {
              throw new Error(`${what}: client ${JSON.stringify(assets.map((a) => cache.getBookEntry(a)))} REST ${JSON.stringify(await Promise.all(assets.map((a) => restBook(svc, a))))}`);
            }
            await new Promise((r) => setTimeout(r, 25));
          }
        };
        await settle('initial book');
        const rand = floats(11);
        const open: Array<{ t: typeof alice; id: string }> = [];
        for (let i = 0; i < 40; i++) {
          const t = rand() < 0.5 ? alice : bob;
          if (open.length > 0 && rand() < 0.35) {
            const [o] = open.splice(Math.floor(rand() * open.length), 1);
            await cancel(svc, o!.t, o!.id);
          } else {
            const r = await place(svc, t, assets[rand() < 0.5 ? 0 : 1]!, 'BUY', (0.35 + Math.floor(rand() * 30) / 100).toFixed(2), String(5 + Math.floor(rand() * 10)));
            if (r.status === 'live') open.push({ t, id: r.orderID });
          }
          if (i % 10 === 9) await settle(`after ${i + 1} orders and cancels`);
        }
        await place(svc, bob, assets[1]!, 'BUY', '0.05', '5'); // one level sure to rest
        await settle('at the end');
        assert.ok((await restBook(svc, assets[0]!) as { asks: unknown[] }).asks.length > 0, 'the book is not empty');
        assert.deepEqual(errors, []);
      } finally {
        await manager.clearState();
        await svc.dispose();
      }
    });
  });
}
