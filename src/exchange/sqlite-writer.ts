/**
 * The SQLite fast path of the batch writer: every statement is compiled once by Kysely (a one-row
 * query over the table's full column list), prepared once on the better-sqlite3 handle and run
 * row by row with positional arguments inside one synchronous BEGIN…COMMIT — no SQL building,
 * no parameter arrays per chunk, no statement re-preparation per batch. Kysely's connection is
 * held for the duration, so no Kysely query or transaction can interleave with ours.
 *
 * The handle is registered when the exchange opens (`attachSqlite`, from the store's `sqlite`
 * handle). PostgreSQL keeps the Kysely writer.
 */
import type SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { SealedBatch } from './rows.js';
import { catalogUpdates } from './catalog-updates.js';

type Sqlite = SqliteDatabase.Database;
type Db = Kysely<Database>;
type Row = Record<string, unknown>;

const handles = new WeakMap<Db, Sqlite | null>();
const writers = new WeakMap<Db, Promise<FastWriter | null>>();
let enabled = true;

/** Registers the better-sqlite3 handle behind a Kysely instance (call where the store is opened). */
export function attachSqlite(db: Db, sqlite: Sqlite): void {
  handles.set(db, sqlite);
}

/** Turns the fast path off (benchmarks compare both writers); it is on by default. */
export function setFastSqliteWriter(on: boolean): void {
  enabled = on;
}

/** The better-sqlite3 handle registered for `db`, or null (PostgreSQL, or none registered). */
export async function sqliteHandleOf(db: Db): Promise<Sqlite | null> {
  return handles.get(db) ?? null;
}

/** The fast writer of `db`, or null when it is not SQLite (or the fast path is off). */
export async function fastWriterFor(db: Db): Promise<FastWriter | null> {
  if (!enabled) return null;
  let w = writers.get(db);
  if (w === undefined) {
    w = sqliteHandleOf(db).then((h) => (h === null ? null : new FastWriter(db, h)));
    w.catch(() => writers.delete(db)); // e.g. tables not migrated yet: try again next time
    writers.set(db, w);
  }
  return w;
}

const ORDER_COLS = ['id', 'seq', 'owner', 'api_key', 'builder', 'market', 'token_id', 'outcome', 'side', 'type', 'post_only', 'price',
  'original_size', 'size_matched', 'amount', 'expiration', 'status', 'cancel_reason', 'reserved', 'max_fee', 'fee_base', 'fee_charged',
  'notional', 'created_at', 'updated_at'] as const;
const ORDER_UPDATE = ['size_matched', 'status', 'cancel_reason', 'reserved', 'fee_base', 'fee_charged', 'notional', 'updated_at'] as const;
const TRADE_COLS = ['id', 'seq', 'taker_order_id', 'owner', 'market', 'asset', 'side', 'price', 'size', 'usdc_size', 'fee', 'fee_rate_bps',
  'minted', 'merged', 'transaction_hash', 'status', 'builder', 'match_time'] as const;
const MAKER_COLS = ['trade_id', 'idx', 'order_id', 'owner', 'asset', 'side', 'price', 'matched_amount', 'fee', 'fee_rate_bps'] as const;
const LEDGER_COLS = ['wallet', 'asset', 'free', 'reserved', 'kind', 'ref', 'created_at'] as const;
const ACTIVITY_COLS = ['wallet', 'type', 'timestamp', 'condition_id', 'asset', 'outcome_index', 'side', 'price', 'size', 'usdc_size',
  'transaction_hash'] as const;
const POSITION_COLS = ['wallet', 'asset', 'condition_id', 'outcome_index', 'size', 'avg_price', 'total_bought', 'realized_pnl', 'updated_at'] as const;
const POSITION_UPDATE = ['size', 'avg_price', 'total_bought', 'realized_pnl', 'updated_at'] as const;
const BALANCE_COLS = ['wallet', 'asset', 'free', 'reserved'] as const;
const BOOK_COLS = ['condition_id', 'status', 'ladder_res', 'version', 'last_change_ms', 'last_trade_price', 'last_trade_side'] as const;
const STATE_COLS = ['id', 'seq', 'deposited', 'withdrawn', 'taker_matched', 'maker_matched'] as const;

/** One prepared statement and the column order of its positional parameters. */
interface Stmt {
  stmt: SqliteDatabase.Statement;
  cols: readonly string[];
  args: unknown[];
}

export class FastWriter {
  private readonly orders: Stmt;
  private readonly trades: Stmt;
  private readonly makers: Stmt;
  private readonly ledger: Stmt;
  private readonly activity: Stmt;
  private readonly positions: Stmt;
  private readonly balances: Stmt;
  private readonly books: Stmt;
  private readonly state: Stmt;
  private readonly tx: (b: SealedBatch) => void;
  /** Catalog updates by SQL text: the same few shapes recur (volume per market and event). */
  private readonly catalog = new Map<string, SqliteDatabase.Statement>();

  constructor(private readonly db: Db, private readonly sqlite: Sqlite) {
    const sample = (cols: readonly string[]): any => Object.fromEntries(cols.map((c) => [c, 0]));
    const set = (cols: readonly string[]) => (eb: any) => Object.fromEntries(cols.filter((c) => c !== 'id').map((c) => [c, eb.ref(`excluded.${c}`)]));
    this.orders = this.prepare(ORDER_COLS, db.insertInto('orders').values(sample(ORDER_COLS)).onConflict((oc) => oc.column('id').doUpdateSet(set(ORDER_UPDATE))).compile());
    this.trades = this.prepare(TRADE_COLS, db.insertInto('trades').values(sample(TRADE_COLS)).compile());
    this.makers = this.prepare(MAKER_COLS, db.insertInto('trade_makers').values(sample(MAKER_COLS)).compile());
    this.ledger = this.prepare(LEDGER_COLS, db.insertInto('ledger_entries').values(sample(LEDGER_COLS)).compile());
    this.activity = this.prepare(ACTIVITY_COLS, db.insertInto('activity').values(sample(ACTIVITY_COLS)).compile());
    this.positions = this.prepare(POSITION_COLS, db.insertInto('positions').values(sample(POSITION_COLS))
      .onConflict((oc) => oc.columns(['wallet', 'asset']).doUpdateSet(set(POSITION_UPDATE))).compile());
    this.balances = this.prepare(BALANCE_COLS, db.insertInto('balances').values(sample(BALANCE_COLS))
      .onConflict((oc) => oc.columns(['wallet', 'asset']).doUpdateSet(set(['free', 'reserved']))).compile());
    this.books = this.prepare(BOOK_COLS, db.insertInto('books').values(sample(BOOK_COLS))
      .onConflict((oc) => oc.column('condition_id').doUpdateSet(set(BOOK_COLS.slice(1)))).compile());
    this.state = this.prepare(STATE_COLS, db.insertInto('exchange_state').values(sample(STATE_COLS))
      .onConflict((oc) => oc.column('id').doUpdateSet(set(STATE_COLS))).compile());
    this.tx = sqlite.transaction((b: SealedBatch) => this.writeIn(b));
  }

  /** Writes one sealed batch in one transaction (all or nothing). */
  async write(b: SealedBatch): Promise<void> {
    // Holding Kysely's single SQLite connection keeps other queries out of our BEGIN…COMMIT.
    await this.db.connection().execute(async () => this.tx(b));
  }

  private prepare(cols: readonly string[], q: { sql: string; parameters: readonly unknown[] }): Stmt {
    if (q.parameters.length !== cols.length) throw new Error(`fast writer: ${cols.length} columns but ${q.parameters.length} parameters`);
    return { stmt: this.sqlite.prepare(q.sql), cols, args: new Array<unknown>(cols.length) };
  }

  private runAll(s: Stmt, rows: readonly object[]): void {
    const { stmt, cols, args } = s;
    const n = cols.length;
    for (const r of rows as Row[]) {
      for (let i = 0; i < n; i++) args[i] = r[cols[i]!];
      stmt.run(args);
    }
  }

  private writeIn(b: SealedBatch): void {
    this.runAll(this.orders, b.orders);
    this.runAll(this.trades, b.trades);
    this.runAll(this.makers, b.makers);
    this.runAll(this.ledger, b.ledger);
    this.runAll(this.activity, b.activity);
    this.runAll(this.positions, b.positions);
    this.runAll(this.balances, b.balances);
    this.runAll(this.books, b.books);
    this.runAll(this.state, [b.state]);
    for (const c of catalogUpdates(this.db, b)) {
      let stmt = this.catalog.get(c.sql);
      if (stmt === undefined) this.catalog.set(c.sql, (stmt = this.sqlite.prepare(c.sql)));
      stmt.run(c.parameters as unknown[]);
    }
  }
}
