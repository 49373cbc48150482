/**
 * The demo data set: deterministic for a seed (byte-equal dumps of every catalog table, also
 * across SQLite and PostgreSQL), large and varied enough to demo every catalog feature, and
 * loaded only into an empty database.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getAddress } from 'viem';
import { backends } from '../support/backends.js';
import { loadDemo, loadDemoIfEmpty } from '../../src/demo/load.js';
import { countOf, dumpCatalog, freshStore, type Dump } from './helpers.js';

type R = Record<string, any>;
const [sqlite, postgres] = backends() as [ReturnType<typeof backends>[0], ReturnType<typeof backends>[0]];
let reference: Dump;
/** Collateral traded per market, summed from the trades the demo's simulation made. */
let traded: Map<string, number>;

async function tradedPerMarket(store: Awaited<ReturnType<typeof freshStore>>['store']): Promise<Map<string, number>> {
  const rows = await store.db.selectFrom('trades').select(['market', 'usdc_size']).execute();
  const out = new Map<string, number>();
  for (const r of rows) out.set(r.market, (out.get(r.market) ?? 0) + Number(r.usdc_size));
  return out;
}

describe('demo data set (sqlite)', () => {
  before(async () => {
    const fresh = await freshStore(sqlite);
    try {
      await loadDemo(fresh.store);
      reference = await dumpCatalog(fresh.store);
      traded = await tradedPerMarket(fresh.store);
    } finally { await fresh.dispose(); }
  });

  it('is the same, byte for byte, for the same seed (loadDemoIfEmpty loads once, then is a no-op)', async () => {
    const again = await freshStore(sqlite);
    try {
      const seen: string[] = [];
      assert.equal(await loadDemoIfEmpty(again.store, { onProgress: (what) => seen.push(what) }), true);
      assert.ok(seen.includes('demo events') && seen.includes('demo comments'));
      assert.deepStrictEqual(await dumpCatalog(again.store), reference);
      assert.equal(await loadDemoIfEmpty(again.store, {}), false);
      assert.equal(await countOf(again.store, 'events'), reference.events!.length);
      assert.equal(await countOf(again.store, 'comments'), reference.comments!.length);
    } finally { await again.dispose(); }
  });

  it('is different for another seed', async () => {
    const other = await freshStore(sqlite);
    try {
      await loadDemo(other.store, { seed: 99 });
      const otherDump = await dumpCatalog(other.store);
      assert.notDeepStrictEqual(otherDump.markets, reference.markets);
      assert.notDeepStrictEqual(otherDump.profiles, reference.profiles);
      assert.notDeepStrictEqual(otherDump.comments, reference.comments);
    } finally { await other.dispose(); }
  });

  it('has the promised size and variety', () => {
    const d = reference as Record<string, R[]>;
    const { events, markets, tokens, series, tags, profiles, comments } = d as Record<string, R[]>;
    assert.ok(events!.length >= 25, `events: ${events!.length}`);
    assert.ok(markets!.length >= 80, `markets: ${markets!.length}`);
    assert.ok(series!.length >= 3);
    assert.ok(d.event_creators!.length >= 5 && d.event_creators!.some((c) => c.wallet));
    assert.ok(d.sites!.length >= 2);
    const usedTags = new Set(d.event_tags!.map((t) => t.tag_id));
    assert.ok(usedTags.size >= 6 && tags!.length >= 6);
    const perEvent = new Map<number, number>();
    for (const m of markets!) perEvent.set(m.event_id, (perEvent.get(m.event_id) ?? 0) + 1);
    assert.ok(events!.some((e) => e.neg_risk === 1 && (perEvent.get(e.id) ?? 0) >= 4 && (perEvent.get(e.id) ?? 0) <= 6));
    for (const e of events!) assert.ok((perEvent.get(e.id) ?? 0) >= 1, `event ${e.slug} has markets`);
    for (const s of series!) assert.ok(d.event_series!.some((l) => l.series_id === s.id), `series ${s.slug} has events`);
    const siteCount = new Map<number, number>();
    for (const l of d.event_sites!) siteCount.set(l.event_id, (siteCount.get(l.event_id) ?? 0) + 1);
    assert.ok([...siteCount.values()].some((n) => n === 2) && siteCount.size === events!.length);
    // order-book settings
    assert.ok(markets!.filter((m) => m.minimum_tick_size === 10_000).length > markets!.length / 2);
    assert.ok(markets!.some((m) => m.minimum_tick_size === 1_000));
    assert.ok(markets!.every((m) => m.minimum_order_size === 5_000_000));
    assert.ok(markets!.some((m) => m.taker_base_fee > 0) && markets!.some((m) => m.rewards_daily_rate > 0));
    assert.ok(markets!.some((m) => m.is_50_50_outcome === 1));
    assert.ok(markets!.some((m) => m.closed === 1) && events!.some((e) => e.archived === 1));
    for (const m of markets!) assert.equal(m.accepting_orders, m.closed ? 0 : 1);
    assert.ok(markets!.every((m) => /^0x[0-9a-f]{64}$/.test(m.condition_id)));
    assert.equal(tokens!.length, 2 * markets!.length);
    // volume is never made up: it is the collateral of the trades the simulation really made
    for (const m of markets!) assert.equal(Number(m.volume), traded.get(m.condition_id) ?? 0, `volume of ${m.slug}`);
    assert.ok(markets!.filter((m) => m.volume > 0).length >= 10, 'the simulation trades on many markets');
    for (const e of events!) {
      const sum = markets!.filter((m) => m.event_id === e.id).reduce((a, m) => a + Number(m.volume), 0);
      assert.equal(Number(e.volume), sum, `volume of event ${e.slug}`);
    }
    // wallets
    assert.ok(profiles!.length >= 60);
    for (const p of profiles!) assert.equal(getAddress(p.address), p.address);
    assert.ok(profiles!.some((p) => p.profile_image.startsWith('https://img.sibyl.local/')) && profiles!.some((p) => p.bio));
    // comments: threads several levels deep, on every kind of parent, with true counts
    assert.ok(comments!.length >= 300, `comments: ${comments!.length}`);
    assert.deepEqual(new Set(comments!.map((c) => c.parent_entity_type)), new Set(['Event', 'market', 'Series']));
    const byId = new Map(comments!.map((c) => [c.id, c]));
    const depth = (c: R): number => (c.parent_comment_id == null ? 0 : 1 + depth(byId.get(c.parent_comment_id)!));
    assert.ok(Math.max(...comments!.map(depth)) >= 3);
    for (const c of comments!) {
      assert.equal(c.reply_count, comments!.filter((r) => r.parent_comment_id === c.id).length);
      assert.equal(c.reaction_count, d.comment_reactions!.filter((r) => r.comment_id === c.id).length);
    }
    assert.ok(d.comment_reactions!.length > 0);
  });

});

describe('demo data set (postgres)', { skip: postgres.skip }, () => {
  let fresh: Awaited<ReturnType<typeof freshStore>>;
  before(async () => { fresh = await freshStore(postgres); });
  after(async () => { await fresh?.dispose(); });
  it('gives the same rows as on SQLite', async () => {
    await loadDemo(fresh.store);
    assert.deepStrictEqual(await dumpCatalog(fresh.store), reference);
  });
});
