/**
 * The catalog API (Gamma-compatible; spec "Catalog" and "Comments"): one file per route, each
 * parsing its request, calling one method of `services.catalog` (src/catalog/service.ts) and
 * sending the answer. The wire shapes are src/catalog/schemas.ts (re-exported by schemas.ts here,
 * with the page bounds and errors the routes share). To add a catalog route: write the file, give
 * it `config: { family: 'catalog' }` (typed `{type, error}` errors) and list it here.
 */
import type { RouteModule } from '../../app/services.js';
import { eventsRoute } from './events.js';
import { eventBySlugRoute } from './event-by-slug.js';
import { marketBySlugRoute } from './market-by-slug.js';
import { marketTagsRoute } from './market-tags.js';
import { creatorsRoute } from './creators.js';
import { tagsRoute } from './tags.js';
import { commentsRoute } from './comments.js';
import { userCommentsRoute } from './user-comments.js';
import { publicSearchRoute } from './public-search.js';
import { eventsKeysetRoute } from './events-keyset.js';
import { venueEmptyRoutes } from './venue-empty.js';
import { gammaReadRoutes } from './gamma-reads.js';

const CATALOG_ROUTES: RouteModule[] = [
  eventsRoute, eventBySlugRoute, marketBySlugRoute, marketTagsRoute, creatorsRoute, tagsRoute,
  commentsRoute, userCommentsRoute, publicSearchRoute,
  eventsKeysetRoute, gammaReadRoutes, venueEmptyRoutes, // Gamma's dialect only (/gamma)
];

export const catalog: RouteModule = (app, services) => {
  for (const route of CATALOG_ROUTES) route(app, services);
};
