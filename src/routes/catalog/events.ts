/** `GET /events` — the event list with every filter, sort order and page bound of the spec. */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { sendJsonText } from '../../http/json-text.js';
import { EVENT_ORDER } from '../../catalog/order.js';
import { CATALOG_ERRORS, EventListItem, creatorParam, page } from './schemas.js';

const Query = Type.Object({
  ...page,
  active: Type.Optional(Type.Boolean()),
  closed: Type.Optional(Type.Boolean()),
  archived: Type.Optional(Type.Boolean()),
  tag: Type.Optional(Type.String({ description: 'tag slug (alias of tag_slug)' })),
  tag_id: Type.Optional(Type.Integer({ minimum: 0 })),
  tag_slug: Type.Optional(Type.String()),
  series_slug: Type.Optional(Type.String()),
  slug: Type.Optional(Type.String({ description: 'event slug' })),
  order: Type.Optional(Type.String({ description: `comma-separated sort fields: ${Object.keys(EVENT_ORDER).join(', ')} (default id)` })),
  ascending: Type.Optional(Type.Boolean({ default: false })),
  ...creatorParam,
});

export const eventsRoute: RouteModule = (app, { catalog }) => {
  app.get('/events', {
    schema: { tags: ['catalog'], summary: 'List events', querystring: Query, response: { 200: Type.Array(EventListItem), ...CATALOG_ERRORS } },
    config: { family: 'catalog' },
  }, async (req, reply) => {
    // The page is JSON already (stored items); the schema documents it and tests check the bytes.
    const page = await catalog.listEvents({ ...req.query, limit: req.query.limit ?? 20, offset: req.query.offset ?? 0 });
    return sendJsonText(reply, page);
  });
};
