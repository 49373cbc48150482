/**
 * A random order workload on two markets, on both stores, watched by three market-channel
 * clients (real sockets from the start and from the middle of the load, and fastify's
 * `injectWS`): each asset's `seq` goes up by exactly one per distinct value, and a book rebuilt
 * from the initial dump plus every event equals REST /book at the end (levels and hash).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { tokenIdsOf } from '../support/tokens.js';
import { floats as prng } from '../../src/domain/prng.js';
import { newMarket } from '../trading/kit.js';
import { BookKeeper, cancel, Client, liveService, place, restBook, trader } from './kit.js';

for (const backend of backends()) {
  describe(`market channel under a random workload (${backend.name})`, { skip: backend.skip }, () => {
    it('keeps seq gapless per asset and rebuilt books equal to REST /book', async () => {
      const svc = await liveService(backend);
      const clients: Client[] = [];
      try {
        const markets = [await newMarket(svc), await newMarket(svc)];
        const assets = (await Promise.all(markets.map((m) => tokenIdsOf(svc, m)))).flat();
        const traders = [await trader(svc, '100000'), await trader(svc, '100000'), await trader(svc, '100000')];
        const subscribe = { type: 'market', assets_ids: assets };
        const early = await Client.open(`${svc.url}/ws/market`);
        const injected = Client.wrap(await svc.app.injectWS('/ws/market'));
        clients.push(early, injected);
        early.send(subscribe);
        injected.send(subscribe);
        await early.frame(0); await injected.frame(0);
        const rand = prng(7);
        const open: Array<{ who: number; id: string }> = [];
        let late: Client | undefined;
        for (let round = 0; round < 30; round++) {
          if (round === 12) { late = await Client.open(`${svc.url}/ws/market`); clients.push(late); late.send(subscribe); }
          await Promise.all(Array.from({ length: 5 }, async () => {
            const who = Math.floor(rand() * traders.length);
            if (open.length > 0 && rand() < 0.3) {
              const [o] = open.splice(Math.floor(rand() * open.length), 1);
              await cancel(svc, traders[o!.who]!, o!.id);
              return;
            }
            const token = assets[Math.floor(rand() * assets.length)]!;
            const price = (0.3 + Math.floor(rand() * 40) / 100).toFixed(2);
            const size = String(5 + Math.floor(rand() * 15));
            const r = await place(svc, traders[who]!, token, 'BUY', price, size);
            if (r.status === 'live') open.push({ who, id: r.orderID });
          }));
        }
        for (const c of clients) {
          const keeper = new BookKeeper();
          for (const asset of assets) {
            const rest = await restBook(svc, asset);
            await c.until(() => { keeper.consume(c); return keeper.books.get(asset)?.hash === rest.hash; }, `${asset} to reach REST's hash`);
            assert.deepEqual(keeper.levels(asset), { bids: rest.bids, asks: rest.asks });
            const seqs = keeper.books.get(asset)!.seqs;
            assert.ok(seqs.length > 3, `${asset} moved (${seqs.length} seqs)`);
            seqs.forEach((s, i) => { if (i > 0) assert.equal(s, seqs[i - 1]! + 1, `${asset}: seq ${seqs[i - 1]} then ${s}`); });
          }
        }
      } finally {
        for (const c of clients) c.close();
        await svc.dispose();
      }
    });
  });
}
