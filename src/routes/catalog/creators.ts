/** `GET /events/creators` — event creators, filterable by name and handle. */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { CREATOR_ORDER } from '../../catalog/order.js';
import { CATALOG_ERRORS, EventCreator, page } from './schemas.js';

const Query = Type.Object({
  ...page,
  order: Type.Optional(Type.String({ description: `comma-separated sort fields: ${Object.keys(CREATOR_ORDER).join(', ')} (default id)` })),
  ascending: Type.Optional(Type.Boolean({ default: false })),
  creator_name: Type.Optional(Type.String({ description: 'exact, case-insensitive; an empty name falls back to the wallet' })),
  creator_handle: Type.Optional(Type.String({ description: 'exact, case-insensitive; an empty handle falls back to the wallet' })),
});

export const creatorsRoute: RouteModule = (app, { catalog }) => {
  app.get('/events/creators', {
    schema: { tags: ['catalog'], summary: 'List event creators', querystring: Query, response: { 200: Type.Array(EventCreator), ...CATALOG_ERRORS } },
    config: { family: 'catalog' },
  }, async (req) => catalog.listCreators({ ...req.query, limit: req.query.limit ?? 20, offset: req.query.offset ?? 0 }));
};
