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

const LIVE: OrderStatus = 'LIVE';

// A live order's status is LIVE and it has no cancel reason; its token id is `<market>:<outcome>`.
const ORDER_COLUMNS = ['id', 'seq', 'owner', 'api_key', 'builder', 'market', 'outcome', 'side', 'type', 'post_only', 'price',
  'original_size', 'size_matched', 'amount', 'expiration', 'created_at', 'updated_at', 'reserved', 'max_fee',
  'fee_base', 'fee_charged', 'notional'] as const;

/**
 * One shared copy of each repeated string (owners, markets, token ids, api keys, sides, types):
 * a million live orders then retain a handful of strings each instead of six copies, which is
 * most of what the garbage collector had to trace and promote.
 */
function interner(): (s: string) => string {
  const seen = new Map<string, string>();
  return (s) => {
    const k = seen.get(s);
    if (k !== undefined) return k;
    seen.set(s, s);
    return s;
  };
}

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
      const str = interner();
      const tokens = new Map<string, [string, string]>();
      for (const r of h.prepare(qOrders.sql).raw(true).iterate(...qOrders.parameters) as IterableIterator<any[]>) {
        const market = str(r[5]);
        let tok = tokens.get(market);
        if (tok === undefined) tokens.set(market, (tok = [`${market}:0`, `${market}:1`]));
        orders.push({
          id: r[0], seq: r[1], owner: str(r[2]), apiKey: r[3] === null ? null : str(r[3]), builder: r[4] === null ? null : str(r[4]),
          market, tokenId: tok[r[6] as 0 | 1], outcome: r[6] as 0 | 1, side: str(r[7]) as Side, type: str(r[8]) as OrderType,
          postOnly: r[9] === 1, price: r[10], originalSize: r[11], sizeMatched: r[12], amount: r[13], expiration: r[14],
          status: LIVE, cancelReason: null, createdAt: r[15], updatedAt: r[16],
          reserved: r[17], maxFee: r[18], feeBase: r[19], feeCharged: r[20], notional: r[21],
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
