/**
 * `POST /admin/events` — create an event with its markets; series, tags and sites by slug/id
 * (or as objects, created when absent); an optional creator (found by wallet or handle, else
 * created). Generates condition, question and token ids unless given. Answers the created event
 * in the catalog shape, each market with its `conditionId`, `clobTokenIds` and plain `tokenIds`.
 */
import { Type } from 'typebox';
import type { RouteModule } from '../../http/types.js';
import { eventDetailFields } from '../catalog/schemas.js';
import { CreatedMarket, MarketInput } from './markets.js';

const Iso = Type.String({ format: 'date-time' });
const Text = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const Slug = Type.String({ minLength: 1, maxLength: 300, pattern: '^[a-z0-9][a-z0-9-]*$' });

const Body = Type.Object({
  slug: Slug, title: Type.String({ minLength: 1, maxLength: 1000 }), ticker: Text(300), description: Text(20_000),
  resolutionSource: Text(2000), startDate: Type.Optional(Iso), endDate: Type.Optional(Iso), image: Text(2000), icon: Text(2000),
  active: Type.Optional(Type.Boolean()), closed: Type.Optional(Type.Boolean()), archived: Type.Optional(Type.Boolean()),
  negRisk: Type.Optional(Type.Boolean()),
  enableNegRisk: Type.Optional(Type.Boolean({ description: "negRisk's other name (docs/neg-risk.md)" })),
  negRiskFeeBips: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000, description: 'conversion fee of a neg-risk event, bps (default 0)' })),
  negRiskAugmented: Type.Optional(Type.Boolean({ description: 'an augmented neg-risk event: named outcomes, placeholders and an Other' })),
  tags: Type.Optional(Type.Array(Type.Union([Type.String({ minLength: 1 }), Type.Object({ slug: Slug, label: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false })]), { maxItems: 50 })),
  series: Type.Optional(Type.Array(Type.Union([Type.String({ minLength: 1 }), Type.Object({
    slug: Slug, title: Type.String({ minLength: 1, maxLength: 1000 }), ticker: Text(300), seriesType: Text(100), recurrence: Text(100),
  }, { additionalProperties: false })]), { maxItems: 20 })),
  sites: Type.Optional(Type.Array(Type.Union([Type.String({ minLength: 1 }), Type.Object({
    id: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._-]+$' }), name: Type.String({ minLength: 1, maxLength: 200 }), domain: Text(300),
  }, { additionalProperties: false })]), { maxItems: 50 })),
  creator: Type.Optional(Type.Object({
    creatorName: Type.String({ maxLength: 200 }), creatorHandle: Type.String({ maxLength: 200 }), creatorUrl: Text(2000),
    creatorImage: Text(2000), wallet: Type.Optional(Type.String()),
  }, { additionalProperties: false })),
  metadata: Type.Optional(Type.Object({}, { additionalProperties: true })),
  markets: Type.Optional(Type.Array(MarketInput, { maxItems: 200 })),
}, { additionalProperties: false });

export const operatorEvents: RouteModule = (app, { operator }) => {
  app.post('/events', {
    schema: {
      tags: ['operator'], security: [{ operator: [] }], summary: 'Create an event with its markets',
      body: Body, response: { 200: Type.Object({ ...eventDetailFields, markets: Type.Array(CreatedMarket) }) },
    },
    config: { family: 'admin' },
  }, async (req) => operator.createEvent(req.body));
};
