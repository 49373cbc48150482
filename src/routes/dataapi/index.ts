/**
 * The data API (Polymarket Data API compatible; spec "Positions", "Activity", "Holders"): one
 * file per route, each calling one method of `services.dataApi` (src/dataapi/service.ts) and
 * sending its bytes; the schemas are src/dataapi/schemas.ts. Every route: `config: { family: 'data' }` (simple
 * `{error}` bodies), the SIBYL_DATA_ALLOWLIST check and strict query parameters (shared.ts).
 */
import type { RouteModule } from '../../app/services.js';
import { positionsRoute } from './positions.js';
import { activityRoute } from './activity.js';
import { holdersRoute } from './holders.js';
import { venueDataRoutes } from './venue.js';

const DATA_ROUTES: RouteModule[] = [positionsRoute, activityRoute, holdersRoute, venueDataRoutes /* /data-api only */];

export const dataApiRoutes: RouteModule = (app, services) => {
  for (const route of DATA_ROUTES) route(app, services);
};
