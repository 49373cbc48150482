/**
 * The CLOB market-data API (issue #6): one file per route, shared wire shapes in schemas.ts, the
 * work in src/marketdata. To add a route: write the file with `config: { family: 'clob' }`
 * (simple `{error}` errors), call src/marketdata, and list it here.
 */
import type { RouteModule } from '../../app/services.js';
import { marketsRoute } from './markets.js';
import { samplingMarketsRoute } from './sampling-markets.js';
import { simplifiedMarketsRoute } from './simplified-markets.js';
import { samplingSimplifiedMarketsRoute } from './sampling-simplified-markets.js';
import { marketByIdRoute } from './market-by-id.js';
import { clobMarketRoute } from './clob-market.js';
import { bookRoute } from './book.js';
import { booksRoute } from './books.js';
import { pricesRoute } from './prices.js';
import { priceRoute } from './price.js';
import { midpointRoute } from './midpoint.js';
import { midpointsRoute } from './midpoints.js';
import { spreadRoute } from './spread.js';
import { spreadsRoute } from './spreads.js';
import { lastTradePriceRoute } from './last-trade-price.js';
import { lastTradesPricesRoute } from './last-trades-prices.js';
import { tickSizeRoute } from './tick-size.js';
import { negRiskRoute } from './neg-risk.js';
import { pricesHistoryRoute } from './prices-history.js';
import { batchPricesHistoryRoute } from './batch-prices-history.js';
import { tradesRoute } from './trades.js';
import { orderbookHistoryRoute } from './orderbook-history.js';

const CLOB_MARKET_DATA: RouteModule[] = [
  marketsRoute, samplingMarketsRoute, simplifiedMarketsRoute, samplingSimplifiedMarketsRoute, marketByIdRoute, clobMarketRoute,
  bookRoute, booksRoute, pricesRoute, priceRoute, midpointRoute, midpointsRoute, spreadRoute, spreadsRoute,
  lastTradePriceRoute, lastTradesPricesRoute, tickSizeRoute, negRiskRoute, pricesHistoryRoute, batchPricesHistoryRoute, tradesRoute,
  orderbookHistoryRoute,
];

export const marketDataRoutes: RouteModule = (app, services) => {
  for (const route of CLOB_MARKET_DATA) route(app, services);
};
