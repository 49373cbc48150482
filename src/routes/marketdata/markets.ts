/** `GET /markets` — every order-book market, list form (no status/market_id/slug/assets_ids/outcomes/event/raw_metadata). */
import { listRoute } from './list-route.js';
import { ListMarket } from './schemas.js';

export const marketsRoute = listRoute('markets', ListMarket, 'List order-book markets',
  'All markets by creation order, 1000 a page. Token prices: the payout once resolved, else the live midpoint, else the last trade, else 0.5.');
