/**
 * The operator's catalog writes as TypeBox schemas (events, markets, settings, comments,
 * profiles), the one source of each shape: the `/admin` routes declare them (validation,
 * OpenAPI) and `Operator` takes its types from them (`Static<>`), so the two cannot drift apart.
 * Here rather than under routes/ because services may not import routes
 * (test/foundation/layers.test.ts). The answers are in the catalog's shapes
 * (src/catalog/schemas.ts). The instance's shapes are in instance-schemas.ts.
 */
import { Type, type Static } from 'typebox';
import { MAX_FEE_BPS } from '../domain/money.js';
import { EventSummary, FlatComment, NestedMarket, eventDetailFields, marketFields } from '../catalog/schemas.js';

const Amount = Type.Union([Type.String({ pattern: '^\\d+(\\.\\d+)?$' }), Type.Number({ minimum: 0 })]);
const Int = (max: number) => Type.Integer({ minimum: 0, maximum: max });
const Iso = Type.String({ format: 'date-time' });
const Text = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const Slug = Type.String({ minLength: 1, maxLength: 300, pattern: '^[a-z0-9][a-z0-9-]*$' });

/** A market's flags and order-book settings, with the order-book market's snake_case names. */
export const settingsFields = {
  active: Type.Optional(Type.Boolean()), closed: Type.Optional(Type.Boolean()), archived: Type.Optional(Type.Boolean()),
  accepting_orders: Type.Optional(Type.Boolean()), enable_order_book: Type.Optional(Type.Boolean()),
  minimum_tick_size: Type.Optional(Amount), minimum_order_size: Type.Optional(Amount),
  maker_base_fee: Type.Optional(Int(MAX_FEE_BPS)), taker_base_fee: Type.Optional(Int(MAX_FEE_BPS)), seconds_delay: Type.Optional(Int(3600)),
  notifications_enabled: Type.Optional(Type.Boolean()), is_50_50_outcome: Type.Optional(Type.Boolean()), itode: Type.Optional(Type.Boolean()),
  taker_order_delay_ms: Type.Optional(Int(3_600_000)), order_age_seconds: Type.Optional(Int(86_400)),
  check_enabled: Type.Optional(Type.Boolean()), rfq_enabled: Type.Optional(Type.Boolean()),
  rewards_min_size: Type.Optional(Amount), rewards_max_spread: Type.Optional(Amount), rewards_daily_rate: Type.Optional(Amount),
  fpmm: Type.Optional(Type.String({ maxLength: 100 })), game_start_time: Type.Optional(Type.Union([Iso, Type.Null()])),
};

const Ref = Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Object({ slug: Type.String({ minLength: 1, maxLength: 200 }), label: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false })]);

const marketInputFields = {
  question: Type.String({ minLength: 1, maxLength: 1000 }), slug: Slug,
  conditionId: Type.Optional(Type.String()), questionId: Type.Optional(Type.String()),
  description: Type.Optional(Type.String({ maxLength: 20_000 })), resolutionSource: Type.Optional(Type.String({ maxLength: 2000 })),
  startDate: Type.Optional(Iso), endDate: Type.Optional(Iso), image: Type.Optional(Type.String({ maxLength: 2000 })), icon: Type.Optional(Type.String({ maxLength: 2000 })),
  outcomes: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 2, maxItems: 2 })),
  tags: Type.Optional(Type.Array(Ref, { maxItems: 50 })),
  metadata: Type.Optional(Type.Object({}, { additionalProperties: true })),
  negRiskPlaceholder: Type.Optional(Type.Boolean({ description: 'an unnamed placeholder of an augmented neg-risk event: no orders until named (docs/neg-risk.md)' })),
  negRiskOther: Type.Optional(Type.Boolean({ description: "the augmented neg-risk event's Other: no orders until resolved" })),
  ...settingsFields,
};
/** A market of a new event (`POST /admin/events` `markets[]`). */
export const MarketInput = Type.Object(marketInputFields, { additionalProperties: false });
export type MarketInput = Static<typeof MarketInput>;

/** A created market of a new event: the catalog shape plus its token ids as a plain array. */
export const CreatedMarket = Type.Object({ ...marketFields, tokenIds: Type.Array(Type.String()) });

/** `POST /admin/events`'s answer: the event in the catalog shape, with its created markets. */
export const CreatedEvent = Type.Object({ ...eventDetailFields, markets: Type.Array(CreatedMarket) });
export type CreatedEvent = Static<typeof CreatedEvent>;

/** `POST /admin/markets`: a market added to an existing event. */
export const AddMarketInput = Type.Object({ eventSlug: Type.String({ minLength: 1 }), ...marketInputFields }, { additionalProperties: false });
export type AddMarketInput = Static<typeof AddMarketInput>;

/** `POST /admin/markets`'s answer: the catalog's market with its events, plus its token ids. */
export const AddedMarket = Type.Object({ ...NestedMarket.properties, tokenIds: Type.Array(Type.String()), events: Type.Array(EventSummary) });
export type AddedMarket = Static<typeof AddedMarket>;

/** `PATCH /admin/markets/{condition_id}`: settings, or `question` (and `slug`) to name a placeholder. */
export const MarketPatchInput = Type.Object({
  ...settingsFields,
  question: Type.Optional(Type.String({ minLength: 1, maxLength: 1000, description: 'names a placeholder of an augmented neg-risk event (docs/neg-risk.md)' })),
  slug: Type.Optional(Type.String({ minLength: 1, maxLength: 300, pattern: '^[a-z0-9][a-z0-9-]*$', description: 'with question: the named market\'s new slug' })),
}, { additionalProperties: false, minProperties: 1 });
export type MarketPatchInput = Static<typeof MarketPatchInput>;

/** A market's settings after a patch, as the order-book market shows them. */
export const MarketSettings = Type.Object({
  condition_id: Type.String(), active: Type.Boolean(), closed: Type.Boolean(), archived: Type.Boolean(),
  accepting_orders: Type.Boolean(), enable_order_book: Type.Boolean(), minimum_tick_size: Type.Number(), minimum_order_size: Type.Number(),
  maker_base_fee: Type.Number(), taker_base_fee: Type.Number(), seconds_delay: Type.Integer(), notifications_enabled: Type.Boolean(),
  is_50_50_outcome: Type.Boolean(), itode: Type.Boolean(), taker_order_delay_ms: Type.Number(), order_age_seconds: Type.Number(),
  check_enabled: Type.Boolean(), rfq_enabled: Type.Boolean(), rewards_min_size: Type.Number(), rewards_max_spread: Type.Number(),
  rewards_daily_rate: Type.Number(), fpmm: Type.String(),
});
export type MarketSettings = Static<typeof MarketSettings>;

/** `POST /admin/events`: an event with its markets; series, tags and sites by slug/id or as objects. */
export const EventInput = Type.Object({
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
export type EventInput = Static<typeof EventInput>;

/** `POST /admin/comments`: a comment (or a reply) on an event, series or market. */
export const CommentInput = Type.Object({
  body: Type.String({ minLength: 1, maxLength: 10_000 }),
  parentEntityType: Type.Union([Type.Literal('Event'), Type.Literal('Series'), Type.Literal('market')]),
  parentEntityID: Type.Integer({ minimum: 1 }),
  parentCommentID: Type.Optional(Type.Union([Type.String({ pattern: '^\\d+$' }), Type.Integer({ minimum: 1 }), Type.Null()])),
  userAddress: Type.String(), replyAddress: Type.Optional(Type.String()),
  createdAt: Type.Optional(Type.String({ format: 'date-time' })),
  reactions: Type.Optional(Type.Array(Type.Object({
    reactionType: Type.String({ minLength: 1, maxLength: 50 }), icon: Type.Optional(Type.String({ maxLength: 50 })), userAddress: Type.String(),
  }, { additionalProperties: false }), { maxItems: 1000 })),
}, { additionalProperties: false });
export type CommentInput = Static<typeof CommentInput>;

/** `POST /admin/comments`'s answer: the comment in the catalog shape, without replies. */
export { FlatComment };
export type CreatedComment = Static<typeof FlatComment>;

/** `POST /admin/profiles`: a wallet's public profile, created or replaced. */
export const ProfileInput = Type.Object({
  address: Type.String(), name: Text(200), pseudonym: Text(200), bio: Text(5000), profileImage: Text(2000), baseAddress: Text(42),
  displayUsernamePublic: Type.Optional(Type.Boolean()), isMod: Type.Optional(Type.Boolean()), isCreator: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });
export type ProfileInput = Static<typeof ProfileInput>;

export const Profile = Type.Object({
  address: Type.String(), name: Type.String(), pseudonym: Type.String(), bio: Type.String(), profileImage: Type.String(), baseAddress: Type.String(),
  displayUsernamePublic: Type.Boolean(), isMod: Type.Boolean(), isCreator: Type.Boolean(),
});
export type Profile = Static<typeof Profile>;
