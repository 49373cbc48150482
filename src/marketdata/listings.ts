/**
 * The order-book market lists (`/markets`, `/sampling-markets`, `/simplified-markets`,
 * `/sampling-simplified-markets`) and single reads (`/markets/{id}`, `/clob-markets/{id}`).
 *
 * A page is serialised once and reused while nothing it shows has changed: the catalog version
 * (one single-row read of `marketdata_version`, bumped by triggers on every catalog write) and
 * the live books' versions of the markets on the page (memory; token prices come from them).
 */
import type { ExchangeCore } from '../core/index.js';
import type { Db } from '../catalog/write.js';
import { errors } from '../errors/catalogue.js';
import { isConditionId } from '../domain/ids.js';
import { decodeCursor, endPage, pageOf } from '../domain/cursor.js';
import { loadMarket, loadMarketPage, type ListKind, type MarketBundle } from './market-rows.js';
import { clobMarket, fullMarket, listMarket, payoutsOf, simplifiedMarket, type PriceOf } from './market-shapes.js';
import { outcomeZeroPrice } from './prices.js';
import { bookVersion } from './versions.js';

export type ListName = 'markets' | 'sampling-markets' | 'simplified-markets' | 'sampling-simplified-markets';

const LISTS: Record<ListName, { kind: ListKind; shape: (b: MarketBundle, p: PriceOf) => unknown }> = {
  'markets': { kind: 'all', shape: listMarket },
  'sampling-markets': { kind: 'sampling', shape: fullMarket },
  'simplified-markets': { kind: 'all', shape: simplifiedMarket },
  'sampling-simplified-markets': { kind: 'sampling', shape: simplifiedMarket },
};

/** Real page size of the market lists (compat.md §5). */
export const MARKET_PAGE_SIZE = 1000;

interface CachedPage {
  catalogVersion: number;
  core: ExchangeCore;
  bookKey: number;
  conditionIds: string[];
  /** The page's JSON, encoded once (re-encoding a large string per request costs more than building it). */
  body: Buffer;
}

export class Listings {
  /** Markets per page; tests lower it to walk several pages. */
  pageSize = MARKET_PAGE_SIZE;
  private readonly pages = new Map<string, CachedPage>();
  private pendingVersion: Promise<number> | null = null;
  private readonly versionQuery;

  constructor(private readonly db: Db, private readonly core: () => ExchangeCore) {
    this.versionQuery = db.selectFrom('marketdata_version').select('version').where('id', '=', 1).compile();
  }

  /** One page of a list as UTF-8 JSON (the envelope `{data, next_cursor, limit, count}`). */
  async page(list: ListName, cursor: string | undefined): Promise<Buffer> {
    const offset = decodeCursor(cursor);
    const limit = this.pageSize;
    if (offset === null) return Buffer.from(JSON.stringify(endPage(limit)));
    const key = `${list}|${offset}|${limit}`;
    const version = await this.catalogVersion();
    const core = this.core();
    const hit = this.pages.get(key);
    if (hit && hit.catalogVersion === version && hit.core === core && hit.bookKey === bookKey(core, hit.conditionIds)) return hit.body;

    const { kind, shape } = LISTS[list];
    const rows = await loadMarketPage(this.db, kind, offset, limit);
    const conditionIds = rows.map((b) => b.m.condition_id);
    const key0 = bookKey(core, conditionIds);
    const priceOf = this.priceOf(core);
    const page = pageOf(rows, offset, limit);
    const body = Buffer.from(JSON.stringify({ ...page, data: page.data.map((b) => shape(b, priceOf)) }));
    if (hit && hit.catalogVersion !== version) this.pages.clear();
    this.pages.set(key, { catalogVersion: version, core, bookKey: key0, conditionIds, body });
    return body;
  }

  async market(conditionIdText: string) {
    const b = await this.load(conditionIdText);
    return fullMarket(b, this.priceOf(this.core()));
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
   * The catalog version, read once for all the list requests that arrived in the same turn of
   * the event loop (the read starts after each of them arrived, so none sees an older catalog
   * than it would alone), with the statement compiled once.
   */
  private catalogVersion(): Promise<number> {
    if (this.pendingVersion) return this.pendingVersion;
    const pending = new Promise<number>((resolve, reject) => {
      setImmediate(() => {
        this.pendingVersion = null;
        this.db.executeQuery(this.versionQuery).then((r) => resolve(Number(r.rows[0]?.version ?? 0)), reject);
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
