/**
 * The catalog's read API as one service (Gamma-compatible: events, markets, tags, creators,
 * comments, search), built once by the composition root (src/server.ts) and reached by the
 * routes of src/routes/catalog as `services.catalog`. It owns what it keeps between requests:
 * its areas of the process's cache (src/store/cache.ts) and, on SQLite, the in-memory search
 * index. The reads themselves are the modules beside it (events.ts, markets.ts, comments.ts,
 * creators.ts, search.ts), their SQL in those files and queries/.
 *
 * Kept answers are kept by version (page-versions.ts): the `page_versions` the answer follows
 * are read first (`pageVersions`: on SQLite not even read while nothing has been committed, the
 * commit probe's memo), and an answer built at the same versions is sent without reading a row.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { Dialect } from '../store/migrations/context.js';
import { jsonTextBytes, type Cache, type CacheArea } from '../store/cache.js';
import { pageVersions } from '../store/page-versions.js';
import type { JsonText } from '../store/stored-json.js';
import { eventBySlug, eventsPage, eventsRequest, type EventListQuery } from './events.js';
import { marketBySlug, marketTags } from './markets.js';
import { listCreators, listTags, type CreatorListQuery } from './creators.js';
import { commentsPage, commentsRequest, userComments, type CommentListQuery } from './comments.js';
import { pageTextBytes, type PageText } from './comment-pages.js';
import { positionsTableExists } from './holders.js';
import { publicSearch, type SearchQuery } from './search.js';
import { SearchIndex } from './search-index/index.js';
import { COMMENT_ANSWERS, SLUG_ANSWERS } from './page-versions.js';
import type { WireComment, WireCreator, WireSearchResult, WireTag } from './schemas.js';
import { gammaEventItems, gammaEventOf, gammaEventTags, gammaMarketOf, tagOf, type Ref } from './gamma/reads.js';
import { gammaMarketsPage, type MarketsPageQuery } from './gamma/markets-page.js';
import { commentById } from './gamma/comments.js';
import { publicProfile, relatedTagResources, relatedTags, seriesById, seriesList } from './gamma/tags-series.js';
import type { WireSeries } from './schemas.js';

type Json = Record<string, unknown>;

export class Catalog {
  /** `GET /events` pages, as the bytes sent. */
  private readonly eventPages: CacheArea<Buffer>;
  /** `GET /events/slug/{slug}` and `GET /markets/slug/{slug}` answers (stored JSON, event-json.ts). */
  private readonly eventAnswers: CacheArea<JsonText>;
  private readonly marketAnswers: CacheArea<JsonText>;
  /** Whole `GET /comments` answers, positions filled in. */
  private readonly comments: CacheArea<string>;
  /** The text of a page of threads with holes for positions, per entity (comment-pages.ts). */
  private readonly commentPages: CacheArea<PageText>;
  /** SQLite: `/public-search` from memory (search-index/); PostgreSQL ranks in SQL. */
  private readonly searchIndex: SearchIndex | undefined;
  private positions: Promise<boolean> | undefined;
  /** Whether SQLite's searches use the in-memory index; tests turn it off to compare with the SQL ranking. */
  indexedSearch = true;

  constructor(private readonly db: Kysely<Database>, private readonly dialect: Dialect, cache: Cache) {
    this.eventPages = cache.area('catalog:events');
    this.eventAnswers = cache.area<JsonText>('catalog:event-by-slug', jsonTextBytes);
    this.marketAnswers = cache.area<JsonText>('catalog:market-by-slug', jsonTextBytes);
    this.comments = cache.area<string>('catalog:comments', jsonTextBytes);
    this.commentPages = cache.area('catalog:comment-pages', pageTextBytes);
    this.searchIndex = dialect === 'sqlite' ? new SearchIndex() : undefined;
  }

  /** Builds the search index (SQLite) at start, so that the first search does not wait for it. */
  async buildSearchIndex(onProgress?: (what: string, done: number, total: number) => void): Promise<void> {
    await this.searchIndex?.build(this.db, onProgress);
  }

  /** A page of `GET /events` as JSON, kept while `events` (and for an order by volume `events:volume`) is unchanged. */
  async listEvents(q: EventListQuery): Promise<Buffer> {
    const { order, key, versions } = eventsRequest(q);
    const version = await pageVersions(this.db, versions);
    const kept = this.eventPages.get(key, version);
    if (kept !== undefined) return kept;
    const page = await eventsPage(this.db, q, order);
    return this.eventPages.set(key, version, typeof page === 'string' ? Buffer.from(page) : page);
  }

  /** `GET /events/slug/{slug}` as JSON, kept under SLUG_ANSWERS. */
  async eventBySlug(slug: string, creator: string | undefined): Promise<JsonText> {
    const version = await pageVersions(this.db, SLUG_ANSWERS);
    return this.eventAnswers.through(JSON.stringify([slug, creator]), version, () => eventBySlug(this.db, slug, creator));
  }

  /** `GET /markets/slug/{slug}` as JSON, kept under SLUG_ANSWERS. */
  async marketBySlug(slug: string, creator: string | undefined): Promise<JsonText> {
    const version = await pageVersions(this.db, SLUG_ANSWERS);
    return this.marketAnswers.through(JSON.stringify([slug, creator]), version, () => marketBySlug(this.db, slug, creator));
  }

  /** `GET /markets/{id}/tags`. */
  marketTags(id: string, creator: string | undefined): Promise<WireTag[]> {
    return marketTags(this.db, id, creator);
  }

  /** `GET /events/creators`. */
  listCreators(q: CreatorListQuery): Promise<WireCreator[]> {
    return listCreators(this.db, q);
  }

  /** `GET /tags`. */
  listTags(q: { limit: number; offset: number }): Promise<WireTag[]> {
    return listTags(this.db, q);
  }

  /** A page of `GET /comments` threads as JSON: the whole answer kept under COMMENT_ANSWERS, its text per entity. */
  async listComments(q: CommentListQuery): Promise<string> {
    const { order, key } = commentsRequest(q);
    const version = await pageVersions(this.db, COMMENT_ANSWERS);
    const kept = this.comments.get(key, version);
    if (kept !== undefined) return kept;
    return this.comments.set(key, version, await commentsPage(this.db, this.commentPages, q, order, await this.positionsExist()));
  }

  /** `GET /comments/user_address/{address}`. */
  async userComments(address: string, q: { limit: number; offset: number }): Promise<WireComment[]> {
    return userComments(this.db, address, q, await this.positionsExist());
  }

  /** `GET /public-search`. */
  publicSearch(q: SearchQuery): Promise<WireSearchResult> {
    return publicSearch(this.db, this.dialect, q, this.indexedSearch ? this.searchIndex : undefined);
  }

  /** `/gamma`: an event by id or slug in the venue's dialect (gamma/venue-fields.ts). */
  gammaEvent(ref: Ref): Promise<Json> { return gammaEventOf(this.db, ref); }

  /** `/gamma`: `GET /events/{id}/tags`. */
  gammaEventTags(id: string): Promise<WireTag[]> { return gammaEventTags(this.db, id); }

  /** `/gamma`: `GET /events/keyset` items with the venue's event fields. */
  gammaEventItems(items: Json[]): Promise<Json[]> { return gammaEventItems(this.db, items); }

  /** `/gamma`: a market by id, condition id or slug in the venue's dialect. */
  gammaMarket(ref: Ref): Promise<Json> { return gammaMarketOf(this.db, ref); }

  /** `/gamma`: a page of `GET /markets/keyset`. */
  gammaMarkets(q: MarketsPageQuery): Promise<Json[]> { return gammaMarketsPage(this.db, q); }

  /** `GET /tags/{id}`, `GET /tags/slug/{slug}`. */
  tag(ref: Ref): Promise<WireTag> { return tagOf(this.db, ref); }

  /** `/gamma`: tags sharing events with a tag, as pairs and as tags. */
  relatedTags(ref: Ref) { return relatedTags(this.db, ref); }
  relatedTagResources(ref: Ref): Promise<WireTag[]> { return relatedTagResources(this.db, ref); }

  /** `/gamma`: `GET /series`, `GET /series/{id}`. */
  listSeries(q: { limit: number; offset: number; slug?: string[]; closed?: boolean }): Promise<WireSeries[]> { return seriesList(this.db, q); }
  series(id: string): Promise<WireSeries> { return seriesById(this.db, id); }

  /** `/gamma`: `GET /comments/{id}`. */
  async comment(id: string): Promise<WireComment[]> { return commentById(this.db, id, await this.positionsExist()); }

  /** `/gamma`: `GET /public-profile`. */
  publicProfile(address: string): Promise<Json> { return publicProfile(this.db, address); }

  /** Whether the exchange's positions table exists (holders.ts), asked once. */
  private positionsExist(): Promise<boolean> {
    return (this.positions ??= positionsTableExists(this.db));
  }
}
