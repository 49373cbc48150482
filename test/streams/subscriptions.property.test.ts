/**
 * Subscription bookkeeping under random interleavings (issue #39, item 3), over real sockets:
 * several market-channel sockets sharing assets of three markets send random sequences of
 * subscribe / unsubscribe / resync back to back (so the server reads them in the same tick,
 * while books are still being acquired), and each socket must end up holding exactly what a
 * model of its messages says: a `resync` of everything held returns a `book` for exactly those
 * tokens, and a trade on each market reaches exactly the sockets holding one of its tokens.
 * Once, `subscribe [A,B]` + `unsubscribe [A]` in one tick lost B for good (no book, no events,
 * and a new subscribe of B did nothing).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { newMarket } from '../trading/kit.js';
import { Client, liveService, place, trader, type LiveService, type Trader } from './kit.js';
import { backends } from '../support/backends.js';

const SOCKETS = 3;

type Op = { sock: number; op: 'subscribe' | 'unsubscribe' | 'resync'; assets: number[] };

for (const backend of backends().slice(0, 1)) {
  describe(`market subscriptions match a model under random interleavings (${backend.name})`, () => {
    let svc: LiveService;
    const tokens: string[] = [];
    const cids: string[] = [];
    let alice: Trader;

    before(async () => {
      svc = await liveService(backend);
      for (let i = 0; i < 3; i++) {
        const cid = await newMarket(svc);
        cids.push(cid);
        tokens.push(...svc.services.exchange.core.tokenIds(cid)!);
      }
      alice = await trader(svc);
    });
    after(async () => { await svc?.dispose(); });

    /** The tokens a socket's latest full resync answered, retried until it matches `want` (or the deadline). */
    async function settle(c: Client, want: Set<string>): Promise<Set<string>> {
      let got = new Set<string>();
      const deadline = Date.now() + 3000;
      while (Date.now() < deadline) {
        const from = c.frames.length;
        c.send({ operation: 'resync' });
        await c.until(() => c.frames.slice(from).some((f) => Array.isArray(f)), 'a resync answer', 2000);
        await new Promise((r) => setTimeout(r, 30));
        const arrays = c.frames.slice(from).filter((f): f is Array<Record<string, unknown>> => Array.isArray(f));
        got = new Set(arrays[arrays.length - 1]!.map((e) => String(e.asset_id)));
        if (got.size === want.size && [...want].every((t) => got.has(t))) return got;
        await new Promise((r) => setTimeout(r, 50));
      }
      return got;
    }

    it('each socket holds what its messages say, and hears exactly its markets', async () => {
      const asset = fc.integer({ min: 0, max: 5 });
      const op = fc.record({
        sock: fc.integer({ min: 0, max: SOCKETS - 1 }),
        op: fc.constantFrom('subscribe', 'unsubscribe', 'unsubscribe', 'resync') as fc.Arbitrary<Op['op']>,
        assets: fc.uniqueArray(asset, { minLength: 1, maxLength: 3 }),
      });
      const firsts = fc.array(fc.uniqueArray(asset, { minLength: 1, maxLength: 3 }), { minLength: SOCKETS, maxLength: SOCKETS });
      let price = 10;
      await fc.assert(fc.asyncProperty(firsts, fc.array(op, { minLength: 1, maxLength: 14 }), async (first, ops) => {
        const socks = await Promise.all(Array.from({ length: SOCKETS }, () => Client.open(`${svc.url}/ws/market`)));
        try {
          const model = first.map((a) => new Set(a.map((i) => tokens[i]!)));
          // Everything is sent at once: the server reads these within a tick or two of each other.
          socks.forEach((c, i) => c.send({ type: 'market', assets_ids: first[i]!.map((a) => tokens[a]) }));
          for (const o of ops) {
            const ids = o.assets.map((a) => tokens[a]!);
            socks[o.sock]!.send({ operation: o.op, assets_ids: ids });
            if (o.op === 'subscribe') for (const t of ids) model[o.sock]!.add(t);
            if (o.op === 'unsubscribe') for (const t of ids) model[o.sock]!.delete(t);
          }
          for (const [i, c] of socks.entries()) {
            const got = await settle(c, model[i]!);
            assert.deepEqual([...got].sort(), [...model[i]!].sort(), `socket ${i} holds ${[...got].map((t) => tokens.indexOf(t))}, model ${[...model[i]!].map((t) => tokens.indexOf(t))}; ops ${JSON.stringify(first)} ${JSON.stringify(ops)}`);
          }
          // A change on every market reaches exactly the sockets holding one of its tokens.
          const marks = socks.map((c) => c.frames.length);
          price = price >= 40 ? 10 : price + 1;
          for (let m = 0; m < cids.length; m++) await place(svc, alice, tokens[2 * m]!, 'BUY', `0.${price}`, '5');
          await new Promise((r) => setTimeout(r, 150));
          for (const [i, c] of socks.entries()) {
            const heard = new Set(c.frames.slice(marks[i]).flatMap((f) => (Array.isArray(f) ? f : [f]))
              .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null && e.event_type === 'price_change')
              .map((e) => String(e.market)));
            const want = new Set(cids.filter((_, m) => model[i]!.has(tokens[2 * m]!) || model[i]!.has(tokens[2 * m + 1]!)));
            assert.deepEqual([...heard].sort(), [...want].sort(), `socket ${i}: markets heard`);
          }
        } finally {
          for (const c of socks) c.close();
        }
      }), { numRuns: 30, endOnFailure: true });
    });
  });
}
