/** Read plans (src/store/read-plan.ts): the same answers on both drivers, one snapshot on SQLite, errors carried out. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import SqliteDatabase from 'better-sqlite3';
import { backends, type Backend } from '../support/backends.js';
import { openStore, type Store } from '../../src/store/db.js';
import { migrateToLatest } from '../../src/store/migrate.js';
import { prepared } from '../../src/store/prepared.js';
import { query, rows, rowsOf, runPlan, type Plan } from '../../src/store/read-plan.js';

const now = Date.UTC(2025, 0, 1);
const tagsFrom = prepared((db, from: number) => db.selectFrom('tags').select(['id', 'slug']).where('id', '>=', from).orderBy('id'));
const tagCount = prepared((db) => db.selectFrom('tags').select((eb) => eb.fn.countAll<number>().as('n')));

async function withStore(backend: Backend, use: (store: Store) => Promise<void>): Promise<void> {
  const { config, dispose } = await backend.fresh();
  const store = openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(store);
    await store.db.insertInto('tags').values(['a', 'b', 'c'].map((slug) => ({ slug, label: slug, created_at: now, updated_at: now }))).execute();
    await use(store);
  } finally {
    await store.close();
    await dispose();
  }
}

function* slugsAndCount(from: number): Plan<{ slugs: string[]; n: number; both: number }> {
  const first = yield* rows(tagsFrom.read, undefined, from);
  const [again, counted] = yield* rowsOf(query(tagsFrom.read, undefined, first[0]?.id ?? 0), query(tagCount.read, undefined));
  return { slugs: first.map((t) => t.slug), n: Number(counted[0]!.n), both: again.length };
}

for (const backend of backends()) {
  describe(`read plans (${backend.name})`, { skip: backend.skip }, () => {
    it('answer with the rows of each read, one after the other and together', async () => {
      await withStore(backend, async (store) => {
        assert.deepEqual(await runPlan(store.db, slugsAndCount(2)), { slugs: ['b', 'c'], n: 3, both: 2 });
        assert.deepEqual(await runPlan(store.db, slugsAndCount(9)), { slugs: [], n: 3, both: 3 });
        // Inside a caller's transaction the plan reads through it (and sees its writes).
        const inTx = await store.db.transaction().execute(async (trx) => {
          await trx.insertInto('tags').values({ slug: 'd', label: 'd', created_at: now, updated_at: now }).execute();
          return runPlan(trx, slugsAndCount(3));
        });
        assert.deepEqual(inTx, { slugs: ['c', 'd'], n: 4, both: 2 });
      });
    });

    it('carry an error thrown by the plan out as a rejection, and leave the store usable', async () => {
      await withStore(backend, async (store) => {
        function* failing(): Plan<never> {
          yield* rows(tagsFrom.read, undefined, 1);
          throw new Error('not found');
        }
        await assert.rejects(runPlan(store.db, failing()), /not found/);
        assert.deepEqual((await runPlan(store.db, slugsAndCount(1))).slugs, ['a', 'b', 'c']);
        await store.db.insertInto('tags').values({ slug: 'after', label: 'after', created_at: now, updated_at: now }).execute();
        assert.equal((await runPlan(store.db, slugsAndCount(1))).n, 4);
      });
    });
  });
}

describe('read plans on SQLite', () => {
  it('read one snapshot: a commit by another connection between two reads is not seen by the second', async () => {
    await withStore(backends()[0]!, async (store) => {
      const other = new SqliteDatabase(store.location);
      try {
        function* twice(): Plan<[number, number]> {
          const before = Number((yield* rows(tagCount.read, undefined))[0]!.n);
          other.prepare(`insert into tags (slug, label, created_at, updated_at) values ('x', 'x', ${now}, ${now})`).run();
          const after = Number((yield* rows(tagCount.read, undefined))[0]!.n);
          return [before, after];
        }
        assert.deepEqual(await runPlan(store.db, twice()), [3, 3]);
        assert.equal(Number((await tagCount.first(store.db))!.n), 4, 'the commit is there once the plan ends');
      } finally {
        other.close();
      }
    });
  });
});
