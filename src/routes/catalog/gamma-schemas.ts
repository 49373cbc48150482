/**
 * The `/gamma` mount's answer shapes (docs/venue.md §6, §11): the catalog's stored shapes
 * (src/catalog/schemas.ts) plus the venue's fields added by src/catalog/gamma/venue-fields.ts.
 * Comments there are the catalog's comment with `parentCommentID` null at the top and no
 * `profileImageOptimized` when there is no optimised image (src/catalog/gamma/comments.ts).
 */
import { Type } from 'typebox';
import { CatalogMarket, EventDetail, EventListItem, NestedMarket } from './schemas.js';

const marketVenue = {
  marketMakerAddress: Type.String({ description: 'always "": Sibyl has no AMM' }), enableOrderBook: Type.Boolean(), acceptingOrders: Type.Boolean(),
  orderPriceMinTickSize: Type.Optional(Type.Number({ description: 'the tick size when it is one of 0.1, 0.01, 0.001, 0.0001' })),
  orderMinSize: Type.String(), volume: Type.String(), volumeNum: Type.String(),
  negRisk: Type.Boolean(), negRiskMarketID: Type.String(), negRiskRequestID: Type.String(), negRiskOther: Type.Boolean(),
  positionIds: Type.String({ description: 'JSON-encoded token ids (= clobTokenIds: token ids are position ids)' }),
};
const eventVenue = {
  negRisk: Type.Boolean(), negRiskMarketID: Type.String(), enableNegRisk: Type.Boolean(), negRiskAugmented: Type.Boolean(), volume: Type.String(),
};

export const GammaMarket = Type.Object({ ...CatalogMarket.properties, ...marketVenue });
export const GammaEventListItem = Type.Object({ ...EventListItem.properties, ...eventVenue });
export const GammaEvent = Type.Object({
  ...EventDetail.properties, ...eventVenue, markets: Type.Array(Type.Object({ ...NestedMarket.properties, ...marketVenue })),
});

const CommentProfile = Type.Object({ profileImageOptimized: Type.Optional(Type.Object({}, { additionalProperties: true })) }, { additionalProperties: true });
export const GammaComment = Type.Object({
  id: Type.String(), body: Type.String(), parentEntityType: Type.String(), parentEntityID: Type.Integer(),
  parentCommentID: Type.Unsafe<string | null>({ type: 'string', nullable: true, description: 'null for a top-level comment' }),
  userAddress: Type.String(), createdAt: Type.String({ format: 'date-time' }), profile: CommentProfile,
  replies: Type.Array(Type.Object({}, { additionalProperties: true }), { description: 'replies in the same shape' }),
}, { additionalProperties: true });
