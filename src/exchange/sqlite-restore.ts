/**
 * The SQLite fast path of the restore. What costs on a million live orders is turning SQLite
 * values into JavaScript values (better-sqlite3 pays per value) and allocating what survives, so:
 * - the statements run on the better-sqlite3 handle in raw mode (rows as arrays); live orders
 *   come in pages of PAGE rows, balances and positions through `iterate`, and each row goes
 *   straight into the core's loader: no array of all rows is ever kept;
 * - an order's outcome, side, type and post-only flag arrive as ONE small integer computed by
 *   SQLite (no side/type strings), its token id is derived from the market;
 * - repeated strings (owners, api keys, builders, markets) are shared: one copy of each is kept,
 *   the copy better-sqlite3 made for the row dies young.
 * A row whose flag columns hold anything unexpected is read again whole and converted as the
 * portable path does, so the restore never depends on the encoding being complete.
 */
import type SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { OrderStatus, OrderType, Side, SnapshotLoader } from '../core/index.js';
import type { Database } from '../store/schema.js';
import type { OrdersTable } from '../store/schema-exchange.js';
import { orderFromRow } from './restore.js';

type Sqlite = SqliteDatabase.Database;

const LIVE: OrderStatus = 'LIVE';
const SIDES: readonly Side[] = ['SELL', 'BUY'];
const TYPES: readonly OrderType[] = ['GTC', 'GTD'];

/**
 * Live orders are read in pages of this many rows (keyset on `seq`, through the partial index):
 * `all()` on a small page costs about a quarter less than `iterate()` row by row (one call into
 * the driver per page instead of per row), and a page's row arrays die young.
 */
const PAGE = 512;

/**
 * Live orders in time priority (one page after the given seq; seqs are unique and increasing). `flags` = outcome + 2·BUY + 4·GTD + 8·post-only, or 16
 * when a column holds a value outside what a live order can have (then the row is read whole).
 * A live order's status is LIVE and it has no cancel reason; its token id is `<market>:<outcome>`
 * (the core builds every token id that way; checking it per row in SQL made the read slower).
 */
const ORDERS_SQL = `select "id", "seq", "owner", "api_key", "builder", "market",
  case when "outcome" in (0, 1) and "side" in ('BUY', 'SELL') and "type" in ('GTC', 'GTD') and "post_only" in (0, 1)
    and "cancel_reason" is null
  then "outcome" + 2 * ("side" = 'BUY') + 4 * ("type" = 'GTD') + 8 * "post_only" else 16 end,
  "price", "original_size", "size_matched", "amount", "expiration", "created_at", "updated_at",
  "reserved", "max_fee", "fee_base", "fee_charged", "notional"
  from "orders" where "status" = 'LIVE' and "seq" > ? order by "seq" limit ${PAGE}`;
const ORDER_BY_ID_SQL = `select * from "orders" where "id" = ?`;
const BALANCES_SQL = `select "wallet", "asset", "free", "reserved" from "balances"`;
const POSITIONS_SQL = `select "wallet", "asset", "condition_id", "outcome_index", "size", "avg_price", "total_bought", "realized_pnl" from "positions"`;

interface MarketStrings { id: string; tokens: [string, string] }

/** Streams live orders (ascending seq), balances and positions from the raw handle into `loader`. */
export async function streamSqlite(db: Kysely<Database>, h: Sqlite, loader: SnapshotLoader): Promise<void> {
  // Hold Kysely's connection so no write interleaves with the reads (one consistent state).
  await db.connection().execute(async () => {
    h.transaction(() => {
      const strings = new Map<string, string>();
      const str = (s: string): string => {
        const k = strings.get(s);
        if (k !== undefined) return k;
        strings.set(s, s);
        return s;
      };
      const markets = new Map<string, MarketStrings>();
      const byId = h.prepare(ORDER_BY_ID_SQL);
      const rest = (r: any[]): void => {
        const flags = r[6] as number;
        if (flags === 16) {
          loader.order(orderFromRow(byId.get(r[0]) as OrdersTable));
          return;
        }
        let m = markets.get(r[5]);
        if (m === undefined) markets.set(r[5], (m = { id: r[5], tokens: [`${r[5]}:0`, `${r[5]}:1`] }));
        const outcome = (flags & 1) as 0 | 1;
        loader.order({
          id: r[0], seq: r[1], owner: str(r[2]), apiKey: r[3] === null ? null : str(r[3]), builder: r[4] === null ? null : str(r[4]),
          market: m.id, tokenId: m.tokens[outcome], outcome, side: SIDES[(flags >> 1) & 1]!, type: TYPES[(flags >> 2) & 1]!,
          postOnly: (flags & 8) !== 0, price: r[7], originalSize: r[8], sizeMatched: r[9], amount: r[10], expiration: r[11],
          status: LIVE, cancelReason: null, createdAt: r[12], updatedAt: r[13],
          reserved: r[14], maxFee: r[15], feeBase: r[16], feeCharged: r[17], notional: r[18],
        });
      };
      const page = h.prepare(ORDERS_SQL).raw(true);
      for (let after = Number.MIN_SAFE_INTEGER; ;) {
        const rows = page.all(after) as any[][];
        for (const r of rows) rest(r);
        if (rows.length < PAGE) break;
        after = rows[rows.length - 1]![1];
      }
      for (const r of h.prepare(BALANCES_SQL).raw(true).iterate() as IterableIterator<any[]>) {
        loader.balance({ wallet: r[0], asset: r[1], free: r[2], reserved: r[3] });
      }
      for (const r of h.prepare(POSITIONS_SQL).raw(true).iterate() as IterableIterator<any[]>) {
        loader.position({
          wallet: r[0], asset: r[1], conditionId: r[2], outcomeIndex: r[3] as 0 | 1, size: r[4], avgPrice: r[5], totalBought: r[6], realizedPnl: r[7],
        });
      }
    })();
  });
}
