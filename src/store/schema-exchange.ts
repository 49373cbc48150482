/** Row types of the exchange tables (migration 0003_exchange). Amounts in micro-units, times in ms. */
import type { Generated } from 'kysely';

/** A committed batch's commands (migration 0031, src/exchange/journal.ts). */
export interface JournalTable {
  seq: number; epoch: number; at: number;
  /** The batch's commands as a JSON array (src/core/commands.ts). */
  commands: string;
  /** sha1 of the batch's sealed rows (src/exchange/journal.ts `digestOf`). */
  digest: string;
}

export interface ExchangeStateTable {
  id: number; seq: number; deposited: number; withdrawn: number; taker_matched: number; maker_matched: number;
  /** The last committed batch's number in the event sequence (src/exchange/events.ts). */
  batch_seq: number;
}

export interface BooksTable {
  condition_id: string; status: string; ladder_res: number; version: number; last_change_ms: number;
  last_trade_price: number; last_trade_side: number;
  /** One more for every committed batch that changed the book (src/exchange/events.ts). */
  seq: number;
}

export interface OrdersTable {
  id: string; seq: number; wallet: string; api_key: string | null; builder: string | null;
  /** The V2 signed order's bytes32 builder code, NULL for none (migration 0030). */
  builder_code: string | null; market: string; token_id: string; outcome: number; side: string; type: string; post_only: number; price: number;
  original_size: number; size_matched: number; amount: number | null; expiration: number; status: string;
  cancel_reason: string | null; reserved: number; max_fee: number; fee_base: number; fee_charged: number;
  notional: number; created_at: number; updated_at: number;
}

export interface TradesTable {
  id: string; seq: number; taker_order_id: string; wallet: string; market: string; asset: string; side: string;
  price: number; size: number; usdc_size: number; fee: number; fee_rate_bps: number; minted: number; merged: number;
  transaction_hash: string; status: string; builder: string | null;
  /** The taker order's builder code (migration 0030). */
  builder_code: string | null; match_time: number;
}

/** Notifications an account dropped (migration 0030, src/trading/notifications.ts); `at` = the notification's time, ms. */
export interface NotificationDropsTable { account: string; id: number; at: number }

export interface TradeMakersTable {
  trade_id: string; idx: number; order_id: string; wallet: string; asset: string; side: string; price: number;
  matched_amount: number; fee: number; fee_rate_bps: number;
}

export interface BalancesTable { wallet: string; asset: string; free: number; reserved: number }

export interface LedgerEntriesTable {
  id: Generated<number>; wallet: string; asset: string; free: number; reserved: number; kind: string; ref: string; created_at: number;
}

export interface PositionsTable {
  wallet: string; asset: string; condition_id: string; outcome_index: number; size: number; avg_price: number;
  total_bought: number; realized_pnl: number; updated_at: number;
}

export interface ActivityTable {
  id: Generated<number>; wallet: string; type: string; timestamp: number; condition_id: string; asset: string;
  outcome_index: number; side: string; price: number; size: number; usdc_size: number; transaction_hash: string;
}

export interface ExchangeTables {
  exchange_state: ExchangeStateTable;
  journal: JournalTable;
  books: BooksTable;
  orders: OrdersTable;
  trades: TradesTable;
  trade_makers: TradeMakersTable;
  balances: BalancesTable;
  ledger_entries: LedgerEntriesTable;
  positions: PositionsTable;
  activity: ActivityTable;
  notification_drops: NotificationDropsTable;
}
