/**
 * Writes a sealed batch in one transaction, on either backend: orders, positions, balances, books
 * and counters are upserted to their final state; trades, maker fills, ledger entries and
 * activity are appended. On SQLite the prepared-statement fast path (sqlite-writer.ts) does it,
 * on PostgreSQL one statement per batch (pg-writer.ts). The SQL-builder writer below is the
 * portable reference: it serves a SQLite Kysely instance that `openStore` did not make (no
 * registered handle), and the benchmark's `--kysely-writer` comparison. A `BatchWriter` belongs
 * to one exchange (src/exchange/queue.ts) and keeps what its backend's writer reuses: the SQLite
 * fast writer's prepared statements, the PostgreSQL statement names.
 */
import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import { PgStatementNames, writeBatchPg } from './pg-writer.js';
import type { Database } from '../store/schema.js';
import type { SealedBatch } from './rows.js';
import { FastWriter } from './sqlite-writer.js';
import { catalogUpdates } from './catalog-updates.js';
import { sqliteOf } from '../store/handles.js';

type Tx = Transaction<Database>;

/** Rows per statement: well under both backends' bound-parameter limits for our widest table. */
const CHUNK = 400;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/** `SET col = excluded.col` for every column but the key. */
function excludedSet<T extends string>(cols: readonly T[]) {
  return (eb: any) => Object.fromEntries(cols.map((c) => [c, eb.ref(`excluded.${c}`)]));
}

const ORDER_COLS = ['size_matched', 'status', 'cancel_reason', 'reserved', 'fee_base', 'fee_charged', 'notional', 'updated_at'] as const;
const POSITION_COLS = ['size', 'avg_price', 'total_bought', 'realized_pnl', 'updated_at'] as const;
const BOOK_COLS = ['status', 'ladder_res', 'version', 'last_change_ms', 'last_trade_price', 'last_trade_side'] as const;
const STATE_COLS = ['seq', 'deposited', 'withdrawn', 'taker_matched', 'maker_matched'] as const;

async function writeIn(tx: Tx, b: SealedBatch): Promise<void> {
  for (const rows of chunks(b.orders)) {
    await tx.insertInto('orders').values(rows).onConflict((oc) => oc.column('id').doUpdateSet(excludedSet(ORDER_COLS))).execute();
  }
  for (const rows of chunks(b.trades)) await tx.insertInto('trades').values(rows).execute();
  for (const rows of chunks(b.makers)) await tx.insertInto('trade_makers').values(rows).execute();
  for (const rows of chunks(b.ledger)) await tx.insertInto('ledger_entries').values(rows).execute();
  for (const rows of chunks(b.activity)) await tx.insertInto('activity').values(rows).execute();
  for (const rows of chunks(b.positions)) {
    await tx.insertInto('positions').values(rows).onConflict((oc) => oc.columns(['wallet', 'asset']).doUpdateSet(excludedSet(POSITION_COLS))).execute();
  }
  for (const rows of chunks(b.balances)) {
    await tx.insertInto('balances').values(rows).onConflict((oc) => oc.columns(['wallet', 'asset']).doUpdateSet(excludedSet(['free', 'reserved'] as const))).execute();
  }
  for (const rows of chunks(b.books)) {
    await tx.insertInto('books').values(rows).onConflict((oc) => oc.column('condition_id').doUpdateSet(excludedSet(BOOK_COLS))).execute();
  }
  await tx.insertInto('exchange_state').values(b.state).onConflict((oc) => oc.column('id').doUpdateSet(excludedSet(STATE_COLS))).execute();
  for (const c of catalogUpdates(tx, b)) await tx.executeQuery(c);
}

/** `kysely`: the portable SQL-builder path even on SQLite (the benchmark's comparison). */
export type WriterKind = 'fast' | 'kysely';

export class BatchWriter {
  private fast: FastWriter | null = null;
  private readonly names = new PgStatementNames();
  private readonly pg: boolean;

  constructor(private readonly db: Kysely<Database>, private readonly kind: WriterKind = 'fast') {
    this.pg = db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /** `fenceEpoch`: PostgreSQL only, the cluster writer's epoch checked inside the commit (pg-writer.ts). */
  async write(batch: SealedBatch, fenceEpoch?: number): Promise<void> {
    const fast = this.fastWriter();
    if (fast !== null) return fast.write(batch);
    if (this.pg) return writeBatchPg(this.db, batch, fenceEpoch, this.names);
    await this.db.transaction().execute((tx) => writeIn(tx, batch));
  }

  /** The SQLite fast writer; made on first use (it throws while the tables are not migrated: then tried again next time). */
  private fastWriter(): FastWriter | null {
    if (this.fast !== null || this.kind !== 'fast') return this.fast;
    const h = sqliteOf(this.db);
    if (h !== undefined) this.fast = new FastWriter(this.db, h);
    return this.fast;
  }
}
