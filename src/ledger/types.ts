/**
 * Plain-data rows of the custodial ledger: balance entries, positions and activity. These are what
 * the persistence layer writes, so they hold only strings and safe integers (micro-units).
 */

/** Asset name of the collateral (USDC); a token is named by its token id (a position id: src/domain/ids.ts). */
export const COLLATERAL = 'USDC';
/** Pseudo-wallet that receives every fee, so collateral is conserved. */
export const FEE_ACCOUNT = 'exchange:fees';
/** Pseudo-wallet holding the collateral locked in a market (1 per outstanding pair). */
export function marketAccount(conditionId: string): string {
  return `market:${conditionId}`;
}

export type LedgerKind = 'deposit' | 'withdraw' | 'reserve' | 'release' | 'trade' | 'fee' | 'split' | 'merge' | 'redeem' | 'convert';

/** One balance change: deltas of the free and reserved parts of (wallet, asset). */
export interface LedgerEntry {
  wallet: string;
  asset: string;
  free: number;
  reserved: number;
  kind: LedgerKind;
  /** Order id, trade id or settlement id the change belongs to. */
  ref: string;
}

export interface Balance {
  free: number;
  reserved: number;
}

export interface BalanceRow extends Balance {
  wallet: string;
  asset: string;
}

/** Position state of (wallet, token), docs/venue.md §7. Prices in micro, sizes in micro-shares. */
export interface PositionRow {
  wallet: string;
  asset: string;
  conditionId: string;
  outcomeIndex: 0 | 1;
  size: number;
  /** Weighted average cost per share of the shares held (rounded down to a micro). */
  avgPrice: number;
  /** Shares bought (and split) over the position's life. */
  totalBought: number;
  /** Sum of (exit price − avgPrice) × shares on sells, merges and redemptions (rounded down). */
  realizedPnl: number;
}

export type ActivityType = 'TRADE' | 'SPLIT' | 'MERGE' | 'REDEEM' | 'DEPOSIT' | 'WITHDRAWAL' | 'CONVERSION';

export interface ActivityRow {
  wallet: string;
  type: ActivityType;
  /** ms since the epoch (the injected clock). */
  timestamp: number;
  conditionId: string;
  asset: string;
  outcomeIndex: number;
  side: 'BUY' | 'SELL' | '';
  price: number;
  size: number;
  usdcSize: number;
  transactionHash: string;
}
