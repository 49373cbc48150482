/**
 * What the catalog routes share besides the wire shapes: page bounds, the `creator` parameter and
 * the typed errors. The wire shapes themselves are the service's (src/catalog/schemas.ts, one
 * source: the service derives its types from them); re-exported here for the route files and
 * the operator routes that answer in the catalog shape.
 */
import { Type } from 'typebox';

export {
  CatalogMarket, Comment, EventCreator, EventDetail, EventListItem, EventSummary, FlatComment, NestedMarket, SearchResult, Series, Tag,
  eventDetailFields, marketFields,
} from '../../catalog/schemas.js';

/** Page bounds shared by the catalog lists (spec Limits: 1..100, default 20; offset >= 0). */
export const page = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
};

export const creatorParam = {
  creator: Type.Optional(Type.String({ description: 'creator wallet address or site identifier; scopes results to that site' })),
};

export const CATALOG_ERRORS = {
  400: Type.Object({ type: Type.String(), error: Type.String(), code: Type.Optional(Type.String({ description: 'HTTP-layer refusals: invalid_json, payload_too_large, unsupported_media_type' })) }),
  404: Type.Object({ type: Type.String(), error: Type.String() }),
};
