/**
 * Hot statements built once. Kysely builds, freezes and compiles a query's node tree on every call —
 * on a point read that costs more than SQLite's own work. A `prepared` statement is built with
 * placeholder values once per dialect and shape, kept as SQL plus parameter slots, and re-run
 * with each call's values:
 * - on the embedded SQLite store it runs synchronously on the store's connection through a kept
 *   statement, unless a Kysely transaction is open on that connection (then it goes through
 *   Kysely and waits its turn, so it never reads another request's half-written rows);
 * - on PostgreSQL, and inside a transaction, it runs through Kysely with the kept SQL.
 *
 * The builder returns a Kysely query or a raw `sql` template. It receives placeholders, not
 * values, so it must not branch on them or transform them (compute derived values, such as a
 * LIKE pattern, before the call and pass them as parameters of their own). What changes the
 * SQL (which filters are present, the order terms) is the `shape`: a plain value the builder may
 * branch on, named by `shapeKey`. Array parameters (`in (…)` lists) are compiled once per length.
 * A write built the same way gives, through `compiled`, the CompiledQuery for a writer to run.
 *
 * A LIMIT is passed as `literal(n)`: written into the SQL text (one compiled shape per value)
 * instead of bound. A bound LIMIT makes this SQLite (built with STAT4) prepare the statement again
 * on every run: the cost grows with the statement (measured: +2 µs on a one-table lookup, +27 µs
 * on a three-way join; a comment thread's roots 24 µs bound, 13 µs literal). A bound OFFSET
 * costs nothing extra.
 */
import { CompiledQuery, sql as kyselySql, type Compilable, type Kysely, type RawBuilder } from 'kysely';
import type SqliteDatabase from 'better-sqlite3';
import type { Database } from './schema.js';
import { sqliteOf } from './handles.js';

type AnyDb = Kysely<Database>;
/** What a builder returns: a Kysely query, or a raw `sql` template (compiled against the db). */
type Buildable<R> = Compilable<R> | RawBuilder<R>;
/** Compiled shapes kept per read (shape keys may carry scope values: bounded, not unbounded). */
const MAX_SHAPES = 1000;

class Slot {
  constructor(readonly arg: number, readonly item: number) {}
}
class Fixed {
  constructor(readonly value: unknown) {}
}
/** The integer of each `literal()`, by the expression that writes it. */
const literals = new WeakMap<object, number>();

/**
 * An integer written into the statement's text rather than bound (for LIMIT; see above), in a
 * prepared read (one compiled shape per value) or in any Kysely query (`.limit(literal(n))`).
 * Typed as the number it stands for, so it goes where the value goes.
 */
export function literal(n: number): number {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not an integer literal: ${n}`);
  const expression = kyselySql.lit(n);
  literals.set(expression, n);
  return expression as unknown as number;
}

const literalOf = (p: unknown): number | undefined => (typeof p === 'object' && p !== null ? literals.get(p) : undefined);

/** A kept SQLite statement in raw (array) mode and the function that makes its row objects. */
interface Kept { statement: SqliteDatabase.Statement; row: (values: unknown[]) => unknown }
interface Compiled { sql: string; params: Array<Slot | Fixed>; statements: WeakMap<SqliteDatabase.Database, Kept> }

/**
 * better-sqlite3 builds each row object property by property; rows read as arrays and made into
 * objects by a function written for the statement's columns cost about 40 % less on wide rows,
 * and every row of a statement shares one object shape. Same keys and values as object mode.
 */
function keep(sqlite: SqliteDatabase.Database, text: string): Kept {
  const statement = sqlite.prepare(text).raw(true);
  const fields = statement.columns().map((c, i) => `${JSON.stringify(c.name)}: v[${i}]`);
  // The column names come from our own SQL; JSON.stringify quotes them.
  return { statement, row: new Function('v', `return { ${fields.join(', ')} };`) as Kept['row'] };
}

function bind(c: Compiled, params: unknown[]): unknown[] {
  return c.params.map((p) => (p instanceof Fixed ? p.value : p.item < 0 ? params[p.arg] : (params[p.arg] as unknown[])[p.item]));
}

function dialectKey(db: AnyDb): string {
  return db.getExecutor().adapter.constructor.name;
}

export class Prepared<S, A extends unknown[], R> {
  private readonly shapes = new Map<string, Compiled>();

  constructor(
    private readonly build: (db: AnyDb, shape: S, ...params: A) => Buildable<R>,
    private readonly shapeKey: (shape: S) => string,
  ) {}

  /** The compiled query for these values (to hand to a writer, or to run elsewhere). */
  compiled(db: AnyDb, shape: S, ...params: A): CompiledQuery<R> {
    const c = this.compile(db, shape, params);
    return CompiledQuery.raw(c.sql, bind(c, params)) as CompiledQuery<R>;
  }

  /** All rows for these values. `db` may be the store's Kysely or a transaction. */
  async all(db: AnyDb, shape: S, ...params: A): Promise<R[]> {
    const sqlite = sqliteOf(db);
    if (sqlite && !sqlite.inTransaction) return this.run(sqlite, db, shape, params);
    const c = this.compile(db, shape, params);
    return (await db.executeQuery<R>(CompiledQuery.raw(c.sql, bind(c, params)))).rows;
  }

  /**
   * All rows, synchronously, on the store's SQLite handle through the kept statement: what `all`
   * does outside transactions, and what a read plan (read-plan.ts) does inside its snapshot.
   */
  run(sqlite: SqliteDatabase.Database, db: AnyDb, shape: S, params: A): R[] {
    const c = this.compile(db, shape, params);
    let kept = c.statements.get(sqlite);
    if (!kept) c.statements.set(sqlite, (kept = keep(sqlite, c.sql)));
    const rows = kept.statement.all(bind(c, params)) as unknown[][];
    for (let i = 0; i < rows.length; i++) (rows as unknown[])[i] = kept.row(rows[i]!);
    return rows as R[];
  }

  async first(db: AnyDb, shape: S, ...params: A): Promise<R | undefined> {
    return (await this.all(db, shape, ...params))[0];
  }

  private compile(db: AnyDb, shape: S, params: A): Compiled {
    let lengths = ''; // what of the values changes the SQL: list lengths and literals
    for (let i = 0; i < params.length; i++) {
      const p = params[i];
      const lit = literalOf(p);
      if (Array.isArray(p)) lengths += `${i}:${p.length},`;
      else if (lit !== undefined) lengths += `${i}=${lit},`;
    }
    const key = `${dialectKey(db)}|${this.shapeKey(shape)}|${lengths}`;
    let c = this.shapes.get(key);
    if (!c) {
      if (this.shapes.size >= MAX_SHAPES) this.shapes.clear();
      const slots = params.map((p, i) => (Array.isArray(p) ? p.map((_, j) => new Slot(i, j)) : literalOf(p) !== undefined ? p : new Slot(i, -1))) as unknown as A;
      const built = this.build(db, shape, ...slots);
      const { sql, parameters } = 'isRawBuilder' in built ? built.compile(db) : built.compile();
      c = { sql, params: parameters.map((p) => (p instanceof Slot ? p : new Fixed(p))), statements: new WeakMap() };
      this.shapes.set(key, c);
    }
    return c;
  }
}

/** A statement whose SQL depends only on its parameters' values (and array lengths). */
export function prepared<A extends unknown[], R>(build: (db: AnyDb, ...params: A) => Buildable<R>) {
  const read = new Prepared<undefined, A, R>((db, _shape, ...params) => build(db, ...params), () => '');
  return {
    read,
    all: (db: AnyDb, ...params: A) => read.all(db, undefined, ...params),
    first: (db: AnyDb, ...params: A) => read.first(db, undefined, ...params),
    compiled: (db: AnyDb, ...params: A) => read.compiled(db, undefined, ...params),
  };
}

/** A read whose SQL also depends on a shape (present filters, order terms) named by `shapeKey`. */
export function preparedShapes<S, A extends unknown[], R>(
  build: (db: AnyDb, shape: S, ...params: A) => Buildable<R>, shapeKey: (shape: S) => string,
): Prepared<S, A, R> {
  return new Prepared(build, shapeKey);
}
