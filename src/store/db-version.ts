/**
 * A version of everything the database holds, for caches of reads that have no cheaper exact
 * version (`GET /holders`). It changes whenever a write is committed, by any writer:
 * - SQLite: the commit token (commit-probe.ts: the wal-index header, one `pread`, no read
 *   transaction), taken after any transaction open on the store's connection has ended, as
 *   every read waits for it. Where there is no token, one statement: `total_changes()` counts
 *   every row this process's connection (the only one the service opens) has inserted, updated
 *   or deleted; `data_version` changes when another connection (another process on the same
 *   file) commits.
 * - PostgreSQL: the current snapshot (xmin:xmax:in-progress list). A commit either removes its
 *   transaction from the in-progress list or moves xmax past it, so an equal snapshot means the
 *   same set of committed transactions, hence the same data (MVCC).
 * Each only moves forward: a page built after the version was taken (from newer data) is filed
 * under a version that never recurs. On SQLite the store keeps the statement prepared (store/db.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';
import type { Dialect } from './migrations/context.js';
import { commitToken, sqliteOf } from './handles.js';

export async function dbVersion(db: Kysely<Database>, dialect: Dialect): Promise<string> {
  if (dialect === 'sqlite') {
    if (sqliteOf(db)?.inTransaction) await sql`select 1`.execute(db); // waits its turn behind the transaction
    const token = commitToken(db);
    if (token !== undefined) return token;
  }
  const q = dialect === 'sqlite'
    ? sql<{ v: string }>`select total_changes() || ':' || (select data_version from pragma_data_version()) as v`
    : sql<{ v: string }>`select txid_current_snapshot()::text as v`;
  const { rows } = await q.execute(db);
  return String(rows[0]!.v);
}
