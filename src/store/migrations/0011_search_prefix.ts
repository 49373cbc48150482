/**
 * `/public-search` ranking without visiting every match (src/catalog/search.ts, README "Read
 * performance"), SQLite only: `lower(title)` and `lower(slug)` are indexed, so the exact and
 * prefix tiers of a query are found by an index range (SQLite's `lower` and `LIKE` fold ASCII
 * only, so `lower(x) LIKE 'q%'` is exactly the range [q, q with its last character + 1) for a
 * lower-case q); `events_search_walk` (closed, volume, id, …, title, slug) is the rank order of a
 * tier with what deciding a row's tier and match needs, so walking it never reads an event row.
 * It also leads with `closed`, so SQLite picks it for `GET /events?closed=…&order=volume`: the
 * other two flags are in it too, keeping that page walk index-only (as events_volume_flags was).
 * PostgreSQL keeps ranking every match in one query and needs no index here.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { MigrationContext } from './context.js';

export async function up(db: Kysely<any>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'sqlite') return;
  await db.schema.createIndex('events_title_lower').on('events').expression(sql`lower(title)`).execute();
  await db.schema.createIndex('events_slug_lower').on('events').expression(sql`lower(slug)`).execute();
  await db.schema.createIndex('events_search_walk').on('events').columns(['closed', 'volume', 'id', 'active', 'archived', 'title', 'slug']).execute();
}
