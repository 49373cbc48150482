/**
 * `trades_builder (builder, seq)` becomes partial: `WHERE builder IS NOT NULL`. Most trades have
 * no builder, and every one of them still wrote an index entry (one more B-tree page per commit
 * of the exchange's writer). The only reader asks for one builder's trades (`builder = ?`),
 * which both backends' planners know implies `builder IS NOT NULL`: it uses the partial index.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('trades_builder').execute();
  await db.schema.createIndex('trades_builder').on('trades').columns(['builder', 'seq']).where(sql.ref('builder'), 'is not', null).execute();
}
