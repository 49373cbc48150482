/**
 * The catalog's wire shapes, shared by the catalog routes (and the operator routes that answer
 * in the catalog shape). Exactly the spec's fields: fast-json-stringify drops anything else.
 * Dates the catalog may not have (an event without an end date) are nullable.
 */
import { Type, type TSchema } from 'typebox';
import { REPLY_DEPTH } from '../../catalog/comments.js';

const Ts = Type.String({ format: 'date-time' });
/**
 * Nullable as OpenAPI 3.0 says it (`nullable: true`), not `anyOf [.., null]`: the response
 * serializer then checks for null instead of running a schema validator on every value.
 */
const TsOrNull = Type.Unsafe<string | null>({ type: 'string', format: 'date-time', nullable: true });

export const Tag = Type.Object({
  id: Type.String(), label: Type.String(), slug: Type.String(), createdAt: Ts, updatedAt: Ts, requiresTranslation: Type.Boolean(),
});

export const Series = Type.Object({
  id: Type.String(), ticker: Type.String(), slug: Type.String(), title: Type.String(), seriesType: Type.String(),
  recurrence: Type.String(), image: Type.String(), icon: Type.String(),
  active: Type.Boolean(), closed: Type.Boolean(), archived: Type.Boolean(), createdAt: Ts, updatedAt: Ts,
});

const eventFields = {
  id: Type.String(), ticker: Type.String(), slug: Type.String(), title: Type.String(), description: Type.String(),
  resolutionSource: Type.String(), startDate: TsOrNull, creationDate: TsOrNull, endDate: TsOrNull,
  image: Type.String(), icon: Type.String(), active: Type.Boolean(), closed: Type.Boolean(), archived: Type.Boolean(),
  createdAt: Ts, updatedAt: Ts,
};

/** An event summary (nested in a market's `events`). */
export const EventSummary = Type.Object(eventFields);

/** An item of `GET /events`: no creationDate, with tags. */
export const EventListItem = Type.Object({ ...(({ creationDate: _c, ...rest }) => rest)(eventFields), tags: Type.Array(Tag) });

export const marketFields = {
  id: Type.String(), question: Type.String(), conditionId: Type.String(), slug: Type.String(), resolutionSource: Type.String(),
  startDate: TsOrNull, endDate: TsOrNull, image: Type.String(), icon: Type.String(), description: Type.String(),
  outcomes: Type.String({ description: 'JSON-encoded array of outcome names' }),
  clobTokenIds: Type.String({ description: 'JSON-encoded array of token ids `<condition_id>:<outcome_index>`' }),
  active: Type.Boolean(), closed: Type.Boolean(), archived: Type.Boolean(), createdAt: Ts, updatedAt: Ts, questionID: Type.String(),
};

/** A catalog market nested in an event (no `events`). */
export const NestedMarket = Type.Object(marketFields);
/** `GET /markets/slug/{slug}`. */
export const CatalogMarket = Type.Object({ ...marketFields, events: Type.Array(EventSummary) });

export const eventDetailFields = {
  ...eventFields, tags: Type.Array(Tag), markets: Type.Array(NestedMarket), series: Type.Array(Series),
  eventMetadata: Type.Object({}, { additionalProperties: true }),
};
/** `GET /events/slug/{slug}`. */
export const EventDetail = Type.Object(eventDetailFields);

export const EventCreator = Type.Object({
  id: Type.String(), creatorName: Type.String(), creatorHandle: Type.String(), creatorUrl: Type.String(),
  creatorImage: Type.String(), createdAt: Ts, updatedAt: Ts,
});

const CommentProfile = Type.Object({
  name: Type.String(), pseudonym: Type.String(), displayUsernamePublic: Type.Boolean(), bio: Type.String(),
  isMod: Type.Boolean(), isCreator: Type.Boolean(), proxyWallet: Type.String(), baseAddress: Type.String(),
  profileImage: Type.String(), profileImageOptimized: Type.Object({}, { additionalProperties: true }),
  positions: Type.Array(Type.Object({ tokenId: Type.String(), positionSize: Type.String() })),
});

function commentAt(replies: TSchema) {
  return Type.Object({
    id: Type.String(), body: Type.String(), parentEntityType: Type.String(), parentEntityID: Type.Integer(),
    parentCommentID: Type.String({ description: 'the parent comment id; "" for a top-level comment' }), userAddress: Type.String(), replyAddress: Type.String(),
    createdAt: Ts, updatedAt: Ts, profile: CommentProfile,
    reactions: Type.Array(Type.Object({}, { additionalProperties: true })),
    reportCount: Type.Integer(), reactionCount: Type.Integer(), replyCount: Type.Integer(), replies,
  });
}

/** The comment shape with replies nested REPLY_DEPTH levels deep (the innermost has `replies: []`). */
export const Comment = (() => {
  let replies: TSchema = Type.Array(Type.Object({}), { maxItems: 0 });
  for (let i = 0; i < REPLY_DEPTH; i++) replies = Type.Array(commentAt(replies));
  return commentAt(replies);
})();

/** A comment shown without its replies (`replies: []`). */
export const FlatComment = commentAt(Type.Array(Type.Object({}), { maxItems: 0 }));

/** Page bounds shared by the catalog lists (spec Limits: 1..100, default 20; offset >= 0). */
export const page = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
};

export const creatorParam = {
  creator: Type.Optional(Type.String({ description: 'creator wallet address or site identifier; scopes results to that site' })),
};

export const CATALOG_ERRORS = {
  400: Type.Object({ type: Type.String(), error: Type.String() }),
  404: Type.Object({ type: Type.String(), error: Type.String() }),
};
