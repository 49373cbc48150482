/** `GET /events/slug/{slug}` — one event with its tags, markets, series and metadata. */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { sendJsonText } from '../../http/json-text.js';
import { dialectOf } from '../../http/mounts.js';
import { CATALOG_ERRORS, EventDetail, creatorParam } from './schemas.js';
import { GammaEvent } from './gamma-schemas.js';

export const eventBySlugRoute: RouteModule = (app, { catalog }) => {
  const gamma = dialectOf(app) === 'gamma'; // /gamma: + the venue's fields (src/catalog/gamma/venue-fields.ts)
  app.get('/events/slug/:slug', {
    schema: {
      tags: ['catalog'], summary: 'Event by slug',
      params: Type.Object({ slug: Type.String() }), querystring: Type.Object({ ...creatorParam }),
      response: { 200: gamma ? GammaEvent : EventDetail, ...CATALOG_ERRORS },
    },
    config: { family: 'catalog' },
  }, async (req, reply) => sendJsonText(reply, gamma
    ? JSON.stringify(await catalog.gammaEvent({ slug: req.params.slug }))
    : await catalog.eventBySlug(req.params.slug, req.query.creator))); // stored JSON (catalog/event-json.ts)
};
