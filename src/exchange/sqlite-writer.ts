/**
 * The SQLite fast path of the batch writer: each table's insert (or upsert) is prepared once on the
 * better-sqlite3 handle and run row by row with positional arguments from a reused array inside
 * one synchronous BEGIN…COMMIT — no SQL building and no statement re-preparation per batch
 * (columns.ts lists the columns). Kysely's connection is held for the duration, so no Kysely
 * query or transaction can interleave with ours.
 *
 * The handle is the one `openStore` registered (store/handles.ts), with its checkpointer's
 * pause: a commit waits while the log is being emptied for a restart (store/checkpointer.ts).
 * PostgreSQL has its own writer (pg-writer.ts).
 */
import type SqliteDatabase from 'better-sqlite3';
import type { SealedBatch } from './rows.js';
import { catalogUpdates } from './catalog-updates.js';
import { TABLES, type TableSpec } from './columns.js';
import { commitsPaused } from '../store/handles.js';

type Sqlite = SqliteDatabase.Database;
import type { Db } from '../store/db.js';
type Row = Record<string, unknown>;

function insertSql(t: TableSpec): string {
  let s = `insert into "${t.table}" (${t.cols.map(([c]) => `"${c}"`).join(', ')}) values (${t.cols.map(() => '?').join(', ')})`;
  if (t.key) s += ` on conflict (${t.key.map((c) => `"${c}"`).join(', ')}) do update set ${t.update!.map((c) => `"${c}" = excluded."${c}"`).join(', ')}`;
  return s;
}

/** A table's prepared statement and its reused positional-argument array. */
interface Stmt {
  spec: TableSpec;
  stmt: SqliteDatabase.Statement;
  args: unknown[];
}

export class FastWriter {
  private readonly stmts: Stmt[];
  private readonly tx: (b: SealedBatch) => void;
  /** Catalog updates by SQL text: the same few shapes recur (volume per market and event). */
  private readonly catalog = new Map<string, SqliteDatabase.Statement>();

  constructor(private readonly db: Db, private readonly sqlite: Sqlite) {
    this.stmts = TABLES.map((spec) => ({ spec, stmt: sqlite.prepare(insertSql(spec)), args: new Array<unknown>(spec.cols.length) }));
    this.tx = sqlite.transaction((b: SealedBatch) => this.writeIn(b));
  }

  /** Writes one sealed batch in one transaction (all or nothing), once a log restart's pause is over. */
  async write(b: SealedBatch): Promise<void> {
    await commitsPaused(this.db);
    // Holding Kysely's single SQLite connection keeps other queries out of our BEGIN…COMMIT.
    await this.db.connection().execute(async () => this.tx(b));
  }

  private runAll(s: Stmt, rows: readonly object[]): void {
    // Multi-row VALUES statements were measured too: no gain, the cost is SQLite's B-tree work.
    const { stmt, args, spec: { cols } } = s;
    const n = cols.length;
    for (const r of rows as Row[]) {
      for (let i = 0; i < n; i++) args[i] = r[cols[i]![0]];
      stmt.run(args);
    }
  }

  private writeIn(b: SealedBatch): void {
    for (const s of this.stmts) this.runAll(s, s.spec.rows === 'state' ? [b.state] : b[s.spec.rows]);
    for (const c of catalogUpdates(this.db, b)) {
      let stmt = this.catalog.get(c.sql);
      if (stmt === undefined) this.catalog.set(c.sql, (stmt = this.sqlite.prepare(c.sql)));
      stmt.run(c.parameters as unknown[]);
    }
  }
}
