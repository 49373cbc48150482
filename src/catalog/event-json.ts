/**
 * The catalog's read model for events and their markets: each event's `GET /events` item (fields
 * and tags) and its `GET /events/slug/{slug}` answer (fields, tags, markets, series, metadata)
 * kept as JSON in `events.list_json` / `events.detail_json` (migration 0015), and each of its
 * markets' `GET /markets/slug/{slug}` answer (fields and the event's summary) in
 * `markets.detail_json` (migration 0016). A page is its rows' stored text joined and a detail
 * one column, instead of every column of the event, its tags, markets and series turned into
 * objects and serialised again on every request. An event's answers and its markets' are built
 * together: they read the same rows.
 *
 * - Built when an event is written (`insertEvent`) or a market of it is added or changed
 *   (`insertMarket`, `updateMarket`), on start for every event missing one or with a market
 *   missing one (`fillEventItems`: databases migrated from before, bulk-seeded catalogs), and
 *   after a resolution (`rebuildEventItems`: the exchange closed the market).
 * - Triggers set them back to NULL when anything they show changes, whoever writes it; readers
 *   build a NULL answer from the rows (the same bytes), so nobody ever sees a stale one. Each
 *   build reads and writes in one transaction (repeatable read on PostgreSQL): a concurrent
 *   change either comes first and is read, or makes the build fail and leaves the answer NULL.
 * - The bytes are exactly what the routes' schema serializer writes: format.ts builds the
 *   fields in schema order with strings already strings, so native `JSON.stringify` matches
 *   fast-json-stringify (test/catalog/event-json.test.ts checks it).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { Db } from '../store/db.js';
import { catalogMarketOut, eventListOut, eventOut, type EventRow } from './format.js';
import { eventRows } from './queries/related.js';
import { eventDetailOf, eventRelations } from './event-detail.js';

const CHUNK = 500;

export interface EventItems {
  list: string;
  detail: string;
  /** Each market's `GET /markets/slug/{slug}` answer, by market id. */
  markets: Map<number, string>;
}

/** The answers of these events and of their markets built from their rows, by event id (unknown ids are absent). */
export async function buildEventItems(db: Db, ids: number[]): Promise<Map<number, EventItems>> {
  const rows: EventRow[] = await eventRows(db, ids);
  const rel = await eventRelations(db, ids);
  return new Map(rows.map((e) => {
    const summary = eventOut(e);
    const markets = new Map((rel.markets.get(e.id) ?? []).map((m) => [Number(m.id), JSON.stringify(catalogMarketOut(m, summary))]));
    return [e.id, { list: JSON.stringify(eventListOut(e, rel.tags.get(e.id) ?? [])), detail: JSON.stringify(eventDetailOf(e, rel)), markets }];
  }));
}

/** Builds and stores the answers of these events and their markets, inside the caller's transaction. */
export async function storeEventItems(db: Db, ids: number[]): Promise<void> {
  for (const [id, items] of await buildEventItems(db, ids)) {
    await db.updateTable('events').set({ list_json: items.list, detail_json: items.detail }).where('id', '=', id).execute();
    for (const [marketId, json] of items.markets) {
      await db.updateTable('markets').set({ detail_json: json }).where('id', '=', marketId).execute();
    }
  }
}

/**
 * Builds and stores the answers of these events in a transaction of its own, for writes that
 * changed them outside `write.ts` (a resolution: the exchange closes the market). Throws when a
 * concurrent writer got in the way; the answers then stay NULL (readers build them).
 */
export async function rebuildEventItems(db: Kysely<Database>, ids: number[]): Promise<void> {
  await db.transaction().setIsolationLevel('repeatable read').execute((trx) => storeEventItems(trx, ids));
}

/** `rebuildEventItems` for the event of a market (after its resolution). */
export async function rebuildEventOfMarket(db: Kysely<Database>, conditionId: string): Promise<void> {
  const m = await db.selectFrom('markets').select('event_id').where('condition_id', '=', conditionId).executeTakeFirst();
  if (m) await rebuildEventItems(db, [m.event_id]);
}

/**
 * Builds every missing answer, in transactions of CHUNK events; returns how many events were
 * built (with their markets). A chunk that fails (a concurrent writer) is left to the readers
 * and the next start. The missing ones are found through the partial indexes
 * `events_json_missing` and `markets_json_missing` (normally empty).
 */
export async function fillEventItems(
  db: Kysely<Database>,
  opts: { onProgress?: (what: string, done: number, total: number) => void; warn?: (msg: string) => void } = {},
): Promise<number> {
  const missing = (after: number) => db.selectFrom('events').select('id').where('id', '>', after)
    .where((eb) => eb.or([eb('list_json', 'is', null), eb('detail_json', 'is', null)]))
    .union(db.selectFrom('markets').select('event_id as id').where('event_id', '>', after).where('detail_json', 'is', null));
  const counted = await db.selectFrom(missing(0).as('u')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  let done = 0;
  for (let after = 0; done < total;) {
    const ids = (await db.selectFrom(missing(after).as('u')).select('id').orderBy('id').limit(CHUNK).execute()).map((r) => r.id);
    if (ids.length === 0) break;
    after = ids[ids.length - 1]!;
    try {
      await rebuildEventItems(db, ids);
    } catch (err) {
      opts.warn?.(`stored event answers ${ids[0]}..${after} not built (${(err as Error).message}); readers build them from the rows`);
    }
    done += ids.length;
    opts.onProgress?.('stored event and market answers', done, total);
  }
  return done;
}
