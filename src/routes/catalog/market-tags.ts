/**
 * `GET /markets/{id}/tags` — a market's tags (its own, then its event's). Registered as
 * `/markets/:id/tags` only: `GET /markets/{condition_id}` belongs to the order-book routes.
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { CATALOG_ERRORS, Tag, creatorParam } from './schemas.js';

export const marketTagsRoute: RouteModule = (app, { catalog }) => {
  app.get('/markets/:id/tags', {
    schema: {
      tags: ['catalog'], summary: 'Tags of a market (by numeric id or condition id)',
      params: Type.Object({ id: Type.String({ description: 'numeric market id or condition id' }) }),
      querystring: Type.Object({ ...creatorParam }),
      response: { 200: Type.Array(Tag), ...CATALOG_ERRORS },
    },
    config: { family: 'catalog' },
  }, async (req) => catalog.marketTags(req.params.id, req.query.creator));
};
