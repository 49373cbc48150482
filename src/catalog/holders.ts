/**
 * The one place the catalog asks "who holds a position in these markets?" — for
 * `GET /comments?holders_only=true` (holderCondition) and each comment profile's `positions`
 * (holderPositions).
 *
 * Source: a table `positions(wallet, asset, condition_id, size, …)` with `size` in micro-units,
 * written by the exchange core (ledger). Until a migration creates that table, no wallet holds
 * anything: holderCondition matches no comment and holderPositions returns no positions. The
 * table's presence is checked once by the Catalog (service.ts); when it lands nothing here changes.
 * The exchange core should index it on (condition_id, wallet) for these lookups.
 */
import { sql, type Compilable, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { preparedShapes } from '../store/prepared.js';
import { rows, type Plan } from '../store/read-plan.js';
import type { Database } from '../store/schema.js';
import type { Db } from '../store/db.js';
import { microToDecimal } from './amounts.js';

export type EntityType = 'Event' | 'Series' | 'market';
export interface Entity { type: EntityType; id: number }

/** Whether the exchange's `positions` table exists (the Catalog asks once, at its first comment read). */
export async function positionsTableExists(db: Db): Promise<boolean> {
  try {
    await sql`select wallet, asset, condition_id, size from positions where 1 = 0`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** Condition ids of the markets an entity's comments are about (a subquery, not a list). */
function entityConditions(eb: ExpressionBuilder<Database, any>, type: EntityType, id: number) {
  const markets = eb.selectFrom('markets as hm').select('hm.condition_id');
  if (type === 'market') return markets.where('hm.id', '=', id);
  if (type === 'Event') return markets.where('hm.event_id', '=', id);
  return markets.where('hm.event_id', 'in', eb.selectFrom('event_series').select('event_id').where('series_id', '=', id));
}

/**
 * A condition on `comments` (alias `c`) keeping comments whose author holds a position
 * (size > 0) in one of the entity's markets; nobody holds anything where the exchange has no
 * `positions` table (`positionsTableExists`).
 */
export function holderCondition(type: EntityType, id: number, positionsExist: boolean) {
  return (eb: ExpressionBuilder<Database, any>): Expression<SqlBool> => (!positionsExist ? sql<SqlBool>`1 = 0`
    : eb('c.user_address', 'in', (eb2: ExpressionBuilder<any, any>) =>
      eb2.selectFrom('positions as p').select('p.wallet').where('p.size', '>', 0)
        .where('p.condition_id', 'in', entityConditions(eb2 as never, type, id))));
}

const positionRows = preparedShapes((db, type: EntityType, wallets: string[], id: number) =>
  (db as unknown as Kysely<any>).selectFrom('positions as p').select(['p.wallet', 'p.asset', 'p.size'])
    .where('p.wallet', 'in', wallets).where('p.size', '>', 0)
    .where('p.condition_id', 'in', (eb: ExpressionBuilder<any, any>) => entityConditions(eb as never, type, id))
    .orderBy('p.wallet').orderBy('p.asset') as unknown as Compilable<{ wallet: string; asset: string; size: number | string }>, (type) => type);

/** Each wallet's positions (size > 0) in the entity's markets: `{tokenId, positionSize}` (a read-plan step). */
export function* holderPositions(entity: Entity, wallets: string[], positionsExist: boolean): Plan<Map<string, Array<{ tokenId: string; positionSize: string }>>> {
  const out = new Map<string, Array<{ tokenId: string; positionSize: string }>>();
  if (wallets.length === 0 || !positionsExist) return out;
  for (const r of yield* rows(positionRows, entity.type, wallets, entity.id)) {
    const list = out.get(r.wallet) ?? [];
    list.push({ tokenId: r.asset, positionSize: microToDecimal(Number(r.size)) });
    out.set(r.wallet, list);
  }
  return out;
}
