/**
 * The data API's kept answers follow the one freshness model (src/dataapi/service.ts): `/holders`
 * is kept under the exchange's event sequence (core generation, last committed batch) and the
 * `profiles` page version, `/activity` under the wallet's stamp and the `activity`, `markets` and
 * `profiles` page versions. A trade, a split, a profile changed by plain SQL, an activity row
 * deleted by plain SQL all show at once; an unchanged state (or a write that does not touch what
 * the answer shows) answers from the cache — SQLite and PostgreSQL.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { A, B, buildWorld, type World } from './support.js';

for (const backend of backends()) {
  describe(`data API freshness (${backend.name})`, { skip: backend.skip }, () => {
    let w: World;
    before(async () => { w = await buildWorld(backend); });
    after(async () => { await w?.svc.dispose(); });
    const hits = () => w.svc.services.cache.stats().hits;
    const holders = async () => {
      const r = await w.svc.app.inject({ url: `/holders?market=${w.m1}` });
      assert.equal(r.statusCode, 200, r.body);
      return r.body;
    };
    const amounts = (body: string) => (JSON.parse(body) as any[]).map((g) => g.holders.map((h: any) => [h.proxyWallet, h.amount, h.name]));

    it('answers an unchanged /holders from the cache, byte for byte', async () => {
      const first = await holders();
      const h0 = hits();
      assert.equal(await holders(), first);
      assert.equal(hits(), h0 + 1, 'the second answer is the kept one');
    });

    it('shows a trade and a split at once', async () => {
      await holders();
      // B's ask of 5 Yes @ 0.68 is still resting: A takes it.
      await w.run({ type: 'place', order: { wallet: A, tokenId: w.tokens[w.m1]![0], side: 'BUY', price: 680_000, size: 5_000_000, type: 'GTC' } });
      assert.deepEqual(amounts(await holders()), [[[B, 70, ''], [A, 30, 'alice']], [[B, 100, '']]]);
      await w.run({ type: 'split', wallet: A, conditionId: w.m1, amount: 2_000_000 });
      assert.deepEqual(amounts(await holders()), [[[B, 70, ''], [A, 32, 'alice']], [[B, 100, ''], [A, 2, 'alice']]]);
    });

    it('shows a profile changed by plain SQL at once', async () => {
      await holders();
      await w.svc.store.db.updateTable('profiles').set({ name: 'alicia' }).where('address', '=', A).execute();
      assert.deepEqual(amounts(await holders()).map((g) => g.map((h: any[]) => h[2])), [['', 'alicia'], ['', 'alicia']]);
      await w.svc.store.db.updateTable('profiles').set({ name: 'alice' }).where('address', '=', A).execute();
      assert.deepEqual(amounts(await holders()).map((g) => g.map((h: any[]) => h[2])), [['', 'alice'], ['', 'alice']]);
    });

    it('keeps /holders across writes that do not touch positions or profiles', async () => {
      const kept = await holders();
      await w.svc.store.db.updateTable('markets').set({ volume: 321 }).where('condition_id', '=', w.m1).execute();
      const h0 = hits();
      assert.equal(await holders(), kept);
      assert.equal(hits(), h0 + 1);
    });

    it('shows an activity row deleted by plain SQL at once (as the sandbox prunes)', async () => {
      const url = `/activity?user=${A}&sortDirection=ASC&limit=1`;
      const first = (await w.get(url)).body;
      assert.equal(first[0].type, 'DEPOSIT');
      const h0 = hits();
      assert.deepEqual((await w.get(url)).body, first);
      assert.ok(hits() > h0, 'kept');
      await w.svc.store.db.deleteFrom('activity').where('wallet', '=', A).where('type', '=', 'DEPOSIT').execute();
      assert.equal((await w.get(url)).body[0].type, 'TRADE');
    });
  });
}
