/** `GET /sampling-markets` — markets in the rewards (sampling) programme, in the by-id form. */
import { listRoute } from './list-route.js';
import { FullMarket } from './schemas.js';

export const samplingMarketsRoute = listRoute('sampling-markets', FullMarket, 'List sampling (rewards) markets',
  'Markets with an order book that are active, open, not archived, unresolved, accepting orders and have a daily rewards rate above zero; 1000 a page.');
