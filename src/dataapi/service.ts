/**
 * The data API (`GET /positions`, `/activity`, `/holders`; spec "Positions", "Activity",
 * "Holders", docs/venue.md §7) as one service, built once by the composition root (src/server.ts).
 * Each answer is kept serialised (UTF-8 JSON bytes, sent as they are: encoding a 260 kB string
 * on every send cost more than building the page) in an area of the process's cache, under a
 * version named from the two sources of the one freshness model only:
 * - the exchange's event sequence (stamps.ts): core generation, last committed batch, a stamp
 *   per wallet, a market-row stamp, book versions;
 * - the database's page_versions: `markets` (catalog fields, migration 0024), `profiles` and
 *   `activity` (profile changes, pruned activity rows: migration 0025), read once per request
 *   (on SQLite skipped while nothing has been committed).
 * Every version is taken before anything its answer is built from is read.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { Cache, CacheArea } from '../store/cache.js';
import { pageVersions } from '../store/page-versions.js';
import { conditionIdsParam, walletParam } from './params.js';
import { activityRows, profilesOf } from './queries.js';
import { activityFilter, activityItems } from './activity.js';
import { holderGroups, holdersRequest } from './holders.js';
import { positionItem, positionItems, positionsVersion, shownMarkets } from './positions.js';
import { MarketViews, viewBytes } from './market-info.js';
import { PositionTimes, timesBytes } from './position-times.js';
import { profileFields } from './profiles.js';
import { ExchangeStamps, type ExchangeFeed } from './stamps.js';
import type { ActivityQuery, HoldersQuery, PositionsQuery } from './schemas.js';
import { tradeItems, tradedCount, type Views } from './venue-trades.js';
import { closedPositions, marketPositions, portfolioValue } from './venue-positions.js';
import { accountingSnapshot } from './venue-snapshot.js';
import { builderLeaderboard, builderVolume, liveVolume, openInterest, traderLeaderboard } from './venue-stats.js';
import type * as V from './venue-schemas.js';

export interface DataApiDeps {
  db: Kysely<Database>;
  /** The exchange: positions and books from its core, versions from its event sequence. */
  exchange: ExchangeFeed;
  /** The process's cache (src/store/cache.ts): the data API takes its areas from it. */
  cache: Cache;
  /** ms since the epoch: the time of a position whose change is not written yet. */
  now(): number;
}

/** The page_versions the data API reads, in one read: `activity`, `markets`, `profiles`. */
const PAGE_VERSIONS = ['activity', 'markets', 'profiles'];

export class DataApi {
  private readonly db: Kysely<Database>;
  private readonly exchange: ExchangeFeed;
  private readonly now: () => number;
  private readonly stamps: ExchangeStamps;
  private readonly activityPages: CacheArea<Buffer>;
  private readonly positionPages: CacheArea<Buffer>;
  private readonly holderPages: CacheArea<Buffer>;
  private readonly markets: MarketViews;
  private readonly times: PositionTimes;

  constructor(d: DataApiDeps) {
    this.db = d.db;
    this.exchange = d.exchange;
    this.now = d.now;
    this.stamps = new ExchangeStamps(d.exchange);
    this.activityPages = d.cache.area<Buffer>('dataapi:activity');
    this.positionPages = d.cache.area<Buffer>('dataapi:positions');
    this.holderPages = d.cache.area<Buffer>('dataapi:holders');
    this.markets = new MarketViews(d.db, d.cache.area('dataapi:markets', viewBytes));
    this.times = new PositionTimes(d.db, d.cache.area('dataapi:position-times', timesBytes));
  }

  /**
   * `GET /activity` as JSON bytes. Kept under the core generation, the wallet's stamp (its
   * activity is written only by the exchange's batches) and the `activity` (rows pruned),
   * `markets` and `profiles` page versions: a hit runs no SQL on SQLite, one read on PostgreSQL.
   */
  async activity(q: ActivityQuery): Promise<Buffer> {
    const f = activityFilter(q);
    const [activity, markets, profiles] = await this.pageVersions();
    const version = [this.stamps.generation, this.stamps.wallet(f.wallet), activity, markets, profiles];
    const key = JSON.stringify(f);
    const kept = this.activityPages.get(key, version);
    if (kept !== undefined) return kept;
    const [rows, profile] = await Promise.all([activityRows(this.db, f), profilesOf(this.db, [f.wallet])]);
    const views = await this.markets.of(new Set(rows.map((r) => r.condition_id)), String(markets));
    const items = activityItems(f.wallet, rows, profileFields(profile.get(f.wallet)), views);
    return this.activityPages.set(key, version, Buffer.from(JSON.stringify(items)));
  }

  /**
   * `GET /positions` as JSON bytes. Kept under positions.ts `positionsVersion` (the wallet's
   * stamp, the market-row stamp, the generation, the `markets` version, the books' versions); a
   * page showing a change not yet written (timestamp "now") is not kept. A hit runs no SQL on SQLite.
   */
  async positions(q: PositionsQuery): Promise<Buffer> {
    const wallet = walletParam('user', q.user);
    const only = conditionIdsParam('market', q.market);
    const [, markets] = await this.pageVersions();
    // From here to the first await: the core's state and the stamps of one moment.
    const core = this.exchange.core;
    const now = this.now();
    const held = core.positions(wallet); // copies of the ledger's rows
    const onlySet = only && new Set(only);
    const all = onlySet ? held.filter((p) => onlySet.has(p.conditionId)) : held;
    const walletVersion = [this.stamps.generation, this.stamps.wallet(wallet)];
    const version = positionsVersion(core, [...walletVersion, this.stamps.marketRows], markets, all);
    const key = JSON.stringify([wallet, only, q.sizeThreshold ?? 1, q.redeemable ?? false, q.mergeable ?? false,
      q.limit ?? 100, q.offset ?? 0, q.sortBy ?? 'TOKENS', q.sortDirection ?? 'DESC', q.title ?? '']);
    const kept = this.positionPages.get(key, version);
    if (kept !== undefined) return kept;
    const views = await this.markets.of(shownMarkets(all, q), String(markets));
    const page = positionItems(core, all, q, views);
    const { times, durable } = await this.times.of(wallet, walletVersion, held, page.map((i) => i.p), now);
    const body = Buffer.from(JSON.stringify(page.map((i) => positionItem(wallet, i, times.get(i.p.asset) ?? now))));
    return durable ? this.positionPages.set(key, version, body) : body;
  }

  /**
   * `GET /holders` as JSON bytes. Positions change only through the exchange's committed batches
   * (a reset replaces them under a rebuild), so an answer is kept under the core generation and
   * the last committed batch's seq, with the `profiles` version for the profile fields it shows.
   */
  async holders(q: HoldersQuery): Promise<Buffer> {
    const r = holdersRequest(q);
    const [, , profiles] = await this.pageVersions();
    const version = [this.stamps.generation, this.stamps.committedSeq, profiles];
    const key = `${r.limit} ${r.minSize} ${r.markets.join(',')}`;
    return this.holderPages.get(key, version)
      ?? this.holderPages.set(key, version, Buffer.from(JSON.stringify(await holderGroups(this.db, r))));
  }

  // The venue's further reads (venue-*.ts, docs/venue.md §7): built from the rows and the core
  // at request time, not kept (no second cache: the one freshness model is the rows themselves).
  trades(q: V.TradesQuery): Promise<unknown[]> { return tradeItems(this.db, this.views, q); }
  traded(q: V.TradedQuery) { return tradedCount(this.db, q.user); }
  async value(q: V.ValueQuery) {
    const wallet = walletParam('user', q.user);
    const core = this.exchange.core;
    return portfolioValue(core, await this.views(core.positions(wallet).map((p) => p.conditionId)), q, wallet);
  }
  /** `/v1/accounting/snapshot`: a ZIP of positions.csv and equity.csv. */
  async accountingSnapshot(q: V.SnapshotQuery): Promise<Buffer> {
    const wallet = walletParam('user', q.user);
    const core = this.exchange.core;
    return accountingSnapshot(core, wallet, await this.views(core.positions(wallet).map((p) => p.conditionId)), this.now());
  }
  closedPositions(q: V.ClosedPositionsQuery): Promise<unknown[]> { return closedPositions(this.db, this.exchange.core, this.views, q); }
  marketPositions(q: V.MarketPositionsQuery): Promise<unknown[]> { return marketPositions(this.db, this.exchange.core, this.views, q); }
  openInterest(q: V.OpenInterestQuery) { return openInterest(this.db, q); }
  liveVolume(q: V.LiveVolumeQuery) { return liveVolume(this.db, q); }
  leaderboard(q: V.LeaderboardQuery): Promise<unknown[]> { return traderLeaderboard(this.db, this.exchange.core, q, this.now()); }
  builderLeaderboard(q: V.BuilderLeaderboardQuery): Promise<unknown[]> { return builderLeaderboard(this.db, q, this.now()); }
  builderVolume(q: V.BuilderVolumeQuery): Promise<unknown[]> { return builderVolume(this.db, q, this.now()); }

  /** Catalog fields of some markets, under the current `markets` version. */
  private readonly views: Views = async (ids) => {
    const [, markets] = await this.pageVersions();
    return this.markets.of(ids, String(markets));
  };

  private async pageVersions(): Promise<number[]> {
    return (await pageVersions(this.db, PAGE_VERSIONS)).split('.').map(Number);
  }
}
