/**
 * The data the ExchangeCore facade takes and gives: commands, plain-data rows (what a persistence layer
 * stores) and the Effects value every command returns. All amounts are safe integers in micro-units
 * (1 USDC = 1 share = 1_000_000); prices are in the order's own outcome terms unless said otherwise.
 */

import type { Reject } from '../domain/rejects.js';
import type { ActivityRow, LedgerEntry, PositionRow } from '../ledger/types.js';

export type Side = 'BUY' | 'SELL';
export type OrderType = 'GTC' | 'GTD' | 'FOK' | 'FAK';
export type OrderStatus = 'LIVE' | 'MATCHED' | 'CANCELED';

/** The injected clock and id source (real ids: `0x` + 64 hex). */
export interface Clock {
  now(): number;
}
export interface IdSource {
  next(kind: 'order' | 'trade' | 'tx'): string;
  /** Told before each command `ExchangeCore.apply` applies: its time and seed (ids.ts `commandIds`). */
  begin?(at: number, seed: string): void;
}

export interface MarketSettings {
  conditionId: string;
  /** The two outcomes' token ids (Conditional Tokens position ids, or an imported market's own); required at creation, ignored by updates. */
  tokenIds?: readonly [string, string];
  /** Tick in micro: 100_000, 10_000, 1_000 or 100. */
  tickSize: number;
  /** Minimum size of limit orders, micro-shares (default 5 shares). */
  minOrderSize?: number;
  makerBaseFeeBps?: number;
  takerBaseFeeBps?: number;
  /** False = cancel-only (new orders rejected). Default true. */
  acceptingOrders?: boolean;
  /** The market's place in a neg-risk event (src/core/neg-risk.ts); set at creation only. */
  negRisk?: NegRiskLink;
}

/** A question of a neg-risk event: its market id (`negRiskMarketID`), index and conversion fee. */
export interface NegRiskLink {
  marketId: string;
  index: number;
  feeBips: number;
}

export interface MarketRow {
  conditionId: string;
  /** The token ids of outcome 0 and 1 (src/domain/ids.ts), fixed when the market is created. */
  tokenIds: readonly [string, string];
  tickSize: number;
  minOrderSize: number;
  makerBaseFeeBps: number;
  takerBaseFeeBps: number;
  acceptingOrders: boolean;
  status: 'active' | 'resolved';
  /** Micro paid per share of outcome 0 and 1 once resolved. */
  payouts: [number, number] | null;
  /** Present on the questions of a neg-risk event only. */
  negRisk?: NegRiskLink;
}

export interface OrderCommand {
  /** The account placing the order (an address; the key of its balances). */
  wallet: string;
  apiKey?: string;
  /** The token id (a position id: src/domain/ids.ts). */
  tokenId: string;
  side: Side;
  /** Limit price (worst acceptable price for FOK/FAK), micro. */
  price: number;
  /** Size in micro-shares; omit for a market BUY given as `amount`. */
  size?: number;
  /** Market (FOK/FAK) BUY only: collateral to spend, micro, fees on top. */
  amount?: number;
  type: OrderType;
  postOnly?: boolean;
  /** Unix seconds; GTD only. */
  expiration?: number;
  builder?: string;
  /** The V2 signed order's bytes32 builder code (`0x` + 64 hex), absent for none; kept on the order, not used by matching. */
  builderCode?: string;
}

/** Full state of an order, as persisted. `reserved`/fee fields let a restore rebuild reservations. */
export interface OrderRow {
  id: string;
  seq: number;
  wallet: string;
  apiKey: string | null;
  builder: string | null;
  /** The order's builder code (OrderCommand.builderCode); absent or null for none. */
  builderCode?: string | null;
  conditionId: string;
  tokenId: string;
  outcomeIndex: 0 | 1;
  side: Side;
  type: OrderType;
  postOnly: boolean;
  price: number;
  originalSize: number;
  sizeMatched: number;
  /** Collateral budget of an amount-based market BUY, else null. */
  amount: number | null;
  expiration: number;
  status: OrderStatus;
  cancelReason: string | null;
  createdAt: number;
  updatedAt: number;
  /** Collateral (BUY) or tokens (SELL) still reserved for this order. */
  reserved: number;
  /** Fee reserved at placement (BUY) — the most this order can ever pay. */
  maxFee: number;
  /** Σ bps × min(p, 1 − p)/100 × lots over fills; fee charged = min(ceil(base / 1e4), maxFee) for BUYs. */
  feeBase: number;
  feeCharged: number;
  /** Collateral paid (BUY, excl. fee) or received (SELL, before fee) so far. */
  notional: number;
}

export interface MakerFill {
  orderId: string;
  wallet: string;
  asset: string;
  side: Side;
  /** Maker's price in its own outcome terms. */
  price: number;
  matchedAmount: number;
  fee: number;
}

/** One taker order's execution against one or more makers; settles under one settlement id. */
export interface TradeRow {
  id: string;
  takerOrderId: string;
  /** The taker's wallet. */
  wallet: string;
  conditionId: string;
  asset: string;
  side: Side;
  /** Price of the first (best) fill in the taker's terms; per-fill prices are in `makers`. */
  price: number;
  size: number;
  /** Taker's collateral paid or received (before fee). */
  usdcSize: number;
  fee: number;
  makers: MakerFill[];
  /** BUY×SELL transfers, BUY×BUY mints pairs, SELL×SELL merges pairs: how much of each. */
  minted: number;
  merged: number;
  transactionHash: string;
  status: 'CONFIRMED';
  matchTime: number;
}

export interface Effects {
  markets: MarketRow[];
  orders: OrderRow[];
  trades: TradeRow[];
  ledger: LedgerEntry[];
  positions: PositionRow[];
  activity: ActivityRow[];
}

export type PlaceResult =
  | {
      ok: true;
      order: OrderRow;
      /** `live` if any part rests, else `matched`. */
      status: 'live' | 'matched';
      makingAmount: number;
      takingAmount: number;
      tradeIds: string[];
      transactionHashes: string[];
      effects: Effects;
    }
  | { ok: false; reject: Reject; effects: Effects };

export interface CancelResult {
  canceled: string[];
  notCanceled: Record<string, string>;
  effects: Effects;
}

export type OpResult = { ok: true; effects: Effects } | { ok: false; reject: Reject; effects: Effects };

export interface BookView {
  conditionId: string;
  asset: string;
  /** Best first; prices in the asset's own terms. */
  bids: Array<{ price: number; size: number }>;
  asks: Array<{ price: number; size: number }>;
  version: number;
  lastChangeMs: number;
  lastTradePrice: number | null;
  lastTradeSide: Side | null;
  tickSize: number;
  minOrderSize: number;
}

/** A book's metadata without depth (what the persistence layer stores per market). */
export interface BookMeta {
  /** Incremented on every book change; readers cache snapshots by it. */
  version: number;
  lastChangeMs: number;
  /** Ladder resolution in micro (the finest tick the market ever had). */
  ladderRes: number;
  /** Outcome-0 price of the last fill in micro, 0 = none. */
  lastTradePrice: number;
  /** Book side of the last fill's taker (0 bid, 1 ask), -1 = none. */
  lastTradeSide: -1 | 0 | 1;
  status: 'active' | 'resolved';
}

/** The exchange-wide counters the persistence layer stores. */
export interface ExchangeCounters {
  /** Order sequence number (time priority across restarts). */
  seq: number;
  deposited: number;
  withdrawn: number;
  takerMatched: number;
  makerMatched: number;
}
