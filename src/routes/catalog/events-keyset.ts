/**
 * `GET /events/keyset` — Gamma's cursor-paged event list (the venue's current SDK lists events
 * only through it): `{events, next_cursor?}`, `after_cursor` continuing where the last page ended
 * and `limit` its size; no `next_cursor` on the last page. Served on the `/gamma` mount only (the
 * root keeps the spec's `/events`). The cursor is opaque to clients; here it is the offset of the
 * next page (keyset.ts). The events are the `/events` list's, with its filters, plus the venue's
 * event fields (negRisk, negRiskMarketID, enableNegRisk, negRiskAugmented, volume).
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { dialectOf } from '../../http/mounts.js';
import { sendJsonText } from '../../http/json-text.js';
import { CATALOG_ERRORS } from './schemas.js';
import { GammaEventListItem } from './gamma-schemas.js';
import { cursorOffset, nextCursor } from './keyset.js';

const Query = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  after_cursor: Type.Optional(Type.String({ description: 'the next_cursor of the previous page' })),
  active: Type.Optional(Type.Boolean()),
  closed: Type.Optional(Type.Boolean()),
  archived: Type.Optional(Type.Boolean()),
  tag_slug: Type.Optional(Type.String()),
  ascending: Type.Optional(Type.Boolean({ default: false })),
});

const Page = Type.Object({
  events: Type.Array(GammaEventListItem),
  next_cursor: Type.Optional(Type.String()),
});

export const eventsKeysetRoute: RouteModule = (app, { catalog }) => {
  if (dialectOf(app) !== 'gamma') return;
  app.get('/events/keyset', {
    schema: { tags: ['catalog'], summary: 'List events, cursor-paged (Gamma)', querystring: Query, response: { 200: Page, ...CATALOG_ERRORS } },
    config: { family: 'catalog' },
  }, async (req, reply) => {
    const { after_cursor, limit = 20, ...filters } = req.query;
    const offset = cursorOffset(after_cursor);
    const stored = JSON.parse((await catalog.listEvents({ ...filters, limit, offset })).toString('utf8')) as Array<Record<string, unknown>>;
    const events = await catalog.gammaEventItems(stored); // + the venue's neg-risk fields
    return sendJsonText(reply, JSON.stringify({ events, ...nextCursor(events.length, limit, offset) }));
  });
};
