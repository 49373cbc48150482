/**
 * What a batch changes in the catalog tables: a resolution closes its market and records the
 * payouts and winner on the market and its tokens; trades add to their market's and event's
 * `volume` (the collateral the takers paid or received). Built as compiled queries so that both
 * writers (the SQLite fast path and the Kysely path) run exactly the same statements.
 */
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { SealedBatch } from './rows.js';

export function catalogUpdates(db: Kysely<Database>, b: SealedBatch): CompiledQuery[] {
  const out: CompiledQuery[] = [];
  for (const r of b.resolutions) {
    const now = r.at; // the exchange clock, not the wall clock (simulations run on their own)
    out.push(db.updateTable('markets').set({ payouts: JSON.stringify(r.payouts), resolved_at: now, accepting_orders: 0, closed: 1, updated_at: now })
      .where('condition_id', '=', r.conditionId).compile());
    for (const i of [0, 1] as const) {
      out.push(db.updateTable('tokens').set({ payout: r.payouts[i], winner: r.payouts[i] > r.payouts[1 - i]! ? 1 : 0 })
        .where('token_id', '=', `${r.conditionId}:${i}`).compile());
    }
  }
  if (b.volumes.length === 0) return out;
  const t = volumeTemplates(db);
  for (const v of b.volumes) {
    out.push(withValues(t.market, v), withValues(t.event, v));
  }
  return out;
}

/** Stand-ins compiled into the volume templates, replaced by each batch's values. */
const AMOUNT = -7_340_017;
const CONDITION = '\u0000condition';

interface VolumeTemplates { market: CompiledQuery; event: CompiledQuery }

/**
 * The two volume statements differ per batch only in their parameters, so each dialect compiles
 * them once (building and compiling them per batch was a measurable share of the writer's time).
 */
const templates = new Map<unknown, VolumeTemplates>();

function volumeTemplates(db: Kysely<Database>): VolumeTemplates {
  const dialect = db.getExecutor().adapter.constructor;
  let t = templates.get(dialect);
  if (t === undefined) {
    t = {
      market: db.updateTable('markets').set((eb) => ({ volume: eb('volume', '+', AMOUNT) })).where('condition_id', '=', CONDITION).compile(),
      event: db.updateTable('events').set((eb) => ({ volume: eb('volume', '+', AMOUNT) }))
        .where('id', '=', (eb) => eb.selectFrom('markets').select('event_id').where('condition_id', '=', CONDITION)).compile(),
    };
    templates.set(dialect, t);
  }
  return t;
}

function withValues(q: CompiledQuery, v: { conditionId: string; amount: number }): CompiledQuery {
  return { ...q, parameters: q.parameters.map((p) => (p === AMOUNT ? v.amount : p === CONDITION ? v.conditionId : p)) };
}
