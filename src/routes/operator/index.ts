/**
 * The operator API: every module here is mounted under `/admin` behind the bearer-token guard
 * (src/http/operator-auth.ts). To add an operator route: write `routes/operator/<name>.ts` exporting a
 * RouteModule with paths relative to `/admin`, and list it in OPERATOR_ROUTES.
 */
import type { RouteModule } from '../../app/services.js';
import { operatorGuard } from '../../http/operator-auth.js';
import { operatorStatus } from './status.js';
import { operatorMode } from './mode.js';
import { operatorEvents } from './events.js';
import { operatorMarkets } from './markets.js';
import { operatorComments } from './comments.js';
import { operatorProfiles } from './profiles.js';
import { operatorDeposit } from './deposit.js';
import { operatorResolve } from './resolve.js';
import { operatorDemo } from './demo.js';
import { operatorSigners } from './signers.js';
import { operatorFaults } from './faults.js';
import { operatorRateLimitTier } from './rate-limit-tier.js';
import { operatorScenarios } from './scenarios.js';

const OPERATOR_ROUTES: RouteModule[] = [operatorStatus, operatorMode, operatorEvents, operatorMarkets, operatorComments, operatorProfiles, operatorDeposit, operatorResolve, operatorSigners, operatorDemo, operatorFaults, operatorRateLimitTier, operatorScenarios];

export const operatorRoutes: RouteModule = (app, services) => {
  app.register(async (scope) => {
    scope.addHook('onRequest', operatorGuard(services.config.adminToken));
    for (const route of OPERATOR_ROUTES) route(scope as typeof app, services);
  }, { prefix: '/admin' });
};
