/**
 * The operator API: every module here is mounted under `/admin` behind the bearer-token guard
 * (src/http/admin-auth.ts). To add an operator route: write `routes/admin/<name>.ts` exporting a
 * RouteModule with paths relative to `/admin`, and list it in ADMIN_ROUTES.
 */
import type { RouteModule } from '../../http/types.js';
import { adminGuard } from '../../http/admin-auth.js';
import { adminStatus } from './status.js';
import { adminMode } from './mode.js';
import { adminEvents } from './events.js';
import { adminMarkets } from './markets.js';
import { adminComments } from './comments.js';
import { adminProfiles } from './profiles.js';
import { adminDeposit } from './deposit.js';
import { adminResolve } from './resolve.js';

const ADMIN_ROUTES: RouteModule[] = [adminStatus, adminMode, adminEvents, adminMarkets, adminComments, adminProfiles, adminDeposit, adminResolve];

export const admin: RouteModule = (app, services) => {
  app.register(async (scope) => {
    scope.addHook('onRequest', adminGuard(services.config.adminToken));
    for (const route of ADMIN_ROUTES) route(scope as typeof app, services);
  }, { prefix: '/admin' });
};
