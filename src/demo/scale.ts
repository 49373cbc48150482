/**
 * The scale catalog for benchmarks (`sibyl seed --scale`): by default 100,000 events, 300,000
 * markets (600,000 tokens), 1,000,000 threaded comments and 10,000 wallets, deterministic for
 * a seed. Row-by-row writes through catalog/write.ts (several statements per market or
 * comment) would take far too long, so events, markets, tokens, links, profiles and comments
 * go in as multi-row inserts (bulk.ts) of the same rows write.ts would produce (scale-rows.ts);
 * the few tags, sites, series and creators still go through write.ts.
 *
 * Each transaction holds complete units (an event with its markets, tokens and links; a
 * comment thread with its reactions), so an interrupted run leaves a consistent database.
 */
import { sql } from 'kysely';
import type { Db, Store } from '../store/db.js';
import { insertCreator, upsertSeries, upsertSite, upsertTag } from '../catalog/write.js';
import { Prng } from '../domain/prng.js';
import { makeProfiles, IMAGE_HOST, type GeneratedProfile } from './people.js';
import { AuthorPicker } from './comments.js';
import { insertRows, nextId, syncSequence } from './bulk.js';
import { addEvent, addThread, emptyEventChunk, type Catalog, type CommentChunk, type CommentTargets } from './scale-rows.js';
import { CREATORS, LAST_NAMES, SITES, TAGS, COUNTRIES, CITIES, ASSETS } from './vocab.js';
import type { OnProgress } from './progress.js';
import { BASE_MS, DAY, slugify } from './time.js';

export interface ScaleOptions {
  seed?: number | undefined;
  events?: number | undefined;
  marketsPerEvent?: number | undefined;
  comments?: number | undefined;
  profiles?: number | undefined;
  onProgress?: OnProgress | undefined;
}

export interface ScaleCounts { events: number; markets: number; comments: number; profiles: number; series: number; creators: number; tags: number }

export const SCALE_DEFAULTS = { seed: 7, events: 100_000, marketsPerEvent: 3, comments: 1_000_000 } as const;

const EVENTS_PER_TX = 2_000;
const COMMENTS_PER_TX = 25_000;

/** Markets of the i-th event: cycles M, 1, 2M-1 (mean exactly M); the tail of an unfinished cycle gets M. */
export function marketsFor(i: number, total: number, m: number): number {
  if (m <= 1 || i >= total - (total % 3)) return m;
  return [m, 1, 2 * m - 1][i % 3]!;
}

export async function seedScale(store: Store, opts: ScaleOptions = {}): Promise<ScaleCounts> {
  const report: OnProgress = opts.onProgress ?? (() => {});
  const nEvents = opts.events ?? SCALE_DEFAULTS.events;
  const perEvent = Math.max(1, opts.marketsPerEvent ?? SCALE_DEFAULTS.marketsPerEvent);
  const nComments = opts.comments ?? SCALE_DEFAULTS.comments;
  const nProfiles = opts.profiles ?? Math.min(10_000, Math.max(60, Math.round(nEvents / 10)));
  const nSeries = Math.min(1_000, Math.max(3, Math.round(nEvents / 100)));
  const nCreators = Math.min(200, Math.max(5, Math.round(nEvents / 500)));
  const root = new Prng(opts.seed ?? SCALE_DEFAULTS.seed);
  const ids = root.fork('ids');
  const people = root.fork('people');
  const catalogRng = root.fork('catalog');
  const talk = root.fork('comments');
  const restore = await tuneSqliteConnection(store);
  try {
    return await writeScale(store, { report, nEvents, perEvent, nComments, nProfiles, nSeries, nCreators, ids, people, catalogRng, talk });
  } finally {
    await restore();
  }
}

interface Plan {
  report: OnProgress; nEvents: number; perEvent: number; nComments: number; nProfiles: number; nSeries: number; nCreators: number;
  ids: Prng; people: Prng; catalogRng: Prng; talk: Prng;
}

/**
 * SQLite only, for this connection while seeding, restored after: a bigger page cache (the
 * unique indexes on random hex ids are written in random order). It touches neither durability
 * (synchronous), constraints nor foreign keys. (WAL checkpoints run on the store's worker.)
 */
async function tuneSqliteConnection(store: Store): Promise<() => Promise<void>> {
  if (store.dialect !== 'sqlite') return async () => {};
  const read = async (name: string) => Number(Object.values((await sql.raw(`pragma ${name}`).execute(store.db)).rows[0] as object)[0]);
  const cache = await read('cache_size');
  await sql.raw('pragma cache_size = -262144').execute(store.db); // 256 MiB
  return async () => {
    await sql.raw(`pragma cache_size = ${cache}`).execute(store.db);
  };
}

async function writeScale(store: Store, plan: Plan): Promise<ScaleCounts> {
  const { report, nEvents, perEvent, nComments, nProfiles, nSeries, nCreators, ids, people, catalogRng, talk } = plan;
  const { db, dialect } = store;
  const profiles = makeProfiles(people, nProfiles);
  const cat = await db.transaction().execute((trx) => writeReference(trx, catalogRng, profiles, nSeries, nCreators));
  report('scale profiles', nProfiles, nProfiles);

  // Events, in transactions of EVENTS_PER_TX complete events.
  const firstEvent = await nextId(db, 'events');
  let marketId = await nextId(db, 'markets');
  const firstMarket = marketId;
  const eventCreated = new Float64Array(nEvents);
  const marketEvent = new Int32Array(nEvents * perEvent + 3 * perEvent);
  for (let start = 0; start < nEvents; start += EVENTS_PER_TX) {
    const chunk = emptyEventChunk();
    for (let i = start; i < Math.min(nEvents, start + EVENTS_PER_TX); i++) {
      const n = marketsFor(i, nEvents, perEvent);
      eventCreated[i] = addEvent(chunk, catalogRng, ids, cat, i, nEvents, firstEvent + i, marketId, n);
      for (let k = 0; k < n; k++) marketEvent[marketId - firstMarket + k] = i;
      marketId += n;
    }
    await db.transaction().execute(async (trx) => {
      await insertRows(trx, 'events', chunk.events);
      await insertRows(trx, 'event_tags', chunk.eventTags);
      await insertRows(trx, 'event_series', chunk.eventSeries);
      await insertRows(trx, 'event_sites', chunk.eventSites);
      await insertRows(trx, 'markets', chunk.markets);
      await insertRows(trx, 'tokens', chunk.tokens);
      await syncSequence(trx, dialect, 'events');
      await syncSequence(trx, dialect, 'markets');
    });
    report('scale events', Math.min(nEvents, start + EVENTS_PER_TX), nEvents);
  }
  const nMarkets = marketId - firstMarket;

  // Comments: whole threads, in transactions of about COMMENTS_PER_TX comments.
  const seriesFrom = BASE_MS - 360 * DAY;
  const targets: CommentTargets = {
    pick(rng) {
      const r = rng.float();
      if (r < 0.6 || nMarkets === 0) {
        const i = rng.int(0, nEvents - 1);
        return { type: 'Event', id: firstEvent + i, from: eventCreated[i]! };
      }
      if (r < 0.92) {
        const k = rng.int(0, nMarkets - 1);
        return { type: 'market', id: firstMarket + k, from: eventCreated[marketEvent[k]!]! };
      }
      return { type: 'Series', id: rng.pick(cat.seriesIds), from: seriesFrom };
    },
  };
  const authors = new AuthorPicker(profiles);
  let commentId = await nextId(db, 'comments');
  let made = 0;
  while (made < nComments && nEvents > 0) {
    const chunk: CommentChunk = { comments: [], reactions: [] };
    while (made < nComments && chunk.comments.length < COMMENTS_PER_TX) {
      const n = addThread(chunk, talk, authors, profiles, targets, commentId, nComments - made);
      commentId += n;
      made += n;
    }
    await db.transaction().execute(async (trx) => {
      await insertRows(trx, 'comments', chunk.comments);
      await insertRows(trx, 'comment_reactions', chunk.reactions);
      await syncSequence(trx, dialect, 'comments');
    });
    report('scale comments', made, nComments);
  }
  return { events: nEvents, markets: nMarkets, comments: made, profiles: nProfiles, series: nSeries, creators: nCreators, tags: cat.tagIds.size };
}

/** Tags, sites, series and creators through write.ts; profiles in bulk (the creators' wallets among them). */
async function writeReference(db: Db, rng: Prng, profiles: GeneratedProfile[], nSeries: number, nCreators: number): Promise<Catalog> {
  const t0 = BASE_MS - 420 * DAY;
  const tagIds = new Map<string, number>();
  const extraTags = [...COUNTRIES, ...CITIES, ...ASSETS.map((a) => a.name)].map((label) => ({ label, slug: slugify(label) }));
  for (const tag of [...TAGS, ...extraTags]) tagIds.set(tag.slug, await upsertTag(db, tag, t0));
  const sites = [...SITES, { id: 'pythia', name: 'Pythia Exchange', domain: 'pythia.local' }, { id: 'augury', name: 'Augury', domain: 'augury.local' }];
  for (const site of sites) await upsertSite(db, site, t0);
  const seriesIds: number[] = [];
  for (let i = 0; i < nSeries; i++) {
    const title = `${rng.pick([...COUNTRIES, ...CITIES, ...ASSETS.map((a) => a.name)])} ${rng.pick(['Daily', 'Weekly', 'Monthly'])} ${rng.pick(['Close', 'Outlook', 'Matchday', 'Poll', 'Report'])}`;
    const slug = `${slugify(title)}-${(i + 1).toString(36)}`;
    const recurrence = title.includes('Daily') ? 'daily' : title.includes('Weekly') ? 'weekly' : 'monthly';
    seriesIds.push(await upsertSeries(db, { slug, title, ticker: slug, recurrence, image: `${IMAGE_HOST}/series/${slug}.png`, icon: `${IMAGE_HOST}/series/${slug}-icon.png` }, t0));
  }
  const creatorIds: number[] = [];
  for (let i = 0; i < nCreators; i++) {
    const base = CREATORS[i];
    const name = base?.creatorName ?? `${rng.pick(LAST_NAMES)} ${rng.pick(['Research', 'Analytics', 'Markets', 'Labs', 'Desk'])}`;
    const handle = base?.creatorHandle ?? `${slugify(name).replace(/-/g, '_')}_${i}`;
    const wallet = (base ? base.hasWallet : rng.chance(0.4)) ? profiles[i % profiles.length] : undefined;
    if (wallet) wallet.isCreator = true;
    creatorIds.push(await insertCreator(db, {
      creatorName: name, creatorHandle: handle, creatorUrl: base?.creatorUrl ?? `https://${handle.replace(/_/g, '-')}.example`,
      creatorImage: `${IMAGE_HOST}/creators/${handle}.png`, wallet: wallet?.address,
    }, t0 + i * 1000));
  }
  await insertRows(db, 'profiles', profiles.map((p) => ({
    address: p.address, name: p.name, pseudonym: p.pseudonym, bio: p.bio, profile_image: p.profileImage, base_address: p.baseAddress,
    display_username_public: p.displayUsernamePublic ? 1 : 0, is_mod: p.isMod ? 1 : 0, is_creator: p.isCreator ? 1 : 0,
    created_at: p.createdAt, updated_at: p.createdAt,
  })));
  return { tagIds, seriesIds, creatorIds, siteIds: sites.map((s) => s.id) };
}
