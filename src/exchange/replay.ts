/**
 * Replaying the journal (journal.ts): a batch's commands applied to a core in order, sealed as the
 * writer sealed them (sealer.ts), and accepted only when the digest of the rows equals the
 * writer's. A follower does it for each batch the writer commits; a follower taking the writer's
 * role does it for the journal's tail it had not yet applied (`catchUp`), instead of rebuilding.
 */
import { sql, type Kysely } from 'kysely';
import type { ExchangeCore } from '../core/index.js';
import type { Database } from '../store/schema.js';
import { Batch, hasEffects } from './batch.js';
import type { CommittedBatch } from './events.js';
import { readJournal, type JournalEntry } from './journal.js';
import type { Sealer } from './sealer.js';

/** Not ok: `applied` when the core (and sealer) changed before the failure — they must be restored. */
export type ReplayOutcome = { ok: true; event: CommittedBatch } | { ok: false; why: string; applied: boolean };

/**
 * Applies `entry` to `ex` as the batch after the sealer's last one. Not ok: the entry is not the
 * next batch (nothing was applied), or the core threw or its rows' digest differs (the core and
 * sealer are then dirty: the caller restores them from the database).
 */
export function replayEntry(ex: ExchangeCore, sealer: Sealer, entry: JournalEntry, generation: number): ReplayOutcome {
  if (entry.seq !== sealer.batchSeq + 1) return { ok: false, why: `batch ${entry.seq} is not the next one (the core holds ${sealer.batchSeq})`, applied: false };
  const batch = new Batch();
  try {
    for (const c of entry.commands) {
      const r = ex.apply(c);
      if (hasEffects(r.effects)) batch.add(r.effects, c);
    }
    const sealed = sealer.seal(batch, ex, entry.at, { generation, event: true, digest: true });
    if (sealed.digest !== entry.digest) return { ok: false, why: `batch ${entry.seq}: digest ${sealed.digest} differs from the writer's ${entry.digest}`, applied: true };
    return { ok: true, event: sealed.event! };
  } catch (err) {
    return { ok: false, why: `batch ${entry.seq}: replaying it threw ${(err as Error).message}`, applied: true };
  }
}

/** Journal entries read per round trip while catching up. */
const PAGE = 500;

/**
 * Replays every journaled batch after `held()` through `replay`, then checks that the database's
 * last batch is the one the core now holds. The number of batches replayed, or a reason why not
 * (a batch missing from the journal, a refused replay, a database that moved on unjournaled).
 */
export async function catchUp(db: Kysely<Database>, held: () => number, replay: (e: JournalEntry) => ReplayOutcome): Promise<{ replayed: number } | { why: string }> {
  let replayed = 0;
  for (;;) {
    const page = await readJournal(db, held(), PAGE);
    for (const e of page) {
      const r = replay(e);
      if (!r.ok) return { why: r.why };
      replayed++;
    }
    if (page.length < PAGE) break;
  }
  const row = await db.selectFrom('exchange_state').select(sql<string>`batch_seq`.as('s')).where('id', '=', 1).executeTakeFirst();
  const last = Number(row?.s ?? 0);
  return last === held() ? { replayed } : { why: `the database's last batch is ${last}, the journal ends at ${held()}` };
}
