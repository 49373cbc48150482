/**
 * A bounded LRU of response pages, per database handle, for reads whose freshness can be checked
 * cheaply: each entry carries the version it was built at (a string or a list of numbers the
 * caller derives from the current state), and a lookup only hits when the current version is
 * equal. Nothing expires by time. Used by the data API (`/activity`, `/positions`, `/holders`:
 * UTF-8 bytes, written as they are, without encoding a large string again on every request) and
 * by the catalog's kept pages (src/catalog/page-versions.ts: `/events` bytes, `/comments` text
 * with holes for positions). `untilCommit` keeps answers under the store's commit token
 * (commit-probe.ts) instead: valid while nothing at all has been committed.
 */

import { commitToken } from './handles.js';

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

/** After a commit, answers are read as usual for this long before the probe is asked again. */
const BUSY_MS = 2;
/** Answers are kept only once no commit has come for this long: kept in a busier database, they are dropped unused. */
const QUIET_MS = 20;

interface Quiet { token: string | undefined; since: number; probeAfter: number }
const quiet = new WeakMap<object, Quiet>();

/**
 * `read()`'s answer, kept in `cache` under `key` while nothing has been committed to `db` since
 * it was read: the commit token (commit-probe.ts) is taken before the read, so a kept answer is
 * never older than its token. Whether to keep is the database's pace: while commits come
 * often, every answer is read as usual and the probe is asked at most every BUSY_MS (there a
 * kept answer would be dropped before it is used again, and keeping them cost more than the
 * reads: old-generation garbage, and a `pread` a request); answers are kept once the database
 * has been quiet for QUIET_MS. Where commits cannot be told (PostgreSQL), `read()` every time.
 */
export async function untilCommit<T>(cache: PageCache<T>, db: object, key: string, read: () => Promise<T>): Promise<T> {
  const now = performance.now();
  let q = quiet.get(db);
  if (q === undefined) quiet.set(db, (q = { token: undefined, since: now, probeAfter: 0 }));
  if (now < q.probeAfter) return read();
  const token = commitToken(db);
  if (token === undefined) return read();
  if (token !== q.token) {
    Object.assign(q, { token, since: now, probeAfter: now + BUSY_MS });
    return read();
  }
  if (now - q.since < QUIET_MS) return read();
  const kept = cache.get(db, key, token);
  if (kept !== undefined) return kept;
  return cache.set(db, key, token, await read());
}

/** The bytes of JSON text, as kept: a Buffer's length, two a character for a string. */
export const jsonTextBytes = (page: string | Buffer): number => (typeof page === 'string' ? page.length * 2 : page.length);
