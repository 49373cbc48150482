/**
 * The durable side of the dead-man's switch (table `heartbeat_sessions`, migration 0004).
 * Writes are monotonic in `last_beat_ms` (an older state never overwrites a newer one, e.g.
 * from another instance), and disarming is a compare-and-set so exactly one instance fires.
 */
import type { Store } from '../store/db.js';

export interface SessionRow {
  address: string;
  heartbeat_id: string;
  last_beat_ms: number;
  armed: number;
}

const CHUNK = 200;

export async function upsertSessions(store: Store, rows: SessionRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await store.db.insertInto('heartbeat_sessions').values(rows.slice(i, i + CHUNK))
      .onConflict((oc) => oc.column('address').doUpdateSet((eb) => ({
        heartbeat_id: eb.ref('excluded.heartbeat_id'),
        last_beat_ms: eb.ref('excluded.last_beat_ms'),
        armed: eb.ref('excluded.armed'),
      })).where('heartbeat_sessions.last_beat_ms', '<=', (eb) => eb.ref('excluded.last_beat_ms')))
      .execute();
  }
}

export async function loadArmed(store: Store): Promise<SessionRow[]> {
  return store.db.selectFrom('heartbeat_sessions').selectAll().where('armed', '=', 1).execute();
}

export async function readSession(store: Store, address: string): Promise<SessionRow | undefined> {
  return store.db.selectFrom('heartbeat_sessions').selectAll().where('address', '=', address).executeTakeFirst();
}

/** Disarms the session if it is still armed and its last beat is not after `cutoffMs`; true when this call did. */
export async function claimExpiry(store: Store, address: string, cutoffMs: number): Promise<boolean> {
  const res = await store.db.updateTable('heartbeat_sessions').set({ armed: 0 })
    .where('address', '=', address).where('armed', '=', 1).where('last_beat_ms', '<=', cutoffMs)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
