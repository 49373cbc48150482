/**
 * The SQLite fast path of the batch writer: each table's insert (or upsert) is prepared once and
 * run row by row with positional arguments inside one BEGIN…COMMIT — no SQL building and no
 * statement re-preparation per batch (columns.ts lists the columns).
 *
 * The transaction runs on a worker thread with its own connection to the database file
 * (sqlite-writer-worker.js): the B-tree inserts and the commit's WAL writes (about 40% of the
 * main thread's time per crossing order when they ran there) no longer stop request handling,
 * and the commands that arrive meanwhile gather into the next batch (group commit). While a
 * batch is written, Kysely's single connection is held, exactly as when the write ran on it: no
 * Kysely query or transaction interleaves with the batch, so the two connections never contend
 * for SQLite's write lock. A batch is acknowledged only after the thread's COMMIT returned; a
 * later read on the main connection starts a new WAL snapshot and sees it.
 *
 * A database without WAL (or in memory) keeps the same prepared-statement writer on the main
 * thread (`setSqliteWriterThread(false)` forces that, for comparisons).
 *
 * The handle is registered when the exchange opens (`attachSqlite`, from the store's `sqlite`
 * handle). PostgreSQL has its own writer (pg-writer.ts).
 */
import type SqliteDatabase from 'better-sqlite3';
import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { SealedBatch } from './rows.js';
import { catalogUpdates } from './catalog-updates.js';
import { TABLES, type TableSpec } from './columns.js';

type Sqlite = SqliteDatabase.Database;
type Db = Kysely<Database>;
type Row = Record<string, unknown>;

const handles = new WeakMap<Db, Sqlite | null>();
const writers = new WeakMap<Db, Promise<FastWriter | null>>();
let enabled = true;
let threaded = true;

/** Registers the better-sqlite3 handle behind a Kysely instance (call where the store is opened). */
export function attachSqlite(db: Db, sqlite: Sqlite): void {
  handles.set(db, sqlite);
}

/** Turns the fast path off (benchmarks compare both writers); it is on by default. */
export function setFastSqliteWriter(on: boolean): void {
  enabled = on;
}

/** Runs the transaction on the writer thread (default) or on the main thread. */
export function setSqliteWriterThread(on: boolean): void {
  threaded = on;
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
    w = sqliteHandleOf(db).then((h) => (h === null ? null : new FastWriter(db, h, threaded && canThread(h))));
    w.catch(() => writers.delete(db)); // e.g. tables not migrated yet: try again next time
    writers.set(db, w);
  }
  return w;
}

/** Stops the writer thread of `db`, if any (the exchange calls it when it closes). */
export async function closeFastWriter(db: Db): Promise<void> {
  const w = writers.get(db);
  if (w === undefined) return;
  writers.delete(db);
  const fast = await w.catch(() => null);
  await fast?.close();
}

/** A second connection can share the file: a WAL database on disk. */
function canThread(sqlite: Sqlite): boolean {
  if (sqlite.memory || sqlite.name === '' || sqlite.readonly) return false;
  return String(sqlite.pragma('journal_mode', { simple: true })).toLowerCase() === 'wal';
}

/** The main connection's settings the writer thread's connection repeats. */
const SHARED_PRAGMAS = ['synchronous', 'foreign_keys', 'busy_timeout', 'wal_autocheckpoint', 'cache_size'] as const;

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
  private readonly stmts: Stmt[] = [];
  private readonly tx: ((b: SealedBatch) => void) | null = null;
  /** Catalog updates by SQL text: the same few shapes recur (volume per market and event). */
  private readonly catalog = new Map<string, SqliteDatabase.Statement>();
  private readonly thread: WriterThread | null = null;

  constructor(private readonly db: Db, private readonly sqlite: Sqlite, onThread = false) {
    if (onThread) {
      this.thread = new WriterThread(sqlite);
    } else {
      this.stmts = TABLES.map((spec) => ({ spec, stmt: sqlite.prepare(insertSql(spec)), args: new Array<unknown>(spec.cols.length) }));
      this.tx = sqlite.transaction((b: SealedBatch) => this.writeIn(b));
    }
  }

  /** Writes one sealed batch in one transaction (all or nothing). */
  async write(b: SealedBatch): Promise<void> {
    // Holding Kysely's single SQLite connection keeps other queries out of our BEGIN…COMMIT.
    const { thread, tx } = this;
    if (thread !== null) {
      const msg = { tables: TABLES.map((spec) => flatten(spec, spec.rows === 'state' ? [b.state] : b[spec.rows])), catalog: catalogOf(this.db, b) };
      await this.db.connection().execute(() => thread.write(msg));
    } else {
      await this.db.connection().execute(async () => tx!(b));
    }
  }

  /** Stops the writer thread (waits for the batch in flight). */
  async close(): Promise<void> {
    await this.thread?.close();
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

/** A table's rows as one flat list of values in column order (cheap to post to the thread). */
function flatten(spec: TableSpec, rows: readonly object[]): unknown[] {
  const cols = spec.cols;
  const n = cols.length;
  const out = new Array<unknown>(rows.length * n);
  let at = 0;
  for (const r of rows as Row[]) {
    for (let i = 0; i < n; i++) out[at++] = r[cols[i]![0]];
  }
  return out;
}

function catalogOf(db: Db, b: SealedBatch): Array<[string, readonly unknown[]]> {
  if (b.resolutions.length === 0 && b.volumes.length === 0) return [];
  return catalogUpdates(db, b).map((c) => [c.sql, c.parameters]);
}

interface WriteMessage { tables: unknown[][]; catalog: Array<[string, readonly unknown[]]> }

/**
 * The writer thread and its pending batches (the exchange writes one at a time; the map allows
 * more). The thread keeps the process alive only while a batch is in flight. If it dies, the
 * batches in flight fail (the exchange then rebuilds from the database) and the next write
 * starts a new thread.
 */
class WriterThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, { ok(): void; fail(err: unknown): void }>();
  private nextId = 0;
  private readonly init: { file: string; pragmas: string[]; inserts: Array<{ sql: string; width: number }> };

  constructor(sqlite: Sqlite) {
    const pragmas = SHARED_PRAGMAS.map((p) => `${p} = ${String(sqlite.pragma(p, { simple: true }))}`);
    this.init = { file: sqlite.name, pragmas, inserts: TABLES.map((t) => ({ sql: insertSql(t), width: t.cols.length })) };
  }

  write(msg: WriteMessage): Promise<void> {
    const w = this.worker ?? this.start();
    const id = ++this.nextId;
    return new Promise<void>((ok, fail) => {
      this.pending.set(id, { ok, fail });
      if (this.pending.size === 1) w.ref();
      w.postMessage({ id, ...msg });
    });
  }

  async close(): Promise<void> {
    const w = this.worker;
    if (w === null) return;
    await Promise.allSettled([...this.pending.values()].map((p) => new Promise<void>((r) => {
      const { ok, fail } = p;
      p.ok = () => { ok(); r(); };
      p.fail = (e) => { fail(e); r(); };
    })));
    this.worker = null;
    const exited = new Promise<void>((r) => w.once('exit', () => r()));
    w.ref();
    w.postMessage({ close: true });
    await exited;
  }

  private start(): Worker {
    const w = new Worker(new URL('./sqlite-writer-worker.js', import.meta.url), { workerData: this.init });
    w.unref();
    w.on('message', (m: { id: number; error?: { message: string; code?: string } }) => {
      const p = this.pending.get(m.id);
      if (p === undefined) return;
      this.pending.delete(m.id);
      if (this.pending.size === 0) w.unref();
      if (m.error) p.fail(Object.assign(new Error(m.error.message), { code: m.error.code }));
      else p.ok();
    });
    const died = (err: unknown) => {
      if (this.worker === w) this.worker = null;
      const failed = [...this.pending.values()];
      this.pending.clear();
      for (const p of failed) p.fail(err);
    };
    w.on('error', died);
    w.on('exit', (code) => died(new Error(`the SQLite writer thread exited (code ${code})`)));
    this.worker = w;
    return w;
  }
}
