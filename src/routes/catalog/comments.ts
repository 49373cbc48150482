/** `GET /comments` — top-level comments of an entity (or all), replies nested below. */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { COMMENT_ORDER } from '../../catalog/order.js';
import { CATALOG_ERRORS, Comment, page } from './schemas.js';
import { GammaComment } from './gamma-schemas.js';
import { sendJsonText } from '../../http/json-text.js';
import { dialectOf } from '../../http/mounts.js';
import { gammaComment } from '../../catalog/gamma/comments.js';

const Query = Type.Object({
  ...page,
  order: Type.Optional(Type.String({ description: `comma-separated sort fields: ${Object.keys(COMMENT_ORDER).join(', ')} (default createdAt)` })),
  ascending: Type.Optional(Type.Boolean({ default: false, description: 'compatibility extension; default newest first' })),
  parent_entity_type: Type.Optional(Type.Union([Type.Literal('Event'), Type.Literal('Series'), Type.Literal('market')])),
  parent_entity_id: Type.Optional(Type.String({ description: 'integer id of the entity; needs parent_entity_type' })),
  event_slug: Type.Optional(Type.String()),
  holders_only: Type.Optional(Type.Boolean({ description: 'only comments by wallets holding a position in the entity' })),
});

export const commentsRoute: RouteModule = (app, { catalog }) => {
  const gamma = dialectOf(app) === 'gamma'; // /gamma: the venue's comment values (catalog/gamma/comments.ts)
  app.get('/comments', {
    schema: { tags: ['catalog'], summary: 'List comments', querystring: Query, response: { 200: Type.Array(gamma ? GammaComment : Comment), ...CATALOG_ERRORS } },
    config: { family: 'catalog' },
  }, async (req, reply) => {
    const page = await catalog.listComments({ ...req.query, limit: req.query.limit ?? 20, offset: req.query.offset ?? 0 });
    return sendJsonText(reply, gamma ? JSON.stringify((JSON.parse(page) as Array<Record<string, unknown>>).map(gammaComment)) : page);
  });
};
