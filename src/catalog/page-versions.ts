/**
 * Catalog pages kept until what they show changes: `GET /events` pages (events.ts) and
 * `GET /comments` pages (comment-pages.ts), in a PageCache (src/store/page-cache.ts). A request
 * reads the versions its page depends on from `page_versions` (migration 0018: triggers bump
 * them on every change to what such a page shows or selects by, whoever writes the rows: the
 * service, the importer, another process) and answers the kept page if it was built at those
 * versions; else it builds the page from the rows and keeps it. The versions are read before
 * anything the page is built from, so a kept page is never older than the versions it is kept
 * under (on SQLite a read plan reads them in the same snapshot).
 */
import { prepared } from '../store/prepared.js';
import { rows as read, type Plan } from '../store/read-plan.js';

/** Bytes of kept pages per store and kind of page. */
export const KEPT_BYTES = 32 * 2 ** 20;

const versionRows = prepared((db, names: string[], id: number) =>
  db.selectFrom('page_versions').select(['pages', 'version']).where('pages', 'in', names).where('id', '=', id));

/** The versions of `names` (each with `id`; a missing row is version 0) as one stamp (a read-plan step). */
export function* versionsOf(names: string[], id: number): Plan<string> {
  const found = new Map((yield* read(versionRows.read, undefined, names, id)).map((r) => [r.pages, r.version]));
  return names.map((n) => String(found.get(n) ?? 0)).join('.');
}
