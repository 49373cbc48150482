/**
 * Market data: order books, prices, market listings, price history and public trades — the
 * read side of the CLOB API (issue #6). Books and prices come from the exchange's memory;
 * listings, history and trades from the database; every cache is checked against a version
 * (book versions, the catalog version counter, the committed trade sequence), never a clock.
 * See README.md for the decisions. The composition root builds it once (`services.marketData`).
 */
import type { Store } from '../store/db.js';
import type { ExchangeService } from '../exchange/service.js';
import { BookSnapshots } from './book.js';
import { History } from './history.js';
import { Listings } from './listings.js';
import { Prices } from './prices.js';
import { StaticsCache } from './tokens.js';
import { publicTrades, TRADES_PAGE_SIZE, type TradeQuery } from './trades.js';

/** What market data reads: the database, the live exchange and the clock. */
export interface MarketDataDeps {
  store: Store;
  exchange: ExchangeService;
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
    const db = services.store.db;
    const core = () => services.exchange.core;
    const statics = new StaticsCache(db);
    this.books = new BookSnapshots(core, statics);
    this.prices = new Prices(core, statics);
    this.listings = new Listings(db, core);
    this.history = new History(db, core, () => services.now());
  }

  trades(q: TradeQuery) {
    return publicTrades(this.services.store.db, q, this.tradesPageSize);
  }
}
