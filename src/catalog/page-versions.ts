/**
 * Which `page_versions` (src/store/page-versions.ts) each kept catalog answer is kept under.
 * Triggers bump them on every change to what such an answer shows or selects by, whoever writes
 * the rows (the service, the operator, the importer, another process): migrations 0018 (`events`,
 * `events:volume`, `comments`, `comments:<type>` per entity) and 0026 (`markets:shown`,
 * `comments:positions`). A kept answer is used only while the versions read before it was built
 * are unchanged (the Catalog's cache areas, service.ts); nothing expires by time.
 */

/** `GET /events` pages: every event column but volume, tags, series, sites, creators, links. */
export const EVENT_PAGES = ['events'];
/** `GET /events` pages ordered by volume also follow the volumes trades move. */
export const EVENT_PAGES_BY_VOLUME = ['events', 'events:volume'];

/**
 * `GET /events/slug/{slug}` and `GET /markets/slug/{slug}` (the stored `detail_json` answers of
 * migrations 0015/0016, or built from the rows): the event's fields, tags, series and markets,
 * the market's fields and its event's, and the `creator` scope (sites, creators). Trading's
 * volume updates bump neither (the answers do not show volume).
 */
export const SLUG_ANSWERS = ['events', 'markets:shown'];

/**
 * A whole `GET /comments` answer, positions filled in: any comment, reaction or author profile
 * (`comments`), a position of a comment author (`comments:positions`), and which markets an
 * entity has and which event a slug names (`events`, `markets:shown`). The page text inside it
 * (comment-pages.ts) is kept per entity (`comments:<type>`), so a change to one thread rebuilds
 * only that thread's text; positions are filled in again whenever the whole answer is rebuilt.
 */
export const COMMENT_ANSWERS = ['comments', 'comments:positions', 'events', 'markets:shown'];
