/**
 * The PostgreSQL batch writer: a whole sealed batch is ONE statement, so a tick costs one round
 * trip and one commit. Each table's rows travel column-wise as arrays (`unnest($1::text[], …)`),
 * one parameter per column whatever the row count, and every table is written by its own
 * data-modifying CTE (`WITH a AS (INSERT …), b AS (INSERT …) INSERT INTO exchange_state …`).
 * It goes by name through the store's pool: a connection parses each shape once, and
 * PostgreSQL can keep its plan.
 * A single statement is atomic on its own, so no BEGIN/COMMIT is needed; only a batch that
 * resolves a market adds the resolution's catalog updates, and then it runs in a transaction.
 * Traded volume is added to markets and, summed per event, to events inside the same statement.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { SealedBatch } from './rows.js';
import { TABLES, type ColType, type TableSpec } from './columns.js';
import { catalogUpdates } from './catalog-updates.js';
import { pgPoolOf } from '../store/handles.js';
import { createHash } from 'node:crypto';

const PG_TYPE: Record<ColType, string> = { t: 'text', b: 'bigint', i: 'integer' };
const q = (name: string) => `"${name}"`;

function upsertSql(t: TableSpec, first: number, where = ''): string {
  const args = t.cols.map(([, type], i) => `$${first + i}::${PG_TYPE[type]}[]`).join(', ');
  let s = `insert into ${q(t.table)} (${t.cols.map(([c]) => q(c)).join(', ')}) select * from unnest(${args})${where}`;
  if (t.key) s += ` on conflict (${t.key.map(q).join(', ')}) do update set ${t.update!.map((c) => `${q(c)} = excluded.${q(c)}`).join(', ')}`;
  return s;
}

function volumeSql(first: number): string[] {
  const v = `unnest($${first}::text[], $${first + 1}::bigint[]) as v (cid, amount)`;
  return [
    `update "markets" set "volume" = "markets"."volume" + v.amount from ${v} where "markets"."condition_id" = v.cid`,
    `update "events" set "volume" = "events"."volume" + s.amount from (select m."event_id", sum(v.amount) as amount from ${v} ` +
      `join "markets" m on m."condition_id" = v.cid group by m."event_id") s where "events"."id" = s."event_id"`,
  ];
}

/**
 * The batch as one statement with its parameters. `fenceEpoch` (the cluster's writer epoch,
 * src/cluster): the exchange_state row is only written through `sibyl_writer_fence(epoch)`
 * (migration 0023), which raises SB001 — failing the whole statement — once the lease moved on.
 */
export function batchStatement(b: SealedBatch, fenceEpoch?: number): CompiledQuery {
  const parts: string[] = [];
  const params: unknown[] = [];
  for (const t of TABLES) {
    const rows = (t.rows === 'state' ? [b.state] : b[t.rows]) as unknown as Record<string, unknown>[];
    if (rows.length === 0) continue;
    if (t.rows === 'state' && fenceEpoch !== undefined) {
      params.push(fenceEpoch);
      parts.push(upsertSql(t, params.length + 1, ` where sibyl_writer_fence($${params.length}::bigint) = 1`));
      for (const [c] of t.cols) params.push(rows.map((r) => r[c]));
      continue;
    }
    parts.push(upsertSql(t, params.length + 1));
    for (const [c] of t.cols) params.push(rows.map((r) => r[c]));
  }
  if (b.volumes.length > 0) {
    parts.splice(parts.length - 1, 0, ...volumeSql(params.length + 1));
    params.push(b.volumes.map((v) => v.conditionId), b.volumes.map((v) => v.amount));
  }
  if (b.journalKeepFrom !== undefined) { // the journal's retention (journal.ts)
    params.push(b.journalKeepFrom);
    parts.splice(parts.length - 1, 0, `delete from "journal" where "seq" < $${params.length}::bigint`);
  }
  // The last part (exchange_state, always present) is the main statement; the others are CTEs.
  const last = parts.pop()!;
  const sql = parts.length === 0 ? last : `with ${parts.map((p, i) => `w${i} as (${p})`).join(', ')} ${last}`;
  return CompiledQuery.raw(sql, params);
}

/**
 * Names for the statement's texts: the same few shapes recur (which tables a batch has rows for).
 * Sent unnamed, the many-CTE statement was parsed and planned for every batch: a recorded batch
 * took 2.3–2.7 ms unnamed against 1.4 ms named (medians, docs/benchmarks.md, eighth session).
 * A name is the text's hash, so any connection of the pool knows it by the same name.
 */
export class PgStatementNames {
  private readonly names = new Map<string, string>();
  of(sql: string): string {
    let name = this.names.get(sql);
    if (name === undefined) this.names.set(sql, (name = `sibyl_batch_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`));
    return name;
  }
}

export async function writeBatchPg(db: Kysely<Database>, b: SealedBatch, fenceEpoch: number | undefined, names: PgStatementNames): Promise<void> {
  const main = batchStatement(b, fenceEpoch);
  if (b.resolutions.length === 0) {
    const pool = pgPoolOf(db);
    if (pool === undefined) await db.executeQuery(main);
    else await pool.query({ name: names.of(main.sql), text: main.sql, values: main.parameters as unknown[] });
    return;
  }
  await db.transaction().execute(async (tx) => {
    await tx.executeQuery(main);
    for (const c of catalogUpdates(tx, { ...b, volumes: [] })) await tx.executeQuery(c);
  });
}
