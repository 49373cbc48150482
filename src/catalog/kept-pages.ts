/**
 * Catalog pages kept in memory until what they show changes: `GET /events` pages (events.ts) and
 * `GET /comments` pages (comment-pages.ts). A request reads the versions its page depends on
 * from `page_versions` (migration 0018: triggers bump them on every change to what such a page
 * shows or selects by, whoever writes the rows: the service, the importer, another process) and
 * answers the kept page if it was built at those versions; else it builds the page from the rows
 * and keeps it. The versions are read before anything the page is built from, so a kept page is
 * never older than the versions it is kept under (on SQLite a read plan reads them in the same
 * snapshot).
 *
 * Pages are kept per store (its Kysely instance) and kind, at most KEPT_CHARS characters (or
 * bytes) of each kind; the least recently used go first.
 */
import { prepared } from '../store/prepared.js';
import { rows as read, type Plan } from '../store/read-plan.js';

/** Characters (or bytes) of pages kept per store and kind of page. */
export const KEPT_CHARS = 32 * 2 ** 20;

interface Kept<T> { version: string; page: T; chars: number }

/** Kept pages of one kind, least recently used first (a Map keeps insertion order), at most `budget` characters. */
export class KeptPages<T> {
  private readonly pages = new Map<string, Kept<T>>();
  private chars = 0;

  constructor(private readonly budget = KEPT_CHARS) {}

  get size(): number {
    return this.pages.size;
  }

  /** The page kept under `key` if it was built at `version`. */
  get(key: string, version: string): T | undefined {
    const kept = this.pages.get(key);
    if (!kept || kept.version !== version) return undefined;
    this.pages.delete(key);
    this.pages.set(key, kept); // now the most recently used
    return kept.page;
  }

  set(key: string, version: string, page: T, chars: number): void {
    this.drop(key);
    if (chars > this.budget) return;
    this.pages.set(key, { version, page, chars });
    this.chars += chars;
    for (const oldest of this.pages.keys()) {
      if (this.chars <= this.budget) break;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    const kept = this.pages.get(key);
    if (!kept) return;
    this.pages.delete(key);
    this.chars -= kept.chars;
  }
}

const kept = new WeakMap<object, Map<string, KeptPages<unknown>>>();

/** The kept pages of `kind` for `store` (the store's Kysely instance). */
export function keptPagesOf<T>(store: object, kind: string): KeptPages<T> {
  let kinds = kept.get(store);
  if (!kinds) kept.set(store, (kinds = new Map()));
  let pages = kinds.get(kind);
  if (!pages) kinds.set(kind, (pages = new KeptPages()));
  return pages as KeptPages<T>;
}

const versionRows = prepared((db, names: string[], id: number) =>
  db.selectFrom('page_versions').select(['pages', 'version']).where('pages', 'in', names).where('id', '=', id));

/** The versions of `names` (each with `id`; a missing row is version 0) as one stamp (a read-plan step). */
export function* versionsOf(names: string[], id: number): Plan<string> {
  const found = new Map((yield* read(versionRows.read, undefined, names, id)).map((r) => [r.pages, r.version]));
  return names.map((n) => String(found.get(n) ?? 0)).join('.');
}
