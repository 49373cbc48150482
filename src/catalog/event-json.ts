/**
 * The event list's read model: each event's `GET /events` item (its fields and tags) kept as
 * JSON in `events.list_json` (migration 0015), so a page is its rows' stored text joined, not
 * seventeen columns and the tags of every event turned into objects and serialised again.
 *
 * - Built when an event is written (`insertEvent`), and on start for every event that has none
 *   (`fillEventItems`: databases migrated from before, bulk-seeded catalogs).
 * - Triggers set it back to NULL when a column the item shows, the event's tags or a tag's own
 *   fields change, whoever writes them; a page builds NULL items from the rows (same bytes), so
 *   a reader never sees a stale or missing item. Each fill reads and writes in one transaction
 *   (repeatable read on PostgreSQL): a concurrent change either comes first and is read, or
 *   makes the fill fail and leaves the item NULL.
 * - The bytes are exactly what the route schema's serializer writes: `eventListOut` builds the
 *   fields in schema order with strings already strings, so native `JSON.stringify` matches
 *   fast-json-stringify (test/catalog/event-json.test.ts checks it).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { Db } from './write.js';
import { eventListOut, type EventRow, type WireTag } from './format.js';
import { eventRows, tagsForEvents } from './queries/related.js';

const CHUNK = 500;

export function eventListJson(e: EventRow, tags: WireTag[]): string {
  return JSON.stringify(eventListOut(e, tags));
}

/** The list items of these events built from their rows, by id (unknown ids are absent). */
export async function buildEventItems(db: Db, ids: number[]): Promise<Map<number, string>> {
  const [rows, tags] = [await eventRows(db, ids), await tagsForEvents(db, ids)];
  return new Map(rows.map((e) => [e.id, eventListJson(e, tags.get(e.id) ?? [])]));
}

/** Builds and stores the items of these events, inside the caller's transaction. */
export async function storeEventItems(db: Db, ids: number[]): Promise<void> {
  for (const [id, json] of await buildEventItems(db, ids)) {
    await db.updateTable('events').set({ list_json: json }).where('id', '=', id).execute();
  }
}

/**
 * Builds every missing item, in transactions of CHUNK events; returns how many were built. A
 * chunk that fails (a concurrent writer) is left to the readers and the next start.
 */
export async function fillEventItems(
  db: Kysely<Database>,
  opts: { onProgress?: (what: string, done: number, total: number) => void; warn?: (msg: string) => void } = {},
): Promise<number> {
  const missing = await db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).where('list_json', 'is', null).executeTakeFirst();
  const total = Number(missing?.n ?? 0);
  let done = 0;
  for (let after = 0; done < total;) {
    const ids = (await db.selectFrom('events').select('id').where('list_json', 'is', null).where('id', '>', after)
      .orderBy('id').limit(CHUNK).execute()).map((r) => r.id);
    if (ids.length === 0) break;
    after = ids[ids.length - 1]!;
    try {
      await db.transaction().setIsolationLevel('repeatable read').execute((trx) => storeEventItems(trx, ids));
    } catch (err) {
      opts.warn?.(`event list items ${ids[0]}..${after} not built (${(err as Error).message}); pages build them from the rows`);
    }
    done += ids.length;
    opts.onProgress?.('event list items', done, total);
  }
  return done;
}
