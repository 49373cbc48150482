/** `GET /tags` — the tag list, oldest first, paginated. */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { CATALOG_ERRORS, Tag, page } from './schemas.js';

export const tagsRoute: RouteModule = (app, { catalog }) => {
  app.get('/tags', {
    schema: { tags: ['catalog'], summary: 'List tags', querystring: Type.Object({ ...page }), response: { 200: Type.Array(Tag), ...CATALOG_ERRORS } },
    config: { family: 'catalog' },
  }, async (req) => catalog.listTags({ limit: req.query.limit ?? 20, offset: req.query.offset ?? 0 }));
};
