/** `GET /public-search` — events and tags matching a query, ranked (src/catalog/search.ts). */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { CATALOG_ERRORS, SearchResult, creatorParam } from './schemas.js';

const Query = Type.Object({
  q: Type.String({ maxLength: 200 }),
  limit_per_type: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 25 })),
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  search_tags: Type.Optional(Type.Boolean({ default: true })),
  search_profiles: Type.Optional(Type.Boolean({ default: false, description: 'accepted for compatibility; profiles are never returned' })),
  ...creatorParam,
});

export const publicSearchRoute: RouteModule = (app, { catalog }) => {
  app.get('/public-search', {
    schema: { tags: ['catalog'], summary: 'Search events and tags', querystring: Query, response: { 200: SearchResult, ...CATALOG_ERRORS } },
    config: { family: 'catalog' },
  }, async (req) => catalog.publicSearch({
    q: req.query.q, limit_per_type: req.query.limit_per_type ?? 25, page: req.query.page ?? 1,
    search_tags: req.query.search_tags ?? true, creator: req.query.creator,
  }));
};
