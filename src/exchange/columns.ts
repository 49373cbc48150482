/**
 * The column lists both batch writers bind, in one place: for each table the columns of a row of
 * the sealed batch (rows.ts) in parameter order, their PostgreSQL type (`t` text, `b` bigint,
 * `i` integer, for the array casts of pg-writer.ts), the conflict key of upserts and the columns
 * an upsert overwrites.
 */
import type { SealedBatch } from './rows.js';

export type ColType = 't' | 'b' | 'i';

export interface TableSpec {
  table: string;
  /** The sealed batch's list of rows for this table. */
  rows: Exclude<keyof SealedBatch, 'state' | 'resolutions' | 'volumes' | 'journalKeepFrom'> | 'state';
  cols: ReadonlyArray<readonly [string, ColType]>;
  key?: readonly string[];
  update?: readonly string[];
}

const spec = (s: string) => s.trim().split(/\s+/).map((c) => c.split(':') as [string, ColType]);

export const TABLES: readonly TableSpec[] = [
  {
    table: 'orders', rows: 'orders', key: ['id'],
    cols: spec(`id:t seq:b wallet:t api_key:t builder:t builder_code:t market:t token_id:t outcome:i side:t type:t post_only:i price:b original_size:b
      size_matched:b amount:b expiration:b status:t cancel_reason:t reserved:b max_fee:b fee_base:b fee_charged:b notional:b created_at:b updated_at:b`),
    update: ['size_matched', 'status', 'cancel_reason', 'reserved', 'fee_base', 'fee_charged', 'notional', 'updated_at'],
  },
  {
    table: 'trades', rows: 'trades',
    cols: spec(`id:t seq:b taker_order_id:t wallet:t market:t asset:t side:t price:b size:b usdc_size:b fee:b fee_rate_bps:i minted:b merged:b
      transaction_hash:t status:t builder:t builder_code:t match_time:b`),
  },
  { table: 'trade_makers', rows: 'makers', cols: spec('trade_id:t idx:i order_id:t wallet:t asset:t side:t price:b matched_amount:b fee:b fee_rate_bps:i') },
  { table: 'ledger_entries', rows: 'ledger', cols: spec('wallet:t asset:t free:b reserved:b kind:t ref:t created_at:b') },
  {
    table: 'activity', rows: 'activity',
    cols: spec('wallet:t type:t timestamp:b condition_id:t asset:t outcome_index:i side:t price:b size:b usdc_size:b transaction_hash:t'),
  },
  {
    table: 'positions', rows: 'positions', key: ['wallet', 'asset'],
    cols: spec('wallet:t asset:t condition_id:t outcome_index:i size:b avg_price:b total_bought:b realized_pnl:b updated_at:b'),
    update: ['size', 'avg_price', 'total_bought', 'realized_pnl', 'updated_at'],
  },
  { table: 'balances', rows: 'balances', key: ['wallet', 'asset'], cols: spec('wallet:t asset:t free:b reserved:b'), update: ['free', 'reserved'] },
  {
    table: 'books', rows: 'books', key: ['condition_id'],
    cols: spec('condition_id:t status:t ladder_res:b version:b last_change_ms:b last_trade_price:b last_trade_side:i seq:b'),
    update: ['status', 'ladder_res', 'version', 'last_change_ms', 'last_trade_price', 'last_trade_side', 'seq'],
  },
  { table: 'journal', rows: 'journal', cols: spec('seq:b epoch:b at:b commands:t digest:t') },
  {
    table: 'exchange_state', rows: 'state', key: ['id'],
    cols: spec('id:i seq:b deposited:b withdrawn:b taker_matched:b maker_matched:b batch_seq:b'),
    update: ['seq', 'deposited', 'withdrawn', 'taker_matched', 'maker_matched', 'batch_seq'],
  },
];
