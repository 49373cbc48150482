/**
 * The SQLite fast path of the restore: the big reads (live orders, balances, positions) are
 * compiled once by Kysely, run on the better-sqlite3 handle in raw mode (rows as arrays) and
 * streamed with `iterate`, each array turned straight into the core's row object. That avoids
 * materialising a million wide dictionary-like row objects plus a mapped copy of each, which is
 * what made the Kysely path spend most of its time in the garbage collector.
 */
import type SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { OrderRow, OrderStatus, OrderType, Side } from '../core/index.js';
import type { BalanceRow, PositionRow } from '../ledger/types.js';
import type { Database } from '../store/schema.js';

type Sqlite = SqliteDatabase.Database;

const ORDER_COLUMNS = ['id', 'seq', 'owner', 'api_key', 'builder', 'market', 'token_id', 'outcome', 'side', 'type', 'post_only', 'price',
  'original_size', 'size_matched', 'amount', 'expiration', 'status', 'cancel_reason', 'created_at', 'updated_at', 'reserved', 'max_fee',
  'fee_base', 'fee_charged', 'notional'] as const;

export interface BigReads {
  orders: OrderRow[];
  balances: BalanceRow[];
  positions: PositionRow[];
}

/** Live orders (ascending seq), balances and positions, read on the raw handle. */
export async function readBig(db: Kysely<Database>, h: Sqlite): Promise<BigReads> {
  const qOrders = db.selectFrom('orders').select(ORDER_COLUMNS).where('status', '=', sql.lit('LIVE')).orderBy('seq').compile();
  const qBalances = db.selectFrom('balances').select(['wallet', 'asset', 'free', 'reserved']).compile();
  const qPositions = db.selectFrom('positions')
    .select(['wallet', 'asset', 'condition_id', 'outcome_index', 'size', 'avg_price', 'total_bought', 'realized_pnl']).compile();
  // Hold Kysely's connection so no write interleaves with the reads (one consistent state).
  return db.connection().execute(async () => {
    const read = h.transaction(() => {
      const orders: OrderRow[] = [];
      for (const r of h.prepare(qOrders.sql).raw(true).iterate(...qOrders.parameters) as IterableIterator<any[]>) {
        orders.push({
          id: r[0], seq: r[1], owner: r[2], apiKey: r[3], builder: r[4], market: r[5], tokenId: r[6], outcome: r[7] as 0 | 1,
          side: r[8] as Side, type: r[9] as OrderType, postOnly: r[10] === 1, price: r[11], originalSize: r[12], sizeMatched: r[13],
          amount: r[14], expiration: r[15], status: r[16] as OrderStatus, cancelReason: r[17], createdAt: r[18], updatedAt: r[19],
          reserved: r[20], maxFee: r[21], feeBase: r[22], feeCharged: r[23], notional: r[24],
        });
      }
      const balances: BalanceRow[] = [];
      for (const r of h.prepare(qBalances.sql).raw(true).iterate() as IterableIterator<any[]>) {
        balances.push({ wallet: r[0], asset: r[1], free: r[2], reserved: r[3] });
      }
      const positions: PositionRow[] = [];
      for (const r of h.prepare(qPositions.sql).raw(true).iterate() as IterableIterator<any[]>) {
        positions.push({
          wallet: r[0], asset: r[1], conditionId: r[2], outcomeIndex: r[3] as 0 | 1, size: r[4], avgPrice: r[5], totalBought: r[6], realizedPnl: r[7],
        });
      }
      return { orders, balances, positions };
    });
    return read();
  });
}
