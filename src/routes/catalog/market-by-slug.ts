/** `GET /markets/slug/{slug}` — one catalog market with its event summary in `events`. */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { sendJsonText } from '../../http/json-text.js';
import { dialectOf } from '../../http/mounts.js';
import { CATALOG_ERRORS, CatalogMarket, creatorParam } from './schemas.js';
import { GammaMarket } from './gamma-schemas.js';

export const marketBySlugRoute: RouteModule = (app, { catalog }) => {
  const gamma = dialectOf(app) === 'gamma'; // /gamma: + the venue's fields (src/catalog/gamma/venue-fields.ts)
  app.get('/markets/slug/:slug', {
    schema: {
      tags: ['catalog'], summary: 'Catalog market by slug',
      params: Type.Object({ slug: Type.String() }), querystring: Type.Object({ ...creatorParam }),
      response: { 200: gamma ? GammaMarket : CatalogMarket, ...CATALOG_ERRORS },
    },
    config: { family: 'catalog' },
  }, async (req, reply) => sendJsonText(reply, gamma
    ? JSON.stringify(await catalog.gammaMarket({ slug: req.params.slug }))
    : await catalog.marketBySlug(req.params.slug, req.query.creator))); // stored JSON (catalog/event-json.ts)
};
