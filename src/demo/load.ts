/**
 * Loads the deterministic demo data set (README.md): tags, sites, series, creators, wallets
 * with profiles, 34 events with 122 markets, and ~830 threaded comments, all written through
 * catalog/write.ts in one transaction. Ids, addresses and timestamps come from a seeded PRNG
 * and a fixed clock (time.ts), so a seed always produces the same rows on SQLite and
 * PostgreSQL. The trading history is then made by running the real exchange (trading.ts).
 */
import { sql } from 'kysely';
import type { Db, Store } from '../store/db.js';
import {
  insertComment, insertCreator, insertEvent, upsertProfile, upsertSeries, upsertSite, upsertTag,
} from '../catalog/write.js';
import { Prng } from '../domain/prng.js';
import { IMAGE_HOST, makeProfiles } from './people.js';
import { buildEvent, SERIES, SlugSet } from './events.js';
import { THEMES } from './themes.js';
import { planComments, type CommentTarget } from './comments.js';
import { CREATORS, SITES, TAGS } from './vocab.js';
import { DAY, demoClock } from './time.js';
import { simulateTrading } from './trading.js';
import type { OnProgress } from './progress.js';
import type { Collateral } from '../domain/ctf-ids.js';

export interface LoadOptions {
  /** PRNG seed; the same seed always gives the same data set. */
  seed?: number | undefined;
  onProgress?: OnProgress | undefined;
  /** The collateral of the position-id formula (the config's; Polygon's by default). */
  collateral?: Collateral | undefined;
  /**
   * The load day (ms; its UTC midnight becomes the data set's "now", time.ts DemoClock). Callers
   * pass the real day (`Date.now()`) or, for a reset, `demoBaseOf` the database; absent, the fixed
   * BASE_MS. Same seed and same day: the same rows.
   */
  day?: number | undefined;
}

export interface DemoCounts { events: number; markets: number; profiles: number; comments: number }

export const DEMO_SEED = 2026;
/** Tags, sites and series are created this many days before the demo's "now" (demoBaseOf reads it back). */
const TAGS_BEFORE = 400;

/**
 * The load day of the demo a database holds (its "now", ms), read back from its rows: the demo's
 * tags are created TAGS_BEFORE days before it. A reset reloads the demo for this day, so it
 * restores the seeded state exactly; undefined without tags.
 */
export async function demoBaseOf(db: Db): Promise<number | undefined> {
  const row = await db.selectFrom('tags').select((eb) => eb.fn.min<number>('created_at').as('t')).executeTakeFirst();
  return row?.t == null ? undefined : Number(row.t) + TAGS_BEFORE * DAY;
}
export const DEMO_PROFILES = 64;

/** True when any catalog table has rows (the seed command refuses to mix data sets). */
export async function hasCatalogData(db: Db): Promise<boolean> {
  for (const table of ['events', 'markets', 'tags', 'series', 'sites', 'event_creators', 'profiles', 'comments'] as const) {
    const row = await db.selectFrom(table).select(sql<number>`1`.as('one')).limit(1).executeTakeFirst();
    if (row) return true;
  }
  return false;
}

async function hasEvents(db: Db): Promise<boolean> {
  return (await db.selectFrom('events').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Writes the demo catalog in one transaction, then makes its trading history (trading.ts). */
export async function loadDemo(store: Store, opts: LoadOptions = {}): Promise<DemoCounts> {
  const counts = await store.db.transaction().execute((trx) => writeDemo(trx, opts));
  await simulateTrading(store, opts.seed ?? DEMO_SEED, opts.onProgress, demoClock(opts.day).base);
  return counts;
}

/** Loads the demo data set when the database has no events; returns whether it did. */
export async function loadDemoIfEmpty(store: Store, opts: LoadOptions): Promise<boolean> {
  if (await hasEvents(store.db)) return false;
  const loaded = await store.db.transaction().execute(async (trx) => {
    if (await hasEvents(trx)) return false; // another process got there first
    await writeDemo(trx, opts);
    return true;
  });
  if (loaded) await simulateTrading(store, opts.seed ?? DEMO_SEED, opts.onProgress, demoClock(opts.day).base);
  return loaded;
}

export async function writeDemo(db: Db, opts: LoadOptions = {}): Promise<DemoCounts> {
  const report: OnProgress = opts.onProgress ?? (() => {});
  const root = new Prng(opts.seed ?? DEMO_SEED);
  // One stream per part: extending one part leaves the others' draws unchanged.
  const ids = root.fork('ids');
  const people = root.fork('people');
  const events = root.fork('events');
  const talk = root.fork('comments');
  const rand = (n: number) => ids.bytes(n);
  const at = demoClock(opts.day);
  const t0 = at.base - TAGS_BEFORE * DAY;

  for (const tag of TAGS) await upsertTag(db, tag, t0);
  for (const site of SITES) await upsertSite(db, site, t0);
  for (const s of SERIES) await upsertSeries(db, s, t0);

  const profiles = makeProfiles(people, DEMO_PROFILES, at.base);
  const creatorIds: number[] = [];
  for (const [i, c] of CREATORS.entries()) {
    const wallet = c.hasWallet ? profiles[i]! : undefined;
    if (wallet) wallet.isCreator = true;
    const { hasWallet: _, ...creator } = c;
    creatorIds.push(await insertCreator(db, {
      ...creator, creatorImage: `${IMAGE_HOST}/creators/${c.creatorHandle}.png`, wallet: wallet?.address,
    }, t0 + i * DAY));
  }
  for (const [i, p] of profiles.entries()) {
    await upsertProfile(db, p, p.createdAt);
    report('demo profiles', i + 1, profiles.length);
  }

  const slugs = new SlugSet();
  const built = THEMES.flatMap((theme) => theme(events, at)).map((spec) => buildEvent(events, spec, slugs, at.base))
    .sort((a, b) => a.createdAt - b.createdAt);
  const targets: CommentTarget[] = [];
  let markets = 0;
  for (const [i, b] of built.entries()) {
    const creator = b.spec.creator;
    const created = await insertEvent(db, { ...b.event, creatorId: creator == null ? null : creatorIds[creator]! }, b.createdAt, { rand, collateral: opts.collateral });
    markets += created.markets.length;
    const to = Math.min(b.spec.endDate, at.base);
    const named = b.spec.kind === 'neg';
    targets.push({ type: 'Event', id: created.id, subjects: named ? b.spec.markets.map((m) => m.subject) : [], from: b.createdAt, to,
      roots: b.spec.kind === 'neg' ? events.int(5, 10) : events.int(3, 7) });
    for (const [k, m] of created.markets.entries()) {
      if (events.chance(0.35)) targets.push({ type: 'market', id: m.id, subjects: named ? [b.spec.markets[k]!.subject] : [], from: b.createdAt, to, roots: events.int(1, 3) });
    }
    report('demo events', i + 1, built.length);
  }
  const series = await db.selectFrom('series').select('id').orderBy('id').execute();
  for (const s of series) targets.push({ type: 'Series', id: s.id, subjects: [], from: t0 + 30 * DAY, to: at.base, roots: events.int(2, 4) });

  const plan = planComments(talk, targets, profiles, at.base);
  const commentIds: number[] = [];
  for (const [i, c] of plan.entries()) {
    const { parentIndex, ...comment } = c;
    commentIds.push(await insertComment(db, { ...comment, parentCommentId: parentIndex == null ? null : commentIds[parentIndex]! }, c.createdAt!));
    if (i % 20 === 0 || i === plan.length - 1) report('demo comments', i + 1, plan.length);
  }
  return { events: built.length, markets, profiles: profiles.length, comments: plan.length };
}
