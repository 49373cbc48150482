/** `GET /sampling-simplified-markets` — the sampling (rewards) markets in the simplified shape. */
import { listRoute } from './list-route.js';
import { SimplifiedMarket } from './schemas.js';

export const samplingSimplifiedMarketsRoute = listRoute('sampling-simplified-markets', SimplifiedMarket, 'List sampling markets, simplified',
  'The sampling markets (see GET /sampling-markets) in the simplified shape, 1000 a page.');
