/**
 * The order-book market lists (`/markets`, `/sampling-markets`, `/simplified-markets`,
 * `/sampling-simplified-markets`) and single reads (`/markets/{id}`, `/clob-markets/{id}`).
 *
 * A page is serialised once and kept in the process's cache (area `marketdata:listings`) while
 * nothing it shows has changed: the catalog's `marketdata` page version (page_versions, bumped by
 * triggers on every catalog write an order-book market object shows, migrations 0005 and 0027),
 * the core's generation, and the live books' versions of the markets on the page (memory; token
 * prices come from them).
 */
import type { ExchangeCore } from '../core/index.js';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { CacheArea } from '../store/cache.js';
import { pageVersions } from '../store/page-versions.js';
import { errors } from '../errors/catalogue.js';
import { isConditionId } from '../domain/ids.js';
import { decodeCursor, endPage, pageOf } from '../domain/cursor.js';
import { loadMarket, loadMarketPage, type ListKind, type MarketBundle } from './market-rows.js';
import { clobMarket, fullMarket, listMarket, payoutsOf, simplifiedMarket, type PriceOf } from './market-shapes.js';
import { outcomeZeroPrice } from './prices.js';
import { bookVersion, type CoreSource } from './versions.js';

export type ListName = 'markets' | 'sampling-markets' | 'simplified-markets' | 'sampling-simplified-markets';

const LISTS: Record<ListName, { kind: ListKind; shape: (b: MarketBundle, p: PriceOf) => unknown }> = {
  'markets': { kind: 'all', shape: listMarket },
  'sampling-markets': { kind: 'sampling', shape: fullMarket },
  'simplified-markets': { kind: 'all', shape: simplifiedMarket },
  'sampling-simplified-markets': { kind: 'sampling', shape: simplifiedMarket },
};

/** Real page size of the market lists (docs/venue.md §5). */
export const MARKET_PAGE_SIZE = 1000;

/**
 * A kept page, under [core generation, `marketdata` page version]: those fix which markets it
 * holds and how; the books on it are checked on the page itself (their versions' sum, `bookKey`).
 */
export interface KeptPage {
  conditionIds: string[];
  bookKey: number;
  /** The page's JSON, encoded once (re-encoding a large string per request costs more than building it). */
  body: Buffer;
}

/** Bytes a kept page holds: its JSON and its condition ids (66 characters each, plus the slot). */
export const keptPageBytes = (p: KeptPage): number => p.body.length + p.conditionIds.length * 150;

/** The page version the market lists are kept under (migration 0027). */
export const LISTINGS_PAGES = 'marketdata';

export class Listings {
  /** Markets per page; tests lower it to walk several pages. */
  pageSize = MARKET_PAGE_SIZE;
  private pendingVersion: Promise<number> | null = null;

  /** `generation`: the core's (versions.ts); `kept`: the area `marketdata:listings`, keyed by list, offset and size. */
  constructor(private readonly db: Kysely<Database>, private readonly generation: CoreSource, private readonly kept: CacheArea<KeptPage>) {}

  /** One page of a list as UTF-8 JSON (the envelope `{data, next_cursor, limit, count}`). */
  async page(list: ListName, cursor: string | undefined): Promise<Buffer> {
    const offset = decodeCursor(cursor);
    const limit = this.pageSize;
    if (offset === null) return Buffer.from(JSON.stringify(endPage(limit)));
    const key = `${list}|${offset}|${limit}`;
    // The catalog version is read before the rows: a page is never older than its version.
    const catalog = await this.catalogVersion();
    let core = this.generation.core;
    const hit = this.kept.get(key, [this.generation.coreGeneration, catalog]);
    if (hit !== undefined && hit.bookKey === bookKey(core, hit.conditionIds)) return hit.body;

    const { kind, shape } = LISTS[list];
    const rows = await loadMarketPage(this.db, kind, offset, limit);
    // After the await: the core (and its generation) read now is the one the prices come from.
    core = this.generation.core;
    const version = [this.generation.coreGeneration, catalog];
    const conditionIds = rows.map((b) => b.m.condition_id);
    const key0 = bookKey(core, conditionIds);
    const priceOf = this.priceOf(core);
    const page = pageOf(rows, offset, limit);
    const body = Buffer.from(JSON.stringify({ ...page, data: page.data.map((b) => shape(b, priceOf)) }));
    return this.kept.set(key, version, { conditionIds, bookKey: key0, body }).body;
  }

  async market(conditionIdText: string) {
    const b = await this.load(conditionIdText);
    return fullMarket(b, this.priceOf(this.generation.core));
  }

  async clobMarket(conditionIdText: string) {
    return clobMarket(await this.load(conditionIdText));
  }

  private async load(text: string): Promise<MarketBundle> {
    const cid = text.toLowerCase();
    if (!isConditionId(cid)) throw errors.badRequest('Invalid condition id');
    const b = await loadMarket(this.db, cid);
    if (!b) throw errors.notFound('market not found');
    return b;
  }

  private priceOf(core: ExchangeCore): PriceOf {
    return (m) => outcomeZeroPrice(core, m.condition_id, payoutsOf(m));
  }

  /**
   * The catalog's `marketdata` page version, read once for all the list requests that arrived in
   * the same turn of the event loop (the read starts after each of them arrived, so none sees an
   * older catalog than it would alone; on SQLite `pageVersions` skips the read while nothing was
   * committed).
   */
  private catalogVersion(): Promise<number> {
    if (this.pendingVersion) return this.pendingVersion;
    const pending = new Promise<number>((resolve, reject) => {
      setImmediate(() => {
        this.pendingVersion = null;
        pageVersions(this.db, [LISTINGS_PAGES]).then((v) => resolve(Number(v)), reject);
      });
    });
    this.pendingVersion = pending;
    return pending;
  }
}

/**
 * Sum of the live book versions of some markets: versions only grow, so any change to any of
 * these books changes the sum (a market without a book counts 0; one gaining a book changes it too).
 */
function bookKey(core: ExchangeCore, conditionIds: string[]): number {
  let sum = 0;
  for (const cid of conditionIds) sum += bookVersion(core, cid) + 1;
  return sum;
}
