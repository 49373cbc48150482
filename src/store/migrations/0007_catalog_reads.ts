/**
 * Catalog reads at scale (issue #3), both backends:
 * - events_{volume,start_date,created_at}_flags replace 0002's (column, id) sort indexes with
 *   the same leading columns plus the list filters (active, closed, archived), and
 *   events_id_flags does the same for the default id order: a `GET /events` page walks and
 *   filters its skipped rows inside one narrow index, never touching the wide event rows;
 * - event_tags_order (event_id, position, tag_id): a page's tags come in their order straight
 *   off the index.
 * (The SQLite full-text tables carry prefix indexes for 1–4 characters since 0002, so the last,
 * as-you-type word of a search does not merge the doclists of every word it starts.)
 */
import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

const FLAGS = ['active', 'closed', 'archived'];

export async function up(db: Kysely<any>, _ctx: MigrationContext): Promise<void> {
  for (const col of ['volume', 'start_date', 'created_at']) {
    await db.schema.dropIndex(`events_${col}`).execute();
    await db.schema.createIndex(`events_${col}_flags`).on('events').columns([col, 'id', ...FLAGS]).execute();
  }
  await db.schema.createIndex('events_id_flags').on('events').columns(['id', ...FLAGS]).execute();
  await db.schema.createIndex('event_tags_order').on('event_tags').columns(['event_id', 'position', 'tag_id']).execute();
}
