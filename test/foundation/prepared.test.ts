/** Prepared statements (src/store/prepared.ts): same rows as Kysely, never half-written rows. */
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import assert from 'node:assert/strict';
import { backends, type Backend } from '../support/backends.js';
import { openStore, type Store } from '../../src/store/db.js';
import { migrateToLatest } from '../../src/store/migrate.js';
import { literal, prepared, preparedShapes } from '../../src/store/prepared.js';

const tagsBySlug = prepared((db, slugs: string[]) => db.selectFrom('tags').selectAll().where('slug', 'in', slugs).orderBy('id'));
const tagCount = prepared((_db, from: number) => sql<{ n: number }>`select count(*) as n from tags where id >= ${from}`);
const tagPage = prepared((db, limit: number, offset: number) => db.selectFrom('tags').select('slug').orderBy('id').limit(limit).offset(offset));
const tagsOrdered = preparedShapes((db, desc: boolean, from: number) =>
  db.selectFrom('tags').select(['id', 'slug']).where('id', '>=', from).orderBy('id', desc ? 'desc' : 'asc'), (desc) => String(desc));

/** A migrated store on a fresh database of `backend`, closed and dropped after `use`. */
async function withStore(backend: Backend, use: (store: Store) => Promise<void>): Promise<void> {
  const { config, dispose } = await backend.fresh();
  const store = openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(store);
    await use(store);
  } finally {
    await store.close();
    await dispose();
  }
}

for (const backend of backends()) {
  describe(`prepared statements (${backend.name})`, { skip: backend.skip }, () => {
    it('answer what the same Kysely query answers, for every shape, list length and value', async () => {
      await withStore(backend, async (store) => {
        const now = Date.UTC(2025, 0, 1);
        await store.db.insertInto('tags').values(['a', 'b', 'c'].map((slug) => ({ slug, label: slug.toUpperCase(), created_at: now, updated_at: now }))).execute();
        for (const slugs of [['a'], ['c', 'a'], ['a', 'b', 'c'], ['zz']]) {
          const kysely = await store.db.selectFrom('tags').selectAll().where('slug', 'in', slugs).orderBy('id').execute();
          assert.deepEqual(await tagsBySlug.all(store.db, slugs), kysely);
        }
        assert.deepEqual((await tagsOrdered.all(store.db, true, 2)).map((t) => t.slug), ['c', 'b']);
        assert.deepEqual((await tagsOrdered.all(store.db, false, 1)).map((t) => t.slug), ['a', 'b', 'c']);
        assert.equal((await tagsBySlug.first(store.db, ['b']))?.label, 'B');
        // A raw `sql` template is prepared the same way.
        for (const [from, n] of [[1, 3], [2, 2], [4, 0]] as const) assert.equal(Number((await tagCount.first(store.db, from))?.n), n);
      });
    });

    it('wait for an open transaction instead of reading its uncommitted rows', async () => {
      await withStore(backend, async (store) => {
        const now = Date.UTC(2025, 0, 1);
        let release!: () => void;
        const held = new Promise<void>((ok) => { release = ok; });
        let inserted!: () => void;
        const written = new Promise<void>((ok) => { inserted = ok; });
        const tx = store.db.transaction().execute(async (trx) => {
          await trx.insertInto('tags').values({ slug: 'pending', label: 'Pending', created_at: now, updated_at: now }).execute();
          inserted();
          await held; // the transaction stays open across other requests' turns
          await trx.insertInto('tags').values({ slug: 'pending-2', label: 'Pending 2', created_at: now, updated_at: now }).execute();
        });
        await written;
        const read = tagsBySlug.all(store.db, ['pending', 'pending-2']);
        setTimeout(release, 20);
        const rows = await read;
        await tx;
        // Either both rows (it waited for the commit: SQLite's single connection) or none (PostgreSQL's snapshot).
        assert.ok(rows.length === 2 || rows.length === 0, `saw ${rows.length} of the transaction's 2 rows`);
        assert.deepEqual((await tagsBySlug.all(store.db, ['pending', 'pending-2'])).map((t) => t.slug), ['pending', 'pending-2']);
      });
    });

    it('write a literal into the SQL text: the same rows as the bound value, one statement per value', async () => {
      await withStore(backend, async (store) => {
        const now = Date.UTC(2025, 0, 1);
        await store.db.insertInto('tags').values(['a', 'b', 'c', 'd'].map((slug) => ({ slug, label: slug, created_at: now, updated_at: now }))).execute();
        for (const [limit, offset] of [[2, 0], [2, 1], [3, 2], [1, 9]] as const) {
          const bound = (await tagPage.all(store.db, limit, offset)).map((t) => t.slug);
          assert.deepEqual((await tagPage.all(store.db, literal(limit), offset)).map((t) => t.slug), bound, `limit ${limit} offset ${offset}`);
        }
        const text = tagPage.compiled(store.db, literal(3), 1);
        assert.match(text.sql, /limit 3 offset (\?|\$1)$/);
        assert.deepEqual(text.parameters, [1]);
        // The same in a Kysely query of its own.
        const direct = store.db.selectFrom('tags').select('slug').orderBy('id').limit(literal(2));
        assert.match(direct.compile().sql, /limit 2$/);
        assert.deepEqual((await direct.execute()).map((t) => t.slug), ['a', 'b']);
        assert.throws(() => literal(1.5), RangeError);
        assert.throws(() => literal(Number.NaN), RangeError);
      });
    });
  });
}
