/** The trading API: order entry, cancels, account reads and the custodial ledger routes (all L2). */
import type { RouteModule } from '../../app/services.js';
import { postOrder } from './post-order.js';
import { postOrders } from './post-orders.js';
import { cancelRoutes } from './cancels.js';
import { accountRoutes } from './account.js';
import { ledgerRoutes } from './ledger.js';
import { rateLimitTier } from './rate-limit-tier.js';
import { venueAccountRoutes } from './venue-account.js';

export const TRADING_ROUTES: RouteModule[] = [postOrder, postOrders, cancelRoutes, accountRoutes, ledgerRoutes, rateLimitTier, venueAccountRoutes];
