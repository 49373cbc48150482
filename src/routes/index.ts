/**
 * Every route module of the service, by API family. Adding a route in 4 steps:
 * 1. write `routes/<family>/<route>.ts` exporting a `RouteModule`, schemas in the same file;
 * 2. give it `config: { family }` so errors take the family's shape;
 * 3. call a service for the work (no SQL or domain logic in the route);
 * 4. list it below and add a test next to it.
 */
import type { RouteModule } from '../app/services.js';
import { root } from './basics/root.js';
import { time } from './basics/time.js';
import { metrics } from './basics/metrics.js';
import { venueFaults } from './basics/venue-faults.js';
import { operatorRoutes } from './operator/index.js';
import { authRoutes } from './auth/index.js';
import { heartbeatRoutes } from './heartbeats/index.js';
import { catalog } from './catalog/index.js';
import { marketDataRoutes } from './marketdata/index.js';
import { dataApiRoutes } from './dataapi/index.js';
import { TRADING_ROUTES } from './trading/index.js';
import { streamRoutes } from './streams/index.js';
import { botRoutes } from './bots/index.js';
import { relayerRoutes } from './relayer/index.js';
import { explorerRoutes } from '../explorer/routes.js'; // the web page at /explorer (src/explorer/README.md)

export const ROUTES: RouteModule[] = [root, time, metrics, venueFaults, operatorRoutes, catalog, authRoutes, heartbeatRoutes, dataApiRoutes, marketDataRoutes, ...TRADING_ROUTES, botRoutes, streamRoutes, explorerRoutes];

/**
 * The venue's three hosts, each under its own mount (src/http/mounts.ts): the same route modules
 * as the root, registered under the prefix, so each route has one implementation and the mount
 * picks the dialect (`dialectOf(app)`). Gamma's and the Data API's `/markets` and `/trades` are
 * their own there, not the CLOB's. `/relayer` has routes of its own only (the relayer host).
 */
export const MOUNTS: Record<string, RouteModule[]> = {
  '/clob': [root, time, authRoutes, heartbeatRoutes, marketDataRoutes, ...TRADING_ROUTES, botRoutes],
  '/gamma': [catalog],
  '/data-api': [dataApiRoutes],
  '/relayer': [relayerRoutes], // what @polymarket/client's default wallet flow asks the relayer (routes/relayer/README.md)
};
