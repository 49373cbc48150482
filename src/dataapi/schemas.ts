/**
 * The data API's wire shapes, written once: the query of each route (spec "Positions",
 * "Activity", "Holders" and the docs/venue.md §7 extensions) and the items it answers with. The
 * routes (src/routes/dataapi) declare them; the service takes its parameter and item types from
 * them with `Static<>`. String enums are one `enum` keyword, so a wrong value reads "must be one of: …".
 */
import { Type, type Static } from 'typebox';

/** A string parameter taking one of `values`. */
export function oneOf<const T extends readonly string[]>(values: T, opts: { description?: string; default?: T[number] } = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...opts });
}

export const Direction = oneOf(['ASC', 'DESC'] as const, { description: 'sort direction (default DESC)', default: 'DESC' });

export const WalletParam = Type.String({ description: 'wallet address, any case (answered EIP-55 checksummed)' });

// ---- GET /positions ----

export const POSITION_SORTS = ['CURRENT', 'INITIAL', 'TOKENS', 'CASHPNL', 'PERCENTPNL', 'TITLE', 'RESOLVING', 'PRICE', 'AVGPRICE'] as const;
export type PositionSort = (typeof POSITION_SORTS)[number];

export const PositionsQuery = Type.Object({
  user: WalletParam,
  market: Type.Optional(Type.String({ description: 'comma-separated condition ids' })),
  sizeThreshold: Type.Optional(Type.Number({ minimum: 0, default: 1, description: 'minimum size in shares (default 1); 0 also lists closed positions' })),
  redeemable: Type.Optional(Type.Boolean({ default: false, description: 'true: only redeemable positions' })),
  mergeable: Type.Optional(Type.Boolean({ default: false, description: 'true: only mergeable positions' })),
  limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500, default: 100 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10000, default: 0 })),
  sortBy: Type.Optional(oneOf(POSITION_SORTS, { default: 'TOKENS', description: 'sort key (default TOKENS); ties by asset' })),
  sortDirection: Type.Optional(Direction),
  title: Type.Optional(Type.String({ maxLength: 100, description: 'case-insensitive substring of the market title' })),
}, { additionalProperties: false });
export type PositionsQuery = Static<typeof PositionsQuery>;

export const Position = Type.Object({
  proxyWallet: Type.String(), asset: Type.String({ description: '`<condition_id>:<outcome_index>`' }), conditionId: Type.String(),
  size: Type.Number(), avgPrice: Type.Number(), initialValue: Type.Number(), currentValue: Type.Number(),
  cashPnl: Type.Number(), percentPnl: Type.Number(), totalBought: Type.Number(), realizedPnl: Type.Number(),
  percentRealizedPnl: Type.Number(),
  curPrice: Type.Number({ description: 'payout once resolved, else book midpoint, else last trade, else 0.5' }),
  redeemable: Type.Boolean(), mergeable: Type.Boolean(), title: Type.String(), slug: Type.String(), icon: Type.String(),
  eventSlug: Type.String(), outcome: Type.String(), outcomeIndex: Type.Integer(), oppositeOutcome: Type.String(),
  oppositeAsset: Type.String(), timestamp: Type.Integer({ description: 'Unix seconds of the last change' }),
  endDate: Type.String({ description: 'ISO 8601, "" when the market has no end date' }), negativeRisk: Type.Boolean(),
});
export type PositionItem = Static<typeof Position>;

// ---- GET /activity ----

/** Types a client may filter on: the ledger's, plus the real service's that we never record. */
export const ACTIVITY_TYPES = ['TRADE', 'SPLIT', 'MERGE', 'REDEEM', 'REWARD', 'CONVERSION', 'DEPOSIT', 'WITHDRAWAL'] as const;
export const ACTIVITY_SORTS = ['TIMESTAMP', 'TOKENS', 'CASH'] as const;

export const ActivityQuery = Type.Object({
  user: WalletParam,
  limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500, default: 100 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10000, default: 0 })),
  market: Type.Optional(Type.String({ description: 'extension: comma-separated condition ids' })),
  type: Type.Optional(Type.String({ description: `extension: comma-separated types (${ACTIVITY_TYPES.join(', ')})` })),
  start: Type.Optional(Type.Integer({ minimum: 0, description: 'extension: from this Unix second (inclusive)' })),
  end: Type.Optional(Type.Integer({ minimum: 0, description: 'extension: up to this Unix second (inclusive)' })),
  side: Type.Optional(oneOf(['BUY', 'SELL'] as const, { description: 'extension: trades of this side only' })),
  sortBy: Type.Optional(oneOf(ACTIVITY_SORTS, { default: 'TIMESTAMP', description: 'extension: sort key (default TIMESTAMP)' })),
  sortDirection: Type.Optional(Direction),
}, { additionalProperties: false });
export type ActivityQuery = Static<typeof ActivityQuery>;

export const Activity = Type.Object({
  proxyWallet: Type.String(), timestamp: Type.Integer({ description: 'Unix seconds' }), conditionId: Type.String(),
  type: Type.String(), size: Type.Number(), usdcSize: Type.Number(), transactionHash: Type.String(), price: Type.Number(),
  asset: Type.String({ description: '`<condition_id>:<outcome_index>`; "" when the row is not about one token' }),
  side: Type.String({ description: 'BUY or SELL; "" for non-trade rows' }),
  outcomeIndex: Type.Integer({ description: '-1 when the row is not about one token' }),
  title: Type.String(), slug: Type.String(), icon: Type.String(), eventSlug: Type.String(), outcome: Type.String(),
  name: Type.String(), pseudonym: Type.String(), bio: Type.String(), profileImage: Type.String(), profileImageOptimized: Type.String(),
});
export type ActivityItem = Static<typeof Activity>;

// ---- GET /holders ----

/** Markets per request: each costs two index scans. */
export const MAX_HOLDER_MARKETS = 100;

export const HoldersQuery = Type.Object({
  market: Type.String({ description: `comma-separated condition ids (at most ${MAX_HOLDER_MARKETS})` }),
  limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500, default: 100, description: 'holders per token' })),
  minBalance: Type.Optional(Type.Number({ minimum: 0, default: 1, description: 'minimum balance in shares' })),
}, { additionalProperties: false });
export type HoldersQuery = Static<typeof HoldersQuery>;

export const Holder = Type.Object({
  proxyWallet: Type.String(), bio: Type.String(), asset: Type.String(), pseudonym: Type.String(), amount: Type.Number(),
  displayUsernamePublic: Type.Boolean(), outcomeIndex: Type.Integer(), name: Type.String(), profileImage: Type.String(),
  profileImageOptimized: Type.String(),
});
export type HolderItem = Static<typeof Holder>;

export const HolderGroup = Type.Object({ token: Type.String({ description: '`<condition_id>:<outcome_index>`' }), holders: Type.Array(Holder) });
export type HolderGroupItem = Static<typeof HolderGroup>;
