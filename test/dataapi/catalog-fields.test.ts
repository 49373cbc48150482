/**
 * The data API's catalog fields follow the catalog: a market's question, slug or icon changed by
 * any writer (here a plain SQL update, as an importer or another process would write it) shows
 * in the next `/activity` and `/positions` answer, although both were kept before (the
 * `markets` page version, migration 0024) — SQLite and PostgreSQL.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { A, buildWorld, type World } from './support.js';

for (const backend of backends()) {
  describe(`data API catalog fields after a catalog change (${backend.name})`, { skip: backend.skip }, () => {
    let w: World;
    before(async () => { w = await buildWorld(backend); });
    after(async () => { await w?.svc.dispose(); });
    const titles = async (path: string) => {
      const r = await w.get(`${path}?user=${A}&market=${w.m1}`);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return [...new Set((r.body as Array<{ title: string; slug: string }>).map((x) => `${x.title}|${x.slug}`))];
    };

    it('shows a renamed market at once in kept /activity and /positions pages', async () => {
      const before = 'Will it rain in Paris?|rain-paris';
      for (const path of ['/activity', '/positions']) {
        assert.deepEqual(await titles(path), [before]);
        assert.deepEqual(await titles(path), [before]); // now kept
      }
      await w.svc.store.db.updateTable('markets').set({ question: 'Will it pour in Paris?', slug: 'pour-paris' })
        .where('condition_id', '=', w.m1).execute();
      for (const path of ['/activity', '/positions']) assert.deepEqual(await titles(path), ['Will it pour in Paris?|pour-paris'], path);
    });

    it('keeps answering kept pages while trading writes only volumes', async () => {
      const v0 = await w.svc.store.db.selectFrom('page_versions').select('version').where('pages', '=', 'markets').executeTakeFirst();
      await w.svc.store.db.updateTable('markets').set({ volume: 123 }).where('condition_id', '=', w.m1).execute();
      const v1 = await w.svc.store.db.selectFrom('page_versions').select('version').where('pages', '=', 'markets').executeTakeFirst();
      assert.equal(Number(v1?.version), Number(v0?.version));
    });
  });
}
