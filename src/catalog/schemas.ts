/**
 * The catalog's wire shapes, the one source of them: the routes (src/routes/catalog, and the
 * operator routes that answer in the catalog shape) take them as response schemas, the service
 * takes its types from them (`Static<>`). Exactly the spec's fields: fast-json-stringify drops
 * anything else. Dates the catalog may not have (an event without an end date) are nullable.
 * Field order is the order the answers are written in (format.ts builds objects in it; the
 * stored answers are their native `JSON.stringify`, equal to the serializer's bytes).
 */
import { Type, type Static, type TSchema } from 'typebox';

const Ts = Type.String({ format: 'date-time' });
/**
 * Nullable as OpenAPI 3.0 says it (`nullable: true`), not `anyOf [.., null]`: the response
 * serializer then checks for null instead of running a schema validator on every value.
 */
const TsOrNull = Type.Unsafe<string | null>({ type: 'string', format: 'date-time', nullable: true });

export const Tag = Type.Object({
  id: Type.String(), label: Type.String(), slug: Type.String(), createdAt: Ts, updatedAt: Ts, requiresTranslation: Type.Boolean(),
});
export type WireTag = Static<typeof Tag>;

export const Series = Type.Object({
  id: Type.String(), ticker: Type.String(), slug: Type.String(), title: Type.String(), seriesType: Type.String(),
  recurrence: Type.String(), image: Type.String(), icon: Type.String(),
  active: Type.Boolean(), closed: Type.Boolean(), archived: Type.Boolean(), createdAt: Ts, updatedAt: Ts,
});
export type WireSeries = Static<typeof Series>;

const eventFields = {
  id: Type.String(), ticker: Type.String(), slug: Type.String(), title: Type.String(), description: Type.String(),
  resolutionSource: Type.String(), startDate: TsOrNull, creationDate: TsOrNull, endDate: TsOrNull,
  image: Type.String(), icon: Type.String(), active: Type.Boolean(), closed: Type.Boolean(), archived: Type.Boolean(),
  createdAt: Ts, updatedAt: Ts,
};

/** An event summary (nested in a market's `events`). */
export const EventSummary = Type.Object(eventFields);
export type WireEventSummary = Static<typeof EventSummary>;

/** An item of `GET /events`: no creationDate, with tags. */
export const EventListItem = Type.Object({ ...(({ creationDate: _c, ...rest }) => rest)(eventFields), tags: Type.Array(Tag) });
export type WireEventListItem = Static<typeof EventListItem>;

export const marketFields = {
  id: Type.String(), question: Type.String(), conditionId: Type.String(), slug: Type.String(), resolutionSource: Type.String(),
  startDate: TsOrNull, endDate: TsOrNull, image: Type.String(), icon: Type.String(), description: Type.String(),
  outcomes: Type.String({ description: 'JSON-encoded array of outcome names' }),
  clobTokenIds: Type.String({ description: 'JSON-encoded array of the outcomes\' token ids (Conditional Tokens position ids, uint256 decimals)' }),
  active: Type.Boolean(), closed: Type.Boolean(), archived: Type.Boolean(), createdAt: Ts, updatedAt: Ts, questionID: Type.String(),
};

/** A catalog market nested in an event (no `events`). */
export const NestedMarket = Type.Object(marketFields);
export type WireMarket = Static<typeof NestedMarket>;
/** `GET /markets/slug/{slug}`. */
export const CatalogMarket = Type.Object({ ...marketFields, events: Type.Array(EventSummary) });
export type WireCatalogMarket = Static<typeof CatalogMarket>;

export const eventDetailFields = {
  ...eventFields, tags: Type.Array(Tag), markets: Type.Array(NestedMarket), series: Type.Array(Series),
  eventMetadata: Type.Object({}, { additionalProperties: true }),
};
/** `GET /events/slug/{slug}`. */
export const EventDetail = Type.Object(eventDetailFields);
export type WireEventDetail = Static<typeof EventDetail>;

export const EventCreator = Type.Object({
  id: Type.String(), creatorName: Type.String(), creatorHandle: Type.String(), creatorUrl: Type.String(),
  creatorImage: Type.String(), createdAt: Ts, updatedAt: Ts,
});
export type WireCreator = Static<typeof EventCreator>;

const Position = Type.Object({ tokenId: Type.String(), positionSize: Type.String() });
export type WirePosition = Static<typeof Position>;

const CommentProfile = Type.Object({
  name: Type.String(), pseudonym: Type.String(), displayUsernamePublic: Type.Boolean(), bio: Type.String(),
  isMod: Type.Boolean(), isCreator: Type.Boolean(), proxyWallet: Type.String(), baseAddress: Type.String(),
  profileImage: Type.String(), profileImageOptimized: Type.Object({}, { additionalProperties: true }),
  positions: Type.Array(Position),
});

function commentAt<R extends TSchema>(replies: R) {
  return Type.Object({
    id: Type.String(), body: Type.String(), parentEntityType: Type.String(), parentEntityID: Type.Integer(),
    parentCommentID: Type.String({ description: 'the parent comment id; "" for a top-level comment' }), userAddress: Type.String(), replyAddress: Type.String(),
    createdAt: Ts, updatedAt: Ts, profile: CommentProfile,
    reactions: Type.Array(Type.Object({}, { additionalProperties: true })),
    reportCount: Type.Integer(), reactionCount: Type.Integer(), replyCount: Type.Integer(), replies,
  });
}

/** Reply levels shown under a top-level comment (the nesting of `Comment` below). */
export const REPLY_DEPTH = 3;
const NoReplies = Type.Array(Type.Object({}), { maxItems: 0 });

/** The comment shape with replies nested REPLY_DEPTH levels deep (the innermost has `replies: []`). */
export const Comment = commentAt(Type.Array(commentAt(Type.Array(commentAt(Type.Array(commentAt(NoReplies)))))));

/** A comment shown without its replies (`replies: []`). */
export const FlatComment = commentAt(NoReplies);

/**
 * A comment as the service builds it: the wire fields, its replies nested to any depth (a page
 * shows REPLY_DEPTH levels: the reads stop there). Assignable to both `Comment` and `FlatComment`.
 */
export type WireComment = Omit<Static<typeof FlatComment>, 'replies'> & { replies: WireComment[] };

/** `GET /public-search`. */
export const SearchResult = Type.Object({
  events: Type.Array(Type.Object({ id: Type.String(), ticker: Type.String(), slug: Type.String(), title: Type.String() })),
  tags: Type.Array(Type.Object({ id: Type.String(), label: Type.String(), slug: Type.String(), event_count: Type.Integer() })),
  pagination: Type.Object({ hasMore: Type.Boolean(), totalResults: Type.Integer() }),
});
export type WireSearchResult = Static<typeof SearchResult>;
