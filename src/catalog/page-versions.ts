/**
 * Catalog pages kept until what they show changes: `GET /events` pages (events.ts) and
 * `GET /comments` pages (comment-pages.ts), in a PageCache (src/store/page-cache.ts). A request
 * reads the versions its page depends on from `page_versions` (src/store/page-versions.ts;
 * migration 0018: triggers bump them on every change to what such a page shows or selects by,
 * whoever writes the rows: the service, the importer, another process) and answers the kept
 * page if it was built at those versions; else it builds the page from the rows and keeps it.
 */

/** Bytes of kept pages per store and kind of page. */
export const KEPT_BYTES = 32 * 2 ** 20;
