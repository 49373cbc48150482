/**
 * Rebuilds the in-memory exchange from the database on start: every catalog market (settings
 * from its `markets` row, book metadata from `books`), the live orders in time priority, every
 * balance with its reserved part, every position and the exchange counters. The result must
 * equal the exchange as it was before the stop; the recovery tests check exactly that.
 *
 * The rows are streamed into the core's loader as they are read (no intermediate snapshot): on
 * SQLite by `sqlite-restore.ts` on the raw handle, on PostgreSQL through Kysely.
 */
import { sql, type Kysely } from 'kysely';
import { ExchangeCore, type Clock, type IdSource, type SnapshotHead, type SnapshotLoader } from '../core/index.js';
import type { Database } from '../store/schema.js';
import type { OrdersTable } from '../store/schema-exchange.js';
import { CATALOG_MARKET_COLUMNS, marketRowOf } from './settings.js';
import { sqliteOf } from '../store/handles.js';
import { streamSqlite } from './sqlite-restore.js';
import { orderFromRow, restoreTuning } from './order-rows.js';
import { prepared } from '../store/prepared.js';


export interface Restored {
  exchange: ExchangeCore;
  /** Highest trade sequence number written so far. */
  tradeSeq: number;
  /** The last committed batch's number in the event sequence. */
  batchSeq: number;
  /** Each book's `seq` (books that never changed have none). */
  bookSeqs: Map<string, number>;
}

/** Markets are read in pages of this many (keyset on the id): a large catalog is never held whole. */
const MARKET_PAGE = 1000;

/**
 * A page of the catalog markets with an order book, each with its book's row (none before its
 * first order). Streamed into the loader page by page: a large catalog has hundreds of thousands.
 */
const marketsWithBooks = prepared((db, afterId: number) => db.selectFrom('markets as m').leftJoin('books as b', 'b.condition_id', 'm.condition_id')
  .select(['m.id', ...CATALOG_MARKET_COLUMNS.map((c) => `m.${c}` as const), 'b.ladder_res', 'b.version', 'b.last_change_ms', 'b.last_trade_price', 'b.last_trade_side', 'b.seq'])
  .where('m.enable_order_book', '=', 1).where('m.id', '>', afterId).orderBy('m.id').limit(MARKET_PAGE));

/**
 * The exchange as the database holds it. On PostgreSQL every read is in one REPEATABLE READ,
 * read-only transaction: the counters, books and rows are one snapshot, exactly the state after
 * the batch `batchSeq` (a follower replays the journal from there: src/exchange/replay.ts).
 */
export async function restoreFromDb(db: Kysely<Database>, clock: Clock, ids: IdSource): Promise<Restored> {
  if (sqliteOf(db) !== undefined) return restoreIn(db, clock, ids);
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute((tx) => restoreIn(tx, clock, ids));
}

async function restoreIn(db: Kysely<Database>, clock: Clock, ids: IdSource): Promise<Restored> {
  const state = await db.selectFrom('exchange_state').selectAll().where('id', '=', 1).executeTakeFirst();
  const head: SnapshotHead = {
    format: 1,
    seq: state?.seq ?? 0, deposited: state?.deposited ?? 0, withdrawn: state?.withdrawn ?? 0,
    takerMatched: state?.taker_matched ?? 0, makerMatched: state?.maker_matched ?? 0,
    markets: [],
  };
  const { exchange, loader } = ExchangeCore.restoring(head, clock, ids);
  const bookSeqs = new Map<string, number>();
  for (let after = 0; ;) {
    const page = await marketsWithBooks.all(db, after);
    for (const m of page) {
      const row = marketRowOf(m);
      if (m.seq) bookSeqs.set(row.conditionId, m.seq);
      loader.market({
        ...row,
        ladderRes: m.ladder_res || row.tickSize,
        bookVersion: m.version ?? 0,
        lastChangeMs: m.last_change_ms ?? 0,
        lastTradePrice: m.last_trade_price ?? 0,
        lastTradeSide: (m.last_trade_side ?? -1) as -1 | 0 | 1,
      });
    }
    if (page.length < MARKET_PAGE) break;
    after = page[page.length - 1]!.id;
  }
  const h = sqliteOf(db);
  if (h !== undefined) await streamSqlite(db, h, loader);
  else await streamKysely(db, loader);
  loader.finish();
  const maxTrade = await db.selectFrom('trades').select((eb) => eb.fn.max('seq').as('m')).executeTakeFirst();
  return { exchange, tradeSeq: Number(maxTrade?.m ?? 0), batchSeq: state?.batch_seq ?? 0, bookSeqs };
}


/**
 * The portable path (PostgreSQL, inside restoreFromDb's transaction): live orders in time
 * priority through one cursor, fetched in pages (one scan of the `orders_open` index for the whole
 * book), then balances and positions. Not keyset pages of `seq > last LIMIT n`: right after a bulk
 * of orders, before autovacuum's ANALYZE, the planner takes a bitmap scan that reads every live
 * order after `last` to keep n — with 1,000,000 live orders a restore took 59 s, 8.9 s
 * through the cursor (docs/benchmarks.md, hot followers).
 */
async function streamKysely(tx: Kysely<Database>, loader: SnapshotLoader): Promise<void> {
  await sql`DECLARE restore_orders NO SCROLL CURSOR FOR SELECT * FROM orders WHERE status = 'LIVE' ORDER BY seq`.execute(tx);
  const fetch = sql<OrdersTable>`FETCH ${sql.raw(String(restoreTuning.pgPage))} FROM restore_orders`;
  for (;;) {
    const page = (await fetch.execute(tx)).rows;
    for (const r of page) loader.order(orderFromRow(r));
    if (page.length < restoreTuning.pgPage) break;
  }
  await sql`CLOSE restore_orders`.execute(tx);
  for (const b of await tx.selectFrom('balances').selectAll().execute()) loader.balance({ wallet: b.wallet, asset: b.asset, free: b.free, reserved: b.reserved });
  for (const p of await tx.selectFrom('positions').selectAll().execute()) {
    loader.position({
      wallet: p.wallet, asset: p.asset, conditionId: p.condition_id, outcomeIndex: p.outcome_index as 0 | 1, size: p.size,
      avgPrice: p.avg_price, totalBought: p.total_bought, realizedPnl: p.realized_pnl,
    });
  }
}
