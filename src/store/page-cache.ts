/**
 * A bounded LRU of response pages, per database handle, for reads whose freshness can be checked
 * cheaply: each entry carries the version it was built at (a string or a list of numbers the
 * caller derives from the current state), and a lookup only hits when the current version is
 * equal. Nothing expires by time. Used by the data API (`/activity`, `/positions`, `/holders`:
 * UTF-8 bytes, written as they are, without encoding a large string again on every request) and
 * by the catalog's kept pages (src/catalog/page-versions.ts: `/events` bytes, `/comments` text
 * with holes for positions).
 */

export type Version = string | readonly number[];
interface Entry<T> { version: Version; page: T; cost: number }

function same(a: Version, b: Version): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const versionCost = (v: Version) => (typeof v === 'string' ? v.length * 2 : v.length * 8);
const bufferBytes = (page: unknown) => (page as Buffer).length;

export class PageCache<T = Buffer> {
  private byDb = new WeakMap<object, { entries: Map<string, Entry<T>>; bytes: number }>();

  /** `sizeOf`: the bytes a page holds (a Buffer's length unless told). */
  constructor(private readonly maxBytes: number, private readonly sizeOf: (page: T) => number = bufferBytes) {}

  get(db: object, key: string, version: Version): T | undefined {
    const c = this.byDb.get(db);
    const e = c?.entries.get(key);
    if (!c || !e || !same(e.version, version)) return undefined;
    c.entries.delete(key); // most recently used last
    c.entries.set(key, e);
    return e.page;
  }

  /** Files `page` under the key and version (unless it alone is over the budget); returns it. */
  set(db: object, key: string, version: Version, page: T): T {
    const entry = { version, page, cost: this.sizeOf(page) + versionCost(version) };
    let c = this.byDb.get(db);
    if (!c) this.byDb.set(db, (c = { entries: new Map(), bytes: 0 }));
    const old = c.entries.get(key);
    if (old) {
      c.bytes -= old.cost;
      c.entries.delete(key);
    }
    if (entry.cost > this.maxBytes) return page;
    c.entries.set(key, entry);
    c.bytes += entry.cost;
    for (const [k, e] of c.entries) {
      if (c.bytes <= this.maxBytes) break;
      c.entries.delete(k);
      c.bytes -= e.cost;
    }
    return page;
  }

  /** How many pages are kept for `db`. */
  size(db: object): number {
    return this.byDb.get(db)?.entries.size ?? 0;
  }
}
