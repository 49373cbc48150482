/**
 * The venue's Gamma reads by id, served on the `/gamma` mount only (the root keeps the spec's
 * by-slug routes; `GET /markets/{condition_id}` at the root is the order book's):
 * `GET /events/{id}`, `/events/{id}/tags`, `/markets/{id}` (numeric ids only),
 * `/markets/keyset`, `/tags/{id}`, `/tags/slug/{slug}`. Events and markets are the stored
 * answers with the venue's fields (src/catalog/gamma/venue-fields.ts, docs/venue.md §6, §11).
 * Also `/tags/{id|slug/…}/related-tags[/tags]`, `/series`, `/series/{id}`, `/comments/{id}` and
 * `/public-profile` (src/catalog/gamma/tags-series.ts, comments.ts).
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../app/services.js';
import { dialectOf } from '../../http/mounts.js';
import { sendJsonText } from '../../http/json-text.js';
import { CATALOG_ERRORS, Series, Tag } from './schemas.js';
import { GammaComment, GammaEvent, GammaMarket } from './gamma-schemas.js';
import { cursorOffset, nextCursor } from './keyset.js';
import { gammaComment } from '../../catalog/gamma/comments.js';

const Id = Type.Object({ id: Type.String({ description: 'numeric id' }) });
const PublicProfile = Type.Object({
  createdAt: Type.String({ format: 'date-time' }), proxyWallet: Type.String(), profileImage: Type.String(), displayUsernamePublic: Type.Boolean(),
  bio: Type.String(), pseudonym: Type.String(), name: Type.String(), users: Type.Array(Type.Object({})), xUsername: Type.String(), verifiedBadge: Type.Boolean(),
});
const C = { family: 'catalog' as const };
const T = ['catalog'];

const MarketsQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  after_cursor: Type.Optional(Type.String({ description: 'the next_cursor of the previous page' })),
  ascending: Type.Optional(Type.Boolean({ default: false })),
  active: Type.Optional(Type.Boolean()), closed: Type.Optional(Type.Boolean()), archived: Type.Optional(Type.Boolean()),
  id: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }))),
  slug: Type.Optional(Type.Array(Type.String())),
  condition_ids: Type.Optional(Type.Array(Type.String())),
  clob_token_ids: Type.Optional(Type.Array(Type.String())),
});

export const gammaReadRoutes: RouteModule = (app, { catalog }) => {
  if (dialectOf(app) !== 'gamma') return;
  app.get('/events/:id', { schema: { tags: T, summary: 'Event by id (Gamma)', params: Id, response: { 200: GammaEvent, ...CATALOG_ERRORS } }, config: C },
    async (req, reply) => sendJsonText(reply, JSON.stringify(await catalog.gammaEvent({ id: req.params.id }))));
  app.get('/events/:id/tags', { schema: { tags: T, summary: 'Tags of an event (Gamma)', params: Id, response: { 200: Type.Array(Tag), ...CATALOG_ERRORS } }, config: C },
    async (req) => catalog.gammaEventTags(req.params.id));
  // Numeric ids only (as the venue's Gamma): `/markets/{condition_id}` stays the order book's route.
  app.get('/markets/:id(^\\d+$)', { schema: { tags: T, summary: 'Market by id (Gamma)', params: Id, response: { 200: GammaMarket, ...CATALOG_ERRORS } }, config: C },
    async (req, reply) => sendJsonText(reply, JSON.stringify(await catalog.gammaMarket({ id: req.params.id }))));
  app.get('/markets/keyset', { schema: { tags: T, summary: 'List markets, cursor-paged (Gamma)', querystring: MarketsQuery, response: { 200: Type.Object({ markets: Type.Array(GammaMarket), next_cursor: Type.Optional(Type.String()) }), ...CATALOG_ERRORS } }, config: C },
    async (req, reply) => {
      const { after_cursor, limit = 20, ...filters } = req.query;
      const offset = cursorOffset(after_cursor);
      const markets = await catalog.gammaMarkets({ ...filters, limit, offset });
      return sendJsonText(reply, JSON.stringify({ markets, ...nextCursor(markets.length, limit, offset) }));
    });
  app.get('/tags/:id', { schema: { tags: T, summary: 'Tag by id', params: Id, response: { 200: Tag, ...CATALOG_ERRORS } }, config: C },
    async (req) => catalog.tag({ id: req.params.id }));
  app.get('/tags/slug/:slug', { schema: { tags: T, summary: 'Tag by slug', params: Type.Object({ slug: Type.String() }), response: { 200: Tag, ...CATALOG_ERRORS } }, config: C },
    async (req) => catalog.tag({ slug: req.params.slug }));
  const Slug = Type.Object({ slug: Type.String() });
  const Related = Type.Array(Type.Object({ id: Type.String(), tagID: Type.Integer(), relatedTagID: Type.Integer(), rank: Type.Integer() }));
  app.get('/tags/:id/related-tags', { schema: { tags: T, summary: 'Tags sharing events with a tag', params: Id, response: { 200: Related, ...CATALOG_ERRORS } }, config: C },
    async (req) => catalog.relatedTags({ id: req.params.id }));
  app.get('/tags/slug/:slug/related-tags', { schema: { tags: T, summary: 'Tags sharing events with a tag', params: Slug, response: { 200: Related, ...CATALOG_ERRORS } }, config: C },
    async (req) => catalog.relatedTags({ slug: req.params.slug }));
  app.get('/tags/:id/related-tags/tags', { schema: { tags: T, summary: 'The tags sharing events with a tag', params: Id, response: { 200: Type.Array(Tag), ...CATALOG_ERRORS } }, config: C },
    async (req) => catalog.relatedTagResources({ id: req.params.id }));
  app.get('/tags/slug/:slug/related-tags/tags', { schema: { tags: T, summary: 'The tags sharing events with a tag', params: Slug, response: { 200: Type.Array(Tag), ...CATALOG_ERRORS } }, config: C },
    async (req) => catalog.relatedTagResources({ slug: req.params.slug }));
  const SeriesQuery = Type.Object({
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })), offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
    slug: Type.Optional(Type.Array(Type.String())), closed: Type.Optional(Type.Boolean()),
  });
  app.get('/series', { schema: { tags: T, summary: 'List series', querystring: SeriesQuery, response: { 200: Type.Array(Series), ...CATALOG_ERRORS } }, config: C },
    async (req) => catalog.listSeries({ ...req.query, limit: req.query.limit ?? 20, offset: req.query.offset ?? 0 }));
  app.get('/series/:id', { schema: { tags: T, summary: 'Series by id', params: Id, response: { 200: Series, ...CATALOG_ERRORS } }, config: C },
    async (req) => catalog.series(req.params.id));
  app.get('/comments/:id', { schema: { tags: T, summary: 'A comment and its replies (Gamma)', params: Id, response: { 200: Type.Array(GammaComment), ...CATALOG_ERRORS } }, config: C },
    async (req, reply) => sendJsonText(reply, JSON.stringify((await catalog.comment(req.params.id)).map((c) => gammaComment(c)))));
  app.get('/public-profile', { schema: { tags: T, summary: 'A wallet\'s public profile', querystring: Type.Object({ address: Type.String() }), response: { 200: PublicProfile, ...CATALOG_ERRORS } }, config: C },
    async (req, reply) => sendJsonText(reply, JSON.stringify(await catalog.publicProfile(req.query.address))));
};
