/**
 * What a batch changes in the catalog tables: a resolution closes its market and records the
 * payouts and winner on the market and its tokens; trades add to their market's and event's
 * `volume` (the collateral the takers paid or received). Built as compiled queries so that both
 * writers (the SQLite fast path and the Kysely path) run exactly the same statements.
 */
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { SealedBatch } from './rows.js';
import { prepared } from '../store/prepared.js';

export function catalogUpdates(db: Kysely<Database>, b: SealedBatch): CompiledQuery[] {
  const out: CompiledQuery[] = [];
  for (const r of b.resolutions) {
    const now = r.at; // the exchange clock, not the wall clock (simulations run on their own)
    out.push(db.updateTable('markets').set({ payouts: JSON.stringify(r.payouts), resolved_at: now, accepting_orders: 0, closed: 1, updated_at: now })
      .where('condition_id', '=', r.conditionId).compile());
    for (const i of [0, 1] as const) {
      out.push(db.updateTable('tokens').set({ payout: r.payouts[i], winner: r.payouts[i] > r.payouts[1 - i]! ? 1 : 0 })
        .where('condition_id', '=', r.conditionId).where('outcome_index', '=', i).compile());
    }
  }
  for (const v of b.volumes) out.push(marketVolume.compiled(db, v.amount, v.conditionId), eventVolume.compiled(db, v.amount, v.conditionId));
  return out;
}

// The volume statements differ per batch only in their values: compiled once per dialect.
const marketVolume = prepared((db, amount: number, conditionId: string) =>
  db.updateTable('markets').set((eb) => ({ volume: eb('volume', '+', amount) })).where('condition_id', '=', conditionId));
const eventVolume = prepared((db, amount: number, conditionId: string) =>
  db.updateTable('events').set((eb) => ({ volume: eb('volume', '+', amount) }))
    .where('id', '=', (eb) => eb.selectFrom('markets').select('event_id').where('condition_id', '=', conditionId)));
