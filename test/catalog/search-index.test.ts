/**
 * `/public-search` from the in-memory index (src/catalog/search-index, SQLite) answers exactly
 * what the SQL ranking answers — tiers, open/closed, volume ties, pages, tags, titles with
 * punctuation and titles only FTS5 can split — and stays exact while the catalog changes under
 * it, whoever writes: the service, or another connection to the same file (the importer,
 * another process), including renames, volume and closing, new tags and deletes.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Sqlite from 'better-sqlite3';
import { getAddress } from 'viem';
import { backends } from '../support/backends.js';
import { insertCreator, insertEvent, upsertSite, upsertTag } from '../../src/catalog/write.js';
import { indexTuning } from '../../src/catalog/search-index/doc-index.js';
import { sqliteOf } from '../../src/store/handles.js';
import { startTestService, type TestService } from '../support/service.js';

const WORDS = ['will', 'bitcoin', 'win', 'the', 'election', 'price', 'above', 'willow', 'wild', 'golden'];
const QUERIES = ['will', 'wil', 'w', 'will bitcoin', 'will b', 'bitcoin win', 'the', 'the el', 'golden', 'golden win', 'price above',
  'ecl', 'eclair', 'wild', 'willow', 'pri', 'win', 'Will Bitcoin', 'will-bitcoin', 'zzz', 'will zzz', 'renamed', 'fresh',
  'élection', 'Éclair', 'ÉCL', 'élection will', 'ｗｉｌｌ', 'will ｗｉｌｌ', 'naïve', 'x²'];
const PAGES = [[5, 1], [10, 1], [10, 2], [7, 3], [25, 1], [25, 4], [100, 1]] as const;
const WALLET_A = getAddress('0x00000000000000000000000000000000000000aa');
const WALLET_B = getAddress('0x00000000000000000000000000000000000000bb');
/** Unscoped, each site, each creator wallet (wallet B has two creator rows). */
const SCOPES = ['', '&creator=north', '&creator=south', `&creator=${WALLET_A}`, `&creator=${WALLET_B}`];

const sqlite = backends().find((b) => b.name === 'sqlite')!;

describe('catalog search from the in-memory index (sqlite)', () => {
  let svc: TestService;
  let other: Sqlite.Database;
  const get = async (url: string) => { const r = await svc.app.inject({ url }); return { status: r.statusCode, body: r.json() }; };

  /** Every query, page and scope, from the index and from the SQL ranking: the same answers. */
  async function sameAsSql(queries = QUERIES): Promise<number> {
    let compared = 0;
    for (const q of queries) {
      for (const [i, [limit, page]] of PAGES.entries()) {
        for (const extra of ['', '&search_tags=false', SCOPES[1 + (i % 4)]!, `${SCOPES[1 + ((i + 1) % 4)]!}&search_tags=false`]) {
          const url = `/public-search?q=${encodeURIComponent(q)}&limit_per_type=${limit}&page=${page}${extra}`;
          const indexed = await get(url);
          svc.services.catalog.indexedSearch = false;
          try {
            assert.deepEqual(indexed, await get(url), url);
          } finally {
            svc.services.catalog.indexedSearch = true;
          }
          assert.equal(indexed.status, 200, url);
          compared += indexed.body.events.length + indexed.body.tags.length;
        }
      }
    }
    return compared;
  }

  before(async () => {
    svc = await startTestService(sqlite, { SIBYL_RATE_LIMITS: 'off' });
    const db = svc.store.db;
    const now = Date.UTC(2025, 0, 1);
    let seed = 7;
    const rnd = (n: number) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
    for (const w of WORDS) {
      await upsertTag(db, { label: w[0]!.toUpperCase() + w.slice(1), slug: w }, now);
      await upsertTag(db, { label: `${w} ${w.length}`, slug: `${w}-${w.length % 3}` }, now);
    }
    for (const id of ['north', 'south']) await upsertSite(db, { id, name: id }, now);
    const creators = [
      await insertCreator(db, { creatorName: 'A', creatorHandle: 'a', wallet: WALLET_A }, now),
      await insertCreator(db, { creatorName: 'B', creatorHandle: 'b', wallet: WALLET_B }, now),
      await insertCreator(db, { creatorName: 'B2', creatorHandle: 'b2', wallet: WALLET_B }, now),
      null,
    ];
    const titles: string[] = ['Will', 'will bitcoin', 'Will bitcoin win?', 'Willow', 'the election', 'Élection will win', 'Will “Golden” win…?', 'price – above'];
    for (let i = 0; i < 160; i++) {
      const n = 2 + rnd(5);
      const words = Array.from({ length: n }, () => WORDS[rnd(WORDS.length)]!);
      if (i % 9 === 0) words.push('Éclair'); // only FTS5 can say how this splits
      if (i % 13 === 0) words.push('ｗｉｌｌ'); // full-width letters: FTS5's words, not ASCII ones
      titles.push(`${i % 3 === 0 ? 'Will ' : ''}${words.join(i % 4 === 0 ? ' ' : ', ')}${i % 5 === 0 ? ' by…?' : '?'}`);
    }
    for (const [i, title] of titles.entries()) {
      const slug = i === 0 ? 'will' : i === 1 ? 'will-bitcoin' : `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${i}`;
      const w = WORDS[rnd(WORDS.length)]!;
      const tags = i % 7 === 0 ? [WORDS[rnd(WORDS.length)]!, `${w}-${w.length % 3}`] : undefined;
      const sites = [['north'], ['south'], ['north', 'south'], []][rnd(4)];
      await insertEvent(db, { slug, title, volume: rnd(4) * 1000, closed: rnd(4) === 0, tags, sites, creatorId: creators[rnd(4)] }, now + i);
    }
    other = new Sqlite(sqliteOf(svc.store.db)!.name);
  });
  after(async () => { other?.close(); await svc?.dispose(); });

  it('answers what the SQL ranking answers, on every page', async () => {
    assert.ok(await sameAsSql() > 1000);
    const will = (await get('/public-search?q=will&limit_per_type=3')).body;
    assert.equal(will.events[0].slug, 'will'); // the exact match first
    assert.ok(will.tags.length > 0);
  });

  it('follows writes by the service and by another connection to the same file', async () => {
    await get('/public-search?q=will'); // the index is built
    await insertEvent(svc.store.db, { slug: 'fresh-will-event', title: 'Fresh will event', volume: 5_000 }, Date.UTC(2025, 1, 1));
    assert.equal((await get('/public-search?q=fresh')).body.events[0]?.slug, 'fresh-will-event');
    const first = (await get('/public-search?q=will&limit_per_type=5')).body.events.map((e: { id: string }) => Number(e.id));
    // Another writer: a volume that moves an event to the top, a close, a rename, a tag, then a delete.
    other.prepare('update events set volume = 1e9 where id = ?').run(first[4]);
    other.prepare('update events set closed = 1 where id = ?').run(first[1]);
    other.prepare("update events set title = 'Renamed golden price', slug = 'renamed-golden-price' where id = ?").run(first[2]);
    other.prepare("insert into tags (label, slug, requires_translation, created_at, updated_at) values ('Willful', 'willful', 0, 0, 0)").run();
    // Scope links: an event leaves a site, joins another, changes creator; a tag moves.
    other.prepare("delete from event_sites where event_id = ? and site_id = 'north'").run(first[0]);
    other.prepare("insert or ignore into event_sites (event_id, site_id) values (?, 'south')").run(first[0]);
    other.prepare('update events set creator_id = (select min(id) from event_creators) where id = ?').run(first[1]);
    other.prepare("insert or ignore into event_tags (event_id, tag_id) values (?, (select id from tags where slug = 'willful'))").run(first[0]);
    await sameAsSql();
    assert.equal((await get('/public-search?q=renamed')).body.events[0]?.id, String(first[2]));
    other.prepare('delete from event_tags where event_id = ?').run(first[3]);
    other.prepare('delete from event_sites where event_id = ?').run(first[3]);
    other.prepare('delete from events where id = ?').run(first[3]);
    await sameAsSql();
    assert.ok(!(await get('/public-search?q=will&limit_per_type=100')).body.events.some((e: { id: string }) => e.id === String(first[3])));
  });

  for (const rebuildOver of [1000, 10]) {
    it(`takes a batch of changes at once (${rebuildOver === 10 ? 'rebuilt' : 'edited in place'})`, async () => {
      indexTuning.rebuildOver = rebuildOver;
      try {
        other.transaction(() => {
          for (let i = 0; i < 400; i++) other.prepare('update events set volume = volume + ? where id = ?').run((i * 7919) % 10_000, 1 + (i % 150));
          other.prepare(`update events set title = title || ' wild${rebuildOver}' where id % 5 = 0`).run();
          other.prepare('update events set closed = 1 - closed where id % 7 = 0').run();
        })();
        await sameAsSql([...QUERIES, `wild${rebuildOver}`]);
      } finally {
        indexTuning.rebuildOver = 1000;
      }
    });
  }
});
