/**
 * The SQLite fast path of the restore. What costs on a million live orders is turning SQLite
 * values into JavaScript values (better-sqlite3 pays per value) and allocating what survives, so:
 * - live orders are read in pages by `sqlite-restore-reader.cjs` on the raw handle in raw mode
 *   (rows as arrays) and packed: numbers in one Float64Array a page, repeated strings (wallets,
 *   api keys, builders, markets) once each in a string table, so one copy of each is kept;
 * - an order's outcome, side, type and post-only flag arrive as ONE small integer computed by
 *   SQLite (no side/type strings), its token id is derived from the market;
 * - on a large book (`restoreTuning.threadFrom` live orders or more, judged from the live seq
 *   span) the pages are read by a worker thread with a connection of its own while this thread
 *   builds the book from the pages already read: the two halves of the work overlap on two
 *   cores. This connection holds the write lock meanwhile (BEGIN IMMEDIATE), so nothing can
 *   commit between the two connections' snapshots: both read the same state;
 * - balances and positions are read here, through `iterate`, straight into the loader (on the
 *   worker path while the worker starts: the loader takes them in any order).
 * A row whose flag columns hold anything unexpected is read again whole and converted as the
 * portable path does, so the restore never depends on the encoding being complete.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { OrderStatus, OrderType, Side, SnapshotLoader } from '../core/index.js';
import type { Database } from '../store/schema.js';
import type { OrdersTable } from '../store/schema-exchange.js';
import { orderFromRow, restoreTuning } from './order-rows.js';

type Sqlite = SqliteDatabase.Database;

/** A page of packed live orders (see sqlite-restore-reader.cjs). */
interface Page { count: number; nums: Float64Array; ids: string[]; strings: string[] }

interface ReaderModule {
  pageReader(db: Sqlite, pageSize: number): () => Page | null;
  SLOT: Record<'seq' | 'flags' | 'wallet' | 'apiKey' | 'builder' | 'market' | 'price' | 'originalSize' | 'sizeMatched' | 'amount'
    | 'expiration' | 'createdAt' | 'updatedAt' | 'reserved' | 'maxFee' | 'feeBase' | 'feeCharged' | 'notional', number>;
  STRIDE: number;
  WHOLE_ROW: number;
}

const require = createRequire(import.meta.url);
const READER_PATH = require.resolve('./sqlite-restore-reader.cjs');
const reader = require(READER_PATH) as ReaderModule;
const { SLOT, STRIDE, WHOLE_ROW } = reader;

const LIVE: OrderStatus = 'LIVE';
const SIDES: readonly Side[] = ['SELL', 'BUY'];
const TYPES: readonly OrderType[] = ['GTC', 'GTD'];
const ORDER_BY_ID_SQL = `select * from "orders" where "id" = ?`;
const LIVE_SPAN_SQL = `select (select "seq" from "orders" where "status" = 'LIVE' order by "seq" desc limit 1)
  - (select "seq" from "orders" where "status" = 'LIVE' order by "seq" limit 1) + 1`;
const BALANCES_SQL = `select "wallet", "asset", "free", "reserved" from "balances"`;
const POSITIONS_SQL = `select "wallet", "asset", "condition_id", "outcome_index", "size", "avg_price", "total_bought", "realized_pnl" from "positions"`;

/** Turns packed pages into the loader's order rows, keeping the string table between pages. */
class PageLoader {
  private readonly strings: string[] = [];
  private readonly tokens: Array<readonly [string, string] | undefined> = [];
  private readonly byId: SqliteDatabase.Statement;

  constructor(h: Sqlite, private readonly loader: SnapshotLoader) {
    this.byId = h.prepare(ORDER_BY_ID_SQL);
  }

  load(page: Page): void {
    const { strings, loader } = this;
    for (const s of page.strings) strings.push(s);
    const { nums, ids } = page;
    for (let i = 0, o = 0; i < page.count; i++, o += STRIDE) {
      const flags = nums[o + SLOT.flags]!;
      if (flags === WHOLE_ROW) {
        loader.order(orderFromRow(this.byId.get(ids[i]) as OrdersTable));
        continue;
      }
      const m = nums[o + SLOT.market]!;
      const market = strings[m]!;
      const tokens = this.tokens[m] ?? (this.tokens[m] = loader.marketTokens(market));
      const outcome = (flags & 1) as 0 | 1;
      const apiKey = nums[o + SLOT.apiKey]!;
      const builder = nums[o + SLOT.builder]!;
      const amount = nums[o + SLOT.amount]!;
      loader.order({
        id: ids[i]!, seq: nums[o + SLOT.seq]!, wallet: strings[nums[o + SLOT.wallet]!]!,
        apiKey: apiKey < 0 ? null : strings[apiKey]!, builder: builder < 0 ? null : strings[builder]!, builderCode: null,
        conditionId: market, tokenId: tokens[outcome], outcomeIndex: outcome, side: SIDES[(flags >> 1) & 1]!, type: TYPES[(flags >> 2) & 1]!,
        postOnly: (flags & 8) !== 0, price: nums[o + SLOT.price]!, originalSize: nums[o + SLOT.originalSize]!,
        sizeMatched: nums[o + SLOT.sizeMatched]!, amount: Number.isNaN(amount) ? null : amount, expiration: nums[o + SLOT.expiration]!,
        status: LIVE, cancelReason: null, createdAt: nums[o + SLOT.createdAt]!, updatedAt: nums[o + SLOT.updatedAt]!,
        reserved: nums[o + SLOT.reserved]!, maxFee: nums[o + SLOT.maxFee]!, feeBase: nums[o + SLOT.feeBase]!,
        feeCharged: nums[o + SLOT.feeCharged]!, notional: nums[o + SLOT.notional]!,
      });
    }
  }
}

/** Streams live orders (ascending seq), balances and positions from the raw handle into `loader`. */
export async function streamSqlite(db: Kysely<Database>, h: Sqlite, loader: SnapshotLoader): Promise<void> {
  // Hold Kysely's connection so no statement of this process interleaves with the reads.
  await db.connection().execute(async () => {
    const span = Number(h.prepare(LIVE_SPAN_SQL).pluck().get() ?? 0);
    if (span < restoreTuning.threadFrom) {
      h.transaction(() => {
        const pages = new PageLoader(h, loader);
        const next = reader.pageReader(h, restoreTuning.sqlitePage);
        for (let p = next(); p !== null; p = next()) pages.load(p);
        balancesAndPositions(h, loader);
      })();
      return;
    }
    h.exec('BEGIN IMMEDIATE');
    try {
      const orders = readOnWorker(h, new PageLoader(h, loader));
      balancesAndPositions(h, loader); // while the worker starts and reads its first pages
      await orders;
      h.exec('COMMIT');
    } catch (err) {
      if (h.inTransaction) h.exec('ROLLBACK');
      throw err;
    }
  });
}

function balancesAndPositions(h: Sqlite, loader: SnapshotLoader): void {
  for (const r of h.prepare(BALANCES_SQL).raw(true).iterate() as IterableIterator<any[]>) {
    loader.balance({ wallet: r[0], asset: r[1], free: r[2], reserved: r[3] });
  }
  for (const r of h.prepare(POSITIONS_SQL).raw(true).iterate() as IterableIterator<any[]>) {
    loader.position({
      wallet: r[0], asset: r[1], conditionId: r[2], outcomeIndex: r[3] as 0 | 1, size: r[4], avgPrice: r[5], totalBought: r[6], realizedPnl: r[7],
    });
  }
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
require(workerData.reader).serve(parentPort, workerData);
`;

/** Reads the live orders on a worker thread (its own read-only connection) and loads each page as it arrives. */
function readOnWorker(h: Sqlite, pages: PageLoader): Promise<void> {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { reader: READER_PATH, driver: require.resolve('better-sqlite3'), file: h.name, pageSize: restoreTuning.threadPage, ahead: restoreTuning.ahead },
  });
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      reject(err instanceof Error ? err : new Error(String(err)));
    };
    worker.on('message', (m: Page | { end: true } | { error: string }) => {
      if (settled) return;
      if ('error' in m) return fail(new Error(`restore reader: ${m.error}`));
      if ('end' in m) {
        settled = true;
        resolve();
        return;
      }
      worker.postMessage('more'); // the worker reads the next page while this one loads
      try {
        pages.load(m);
      } catch (err) {
        fail(err);
      }
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`restore reader exited (${code}) before the last page`)));
  });
}
