/**
 * Query shapes of the Data API routes the venue's current SDK calls beyond the spec's three
 * (docs/venue.md §7): `/trades`, `/value`, `/traded`, `/closed-positions`, `/oi`,
 * `/live-volume`, `/v1/market-positions`, `/v1/leaderboard`, `/v1/builders/leaderboard`,
 * `/v1/builders/volume`. Strict like the others: an unknown parameter is a 400. Answers are
 * built as the venue's items (venue-*.ts) and sent as JSON text.
 */
import { Type, type Static } from 'typebox';
import { Direction, WalletParam, oneOf } from './schemas.js';

const limit = (max: number, def: number) => Type.Optional(Type.Integer({ minimum: 0, maximum: max, default: def }));
const offset = Type.Optional(Type.Integer({ minimum: 0, maximum: 10000, default: 0 }));
const markets = Type.Optional(Type.String({ description: 'comma-separated condition ids' }));
const eventIds = Type.Optional(Type.String({ description: 'comma-separated event ids' }));
export const TIME_PERIODS = ['DAY', 'WEEK', 'MONTH', 'ALL'] as const;
const timePeriod = Type.Optional(oneOf(TIME_PERIODS, { default: 'DAY', description: 'window of the volume (default DAY)' }));

export const TradesQuery = Type.Object({
  user: Type.Optional(WalletParam), market: markets, eventId: eventIds,
  asset_id: Type.Optional(Type.String({ description: 'token id (an extension: as on the CLOB\'s /trades)' })),
  takerOnly: Type.Optional(Type.Boolean({ default: true, description: 'only the taker side of each fill (default true)' })),
  side: Type.Optional(oneOf(['BUY', 'SELL'] as const)),
  filterType: Type.Optional(oneOf(['CASH', 'TOKENS'] as const)), filterAmount: Type.Optional(Type.Number({ minimum: 0 })),
  start: Type.Optional(Type.Integer({ minimum: 0, description: 'Unix seconds, inclusive' })),
  end: Type.Optional(Type.Integer({ minimum: 0, description: 'Unix seconds, inclusive' })),
  limit: limit(10000, 100), offset,
}, { additionalProperties: false });
export type TradesQuery = Static<typeof TradesQuery>;

export const ValueQuery = Type.Object({ user: WalletParam, market: markets }, { additionalProperties: false });
export type ValueQuery = Static<typeof ValueQuery>;

export const SnapshotQuery = Type.Object({ user: WalletParam }, { additionalProperties: false });
export type SnapshotQuery = Static<typeof SnapshotQuery>;

export const TradedQuery = Type.Object({ user: WalletParam }, { additionalProperties: false });
export type TradedQuery = Static<typeof TradedQuery>;

export const CLOSED_SORTS = ['REALIZEDPNL', 'TITLE', 'PRICE', 'AVGPRICE', 'TIMESTAMP'] as const;
export const ClosedPositionsQuery = Type.Object({
  user: WalletParam, market: markets, eventId: eventIds,
  title: Type.Optional(Type.String({ maxLength: 100 })),
  sortBy: Type.Optional(oneOf(CLOSED_SORTS, { default: 'REALIZEDPNL' })), sortDirection: Type.Optional(Direction),
  limit: limit(50, 10), offset,
}, { additionalProperties: false });
export type ClosedPositionsQuery = Static<typeof ClosedPositionsQuery>;

export const OpenInterestQuery = Type.Object({ market: markets }, { additionalProperties: false });
export type OpenInterestQuery = Static<typeof OpenInterestQuery>;

export const LiveVolumeQuery = Type.Object({ id: Type.Integer({ minimum: 0, description: 'event id' }) }, { additionalProperties: false });
export type LiveVolumeQuery = Static<typeof LiveVolumeQuery>;

export const MARKET_POSITION_SORTS = ['TOKENS', 'CASH_PNL', 'REALIZED_PNL', 'TOTAL_PNL'] as const;
export const MarketPositionsQuery = Type.Object({
  market: Type.String({ description: 'condition id' }), user: Type.Optional(WalletParam),
  status: Type.Optional(oneOf(['OPEN', 'CLOSED', 'ALL'] as const, { default: 'OPEN' })),
  sortBy: Type.Optional(oneOf(MARKET_POSITION_SORTS, { default: 'TOKENS' })), sortDirection: Type.Optional(Direction),
  limit: limit(500, 50), offset,
}, { additionalProperties: false });
export type MarketPositionsQuery = Static<typeof MarketPositionsQuery>;

export const LeaderboardQuery = Type.Object({
  category: Type.Optional(Type.String({ description: 'accepted; Sibyl ranks every market together (OVERALL)' })),
  timePeriod, orderBy: Type.Optional(oneOf(['PNL', 'VOL'] as const, { default: 'PNL' })),
  user: Type.Optional(WalletParam), userName: Type.Optional(Type.String()),
  limit: limit(50, 25), offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000, default: 0 })),
}, { additionalProperties: false });
export type LeaderboardQuery = Static<typeof LeaderboardQuery>;

export const BuilderLeaderboardQuery = Type.Object({ timePeriod, limit: limit(50, 25), offset }, { additionalProperties: false });
export type BuilderLeaderboardQuery = Static<typeof BuilderLeaderboardQuery>;

export const BuilderVolumeQuery = Type.Object({ timePeriod }, { additionalProperties: false });
export type BuilderVolumeQuery = Static<typeof BuilderVolumeQuery>;

/** The start of a window ending at `now` (ms); 0 for ALL. */
export function windowStart(period: (typeof TIME_PERIODS)[number] | undefined, now: number): number {
  const day = 86_400_000;
  switch (period ?? 'DAY') {
    case 'DAY': return now - day;
    case 'WEEK': return now - 7 * day;
    case 'MONTH': return now - 30 * day;
    default: return 0;
  }
}

// ---- answers (docs/venue.md §7; amounts are decimal numbers, as `/positions` writes them) ----
const S = Type.String();
const N = Type.Number();
const I = Type.Integer();
const B = Type.Boolean();

export const TradeItem = Type.Object({
  proxyWallet: S, side: S, asset: S, conditionId: S, size: N, price: N, timestamp: Type.Integer({ description: 'Unix seconds' }),
  title: S, slug: S, icon: S, eventSlug: S, outcome: S, outcomeIndex: I, name: S, pseudonym: S, bio: S, profileImage: S,
  profileImageOptimized: S, transactionHash: S,
});
export const ValueItem = Type.Object({ user: S, value: N });
export const TradedAnswer = Type.Object({ user: S, traded: I });
export const ClosedPositionItem = Type.Object({
  proxyWallet: S, asset: S, conditionId: S, avgPrice: N, totalBought: N, realizedPnl: N, curPrice: N, timestamp: I,
  title: S, slug: S, icon: S, eventSlug: S, outcome: S, outcomeIndex: I, oppositeOutcome: S, oppositeAsset: S, endDate: S,
});
export const MarketPositionGroup = Type.Object({
  token: S,
  positions: Type.Array(Type.Object({
    proxyWallet: S, name: S, profileImage: S, verified: B, asset: S, conditionId: S, avgPrice: N, size: N, currPrice: N,
    currentValue: N, cashPnl: N, totalBought: N, realizedPnl: N, totalPnl: N, outcome: S, outcomeIndex: I,
  })),
});
export const MarketValue = Type.Object({ market: S, value: N });
export const LiveVolumeItem = Type.Object({ total: N, markets: Type.Array(MarketValue) });
export const TraderRow = Type.Object({
  rank: S, proxyWallet: S, userName: S, vol: N, pnl: N, profileImage: S, xUsername: S, verifiedBadge: B,
});
export const BuilderRow = Type.Object({ rank: S, builder: S, volume: N, activeUsers: I, verified: B, builderLogo: S });
export const BuilderDay = Type.Object({ dt: Type.String({ format: 'date-time' }), builder: S, builderLogo: S, verified: B, volume: N, activeUsers: I, rank: S });
