/** `GET /simplified-markets` — every market in the simplified shape. */
import { listRoute } from './list-route.js';
import { SimplifiedMarket } from './schemas.js';

export const simplifiedMarketsRoute = listRoute('simplified-markets', SimplifiedMarket, 'List simplified markets',
  'All markets by creation order in the simplified shape, 1000 a page.');
