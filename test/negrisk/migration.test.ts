/**
 * Migration 0022 on both stores: a neg-risk event written before it (random ids, no question
 * index) keeps its ids, its questions get their index from their order of creation, and it
 * converts and resolves under the neg-risk rules once the service runs on the migrated database.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Migrator, type Migration } from 'kysely';
import { backends } from '../support/backends.js';
import { openStore } from '../../src/store/db.js';
import { migrationContext } from '../../src/store/migrations/context.js';
import { MIGRATIONS } from '../../src/store/migrations/index.js';
import { createService, type Service } from '../../src/server.js';
import { ADMIN } from '../trading/kit.js';
import type { TestService } from '../support/service.js';
import { admin, balance, convert, split, trader } from './kit.js';

const hex32 = () => `0x${randomBytes(32).toString('hex')}`;

for (const backend of backends()) {
  describe(`neg-risk migration 0022 (${backend.name})`, { skip: backend.skip }, () => {
    let service: Service | undefined;
    let dispose: () => Promise<void> = async () => {};
    const legacy = { marketId: hex32(), markets: [hex32(), hex32(), hex32()], questions: [hex32(), hex32(), hex32()] };
    before(async () => {
      const fresh = await backend.fresh({ SIBYL_ADMIN_TOKEN: ADMIN });
      dispose = fresh.dispose;
      const store = openStore({ databaseUrl: fresh.config.databaseUrl, dataDir: fresh.config.dataDir });
      try {
        const ctx = migrationContext(store.dialect);
        const migrator = new Migrator({ db: store.db, provider: { getMigrations: async () => {
          const out: Record<string, Migration> = {};
          for (const [name, mod] of MIGRATIONS) if (name < '0022') out[name] = { up: (db) => mod.up(db, ctx) };
          return out;
        } } });
        const { error } = await migrator.migrateToLatest();
        if (error) throw error;
        const db = store.db as any;
        const now = Date.now();
        const ev = await db.insertInto('events').values({ ticker: 'legacy-nr', slug: 'legacy-nr', title: 'Legacy', neg_risk: 1, neg_risk_market_id: legacy.marketId, created_at: now, updated_at: now })
          .returning('id').executeTakeFirstOrThrow();
        for (const [i, cid] of legacy.markets.entries()) {
          await db.insertInto('markets').values({ condition_id: cid, question_id: legacy.questions[i], event_id: ev.id, question: `Legacy ${i}?`, slug: `legacy-nr-${i}`,
            neg_risk: 1, neg_risk_market_id: legacy.marketId, neg_risk_request_id: hex32(), accepting_orders: 1, created_at: now + i, updated_at: now + i }).execute();
          await db.insertInto('tokens').values([0, 1].map((o) => ({ token_id: `${cid}:${o}`, condition_id: cid, outcome_index: o, outcome: o === 0 ? 'Yes' : 'No' }))).execute();
        }
      } finally {
        await store.close();
      }
      service = await createService(fresh.config, { logger: false }); // migrates to the latest
    });
    after(async () => { await service?.close(); await dispose(); });

    it('keeps the ids of an earlier neg-risk event, indexes its questions and converts on it', async () => {
      const svc = { ...service!, dispose: async () => {} } as TestService;
      const rows = await svc.store.db.selectFrom('markets').select(['condition_id', 'question_id', 'neg_risk_index', 'neg_risk_market_id'])
        .where('slug', 'like', 'legacy-nr-%').orderBy('id').execute();
      assert.deepEqual(rows.map((r) => [r.condition_id, r.question_id, Number(r.neg_risk_index), r.neg_risk_market_id]),
        legacy.markets.map((cid, i) => [cid, legacy.questions[i], i, legacy.marketId]));
      const clob = (await svc.app.inject({ method: 'GET', url: `/markets/${legacy.markets[1]}` })).json();
      assert.equal(clob.neg_risk_market_id, legacy.marketId);
      const t = await trader(svc, '50');
      await split(svc, t, legacy.markets[0]!, 4_000_000);
      await split(svc, t, legacy.markets[1]!, 4_000_000);
      const res = await convert(svc, t, legacy.marketId, 3n, 4_000_000);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(await balance(svc, t, `${legacy.markets[2]}:0`), 4_000_000);
      const half = await svc.app.inject({ method: 'POST', url: `/admin/markets/${legacy.markets[0]}/resolve`, headers: admin, payload: { payouts: ['0.5', '0.5'] } });
      assert.equal(half.json().code, 'invalid_payouts');
      assert.equal(svc.services.exchange.integrity.report.ok, true);
    });
  });
}
