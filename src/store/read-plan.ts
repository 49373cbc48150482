/**
 * Read plans: the reads one request needs, written once as a generator that yields prepared
 * reads (prepared.ts) and gets their rows back, run by a driver that fits the store:
 *
 * - on the embedded SQLite store (outside a transaction) the whole plan runs synchronously in ONE
 *   read transaction on the store's connection: one consistent snapshot for all of the request's
 *   reads, and one lock instead of one per statement (each autocommit read costs about 7 µs of
 *   locking here, more than a point lookup itself). Nothing else can run on the connection
 *   meanwhile: the plan never yields to the event loop;
 * - on PostgreSQL, or inside a caller's transaction, each read is awaited through Kysely; reads
 *   yielded together (`rowsOf`) run concurrently.
 *
 * ```ts
 * function* thread(id: number): Plan<Thread> {
 *   const roots = yield* rows(topComments, shape, id);          // a preparedShapes read
 *   const [a, b] = yield* rowsOf(query(reactionRows.read, undefined, ids), query(positionRows, 'Event', wallets, id));
 *   return …;
 * }
 * const answer = await runPlan(db, thread(7));
 * ```
 * (`prepared(…)` reads are passed as their `.read`.)
 * A plan must not await anything itself: what it needs from elsewhere is resolved before it runs
 * and passed in.
 */
import type SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import type { Prepared } from './prepared.js';
import { sqliteOf } from './handles.js';

type AnyDb = Kysely<Database>;
type Sqlite = SqliteDatabase.Database;

/** One prepared read with its values; `R` is its row type. */
export interface Query<R> {
  run(sqlite: Sqlite, db: AnyDb): R[];
  all(db: AnyDb): Promise<R[]>;
}

type Step = Query<unknown> | Array<Query<unknown>>;
/** A plan yields reads (one, or several to run together) and returns its answer. */
export type Plan<T> = Generator<Step, T, unknown>;

class PreparedQuery<S, A extends unknown[], R> implements Query<R> {
  constructor(private readonly p: Prepared<S, A, R>, private readonly shape: S, private readonly params: A) {}
  run(sqlite: Sqlite, db: AnyDb): R[] {
    return this.p.run(sqlite, db, this.shape, this.params);
  }
  all(db: AnyDb): Promise<R[]> {
    return this.p.all(db, this.shape, ...this.params);
  }
}

export function query<S, A extends unknown[], R>(p: Prepared<S, A, R>, shape: S, ...params: A): Query<R> {
  return new PreparedQuery(p, shape, params);
}

/** The rows of one read: `const r = yield* rows(p, shape, ...values)`. */
export function* rows<S, A extends unknown[], R>(p: Prepared<S, A, R>, shape: S, ...params: A): Generator<Step, R[], unknown> {
  return (yield query(p, shape, ...params) as Query<unknown>) as R[];
}

type RowsOf<T extends Array<Query<unknown>>> = { [K in keyof T]: T[K] extends Query<infer R> ? R[] : never };

/** The rows of several reads that do not depend on each other (concurrent on PostgreSQL). */
export function* rowsOf<T extends Array<Query<unknown>>>(...queries: T): Generator<Step, RowsOf<T>, unknown> {
  return (yield queries) as RowsOf<T>;
}

const snapshots = new WeakMap<Sqlite, (db: AnyDb, plan: Plan<unknown>) => unknown>();

/** The driver on SQLite: the plan inside one deferred (read) transaction, synchronously. */
function snapshotOf(sqlite: Sqlite): (db: AnyDb, plan: Plan<unknown>) => unknown {
  let run = snapshots.get(sqlite);
  if (run === undefined) {
    run = sqlite.transaction((db: AnyDb, plan: Plan<unknown>) => {
      for (let step = plan.next(); ;) {
        if (step.done) return step.value;
        const s = step.value;
        step = plan.next(Array.isArray(s) ? s.map((q) => q.run(sqlite, db)) : s.run(sqlite, db));
      }
    });
    snapshots.set(sqlite, run);
  }
  return run;
}

async function drive<T>(db: AnyDb, plan: Plan<T>): Promise<T> {
  for (let step = plan.next(); ;) {
    if (step.done) return step.value;
    const s = step.value;
    step = plan.next(Array.isArray(s) ? await Promise.all(s.map((q) => q.all(db))) : await s.all(db));
  }
}

/** Runs a read plan on `db` (the store's Kysely or a transaction) and resolves with its answer. */
export function runPlan<T>(db: AnyDb, plan: Plan<T>): Promise<T> {
  const sqlite = sqliteOf(db);
  if (sqlite === undefined || sqlite.inTransaction) return drive(db, plan);
  try {
    return Promise.resolve(snapshotOf(sqlite)(db, plan as Plan<unknown>) as T);
  } catch (err) {
    return Promise.reject(err);
  }
}
