/**
 * Market data: order books, prices, market listings, price history and public trades — the
 * read side of the CLOB API (issue #6). Books and prices come from the exchange's memory;
 * listings, history and trades from the database. Kept answers live in areas of the process's
 * cache (`marketdata:*`), each at a version from the exchange's side (core generation, book
 * versions, trade seq) or the database's `page_versions` (`marketdata`), never a clock.
 * See README.md for the decisions. The composition root builds it once (`services.marketData`).
 */
import type { Store } from '../store/db.js';
import type { ExchangeService } from '../exchange/service.js';
import { jsonTextBytes, type Cache } from '../store/cache.js';
import { BookSnapshots } from './book.js';
import { History } from './history.js';
import { keptPageBytes, Listings, type KeptPage } from './listings.js';
import { Prices } from './prices.js';
import { StaticsCache } from './tokens.js';
import { publicTrades, TRADES_PAGE_SIZE, type TradeQuery } from './trades.js';
import { bookHistory, type BookHistoryQuery } from './book-history-query.js';

/** What market data reads: the database, the live exchange, the clock; and the process's cache it keeps answers in. */
export interface MarketDataDeps {
  store: Store;
  exchange: ExchangeService;
  cache: Cache;
  now(): number;
}

export class MarketData {
  readonly books: BookSnapshots;
  readonly prices: Prices;
  readonly listings: Listings;
  readonly history: History;
  /** Trades per page of `GET /trades`; tests lower it. */
  tradesPageSize = TRADES_PAGE_SIZE;

  constructor(private readonly services: MarketDataDeps) {
    const { store: { db }, cache } = services;
    const generation = services.exchange; // the core and its generation (versions.ts)
    const statics = new StaticsCache(db, generation);
    this.books = new BookSnapshots(generation, statics, cache.area('marketdata:books'));
    this.prices = new Prices(generation, statics, cache.area('marketdata:prices'));
    this.listings = new Listings(db, generation, cache.area<KeptPage>('marketdata:listings', keptPageBytes));
    this.history = new History(db, generation, () => services.now(),
      cache.area<string>('marketdata:history', jsonTextBytes), cache.area('marketdata:history-json'));
  }

  trades(q: TradeQuery) {
    return publicTrades(this.services.store.db, this.services.exchange.core, q, this.tradesPageSize);
  }

  /** `GET /orderbook-history`: a token's recorded book snapshots (docs/sandbox.md), as JSON bytes. */
  orderbookHistory(q: BookHistoryQuery): Promise<Buffer> {
    return bookHistory(this.services.store.db, this.services.exchange.core, q);
  }
}
