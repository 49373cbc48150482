/**
 * Kept answers: the one cache of the process, with one memory budget (`SIBYL_CACHE_MB`,
 * docs: README "Configuration"). The composition root (src/server.ts) builds one `Cache`; each
 * service takes an `area` of it for each kind of answer it keeps. Every entry carries the
 * version it was built at, named from the one freshness model (README "Freshness"): the
 * exchange's event sequence (core generation, book versions, batch seq) or the database's
 * `page_versions` (src/store/page-versions.ts). A lookup hits only when the caller's current
 * version is equal; nothing expires by time. Least recently used entries go first, across all
 * areas, once the budget is spent.
 */

export type Version = string | readonly number[];
interface Entry { version: Version; page: unknown; cost: number; area: string }

function same(a: Version, b: Version): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const versionCost = (v: Version) => (typeof v === 'string' ? v.length * 2 : v.length * 8);
/** Per entry: the map slot, the entry object and its key. */
const OVERHEAD = 96;

export class Cache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private hits = 0;
  private misses = 0;
  private readonly areas = new Set<string>();

  constructor(readonly maxBytes: number) {}

  /** A named part of the cache; `sizeOf` tells the bytes a page holds (a Buffer's length unless told). */
  area<T = Buffer>(name: string, sizeOf: (page: T) => number = (p) => (p as Buffer).length): CacheArea<T> {
    if (this.areas.has(name)) throw new Error(`cache area ${name} is taken`);
    this.areas.add(name);
    return new CacheArea<T>(this, name, sizeOf);
  }

  /** @internal through CacheArea */
  get(key: string, version: Version): unknown {
    const e = this.entries.get(key);
    if (e === undefined || !same(e.version, version)) { this.misses++; return undefined; }
    this.hits++;
    this.entries.delete(key); // most recently used last
    this.entries.set(key, e);
    return e.page;
  }

  /** @internal through CacheArea */
  set(area: string, key: string, version: Version, page: unknown, size: number): void {
    this.drop(key);
    const cost = size + versionCost(version) + key.length * 2 + OVERHEAD;
    if (cost > this.maxBytes / 8) return; // one answer may not take over the budget
    this.entries.set(key, { version, page, cost, area });
    this.bytes += cost;
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= e.cost;
    }
  }

  /** @internal through CacheArea */
  drop(key: string): void {
    const old = this.entries.get(key);
    if (old === undefined) return;
    this.entries.delete(key);
    this.bytes -= old.cost;
  }

  /** @internal through CacheArea */
  countOf(area: string): number {
    let n = 0;
    for (const e of this.entries.values()) if (e.area === area) n++;
    return n;
  }

  /** Bytes and entries kept, and lookups answered from the cache and not (for /metrics). */
  stats(): { bytes: number; entries: number; hits: number; misses: number } {
    return { bytes: this.bytes, entries: this.entries.size, hits: this.hits, misses: this.misses };
  }
}

/** One kind of kept answer in the process's Cache; keys are the area's own. */
export class CacheArea<T> {
  constructor(private readonly cache: Cache, readonly name: string, private readonly sizeOf: (page: T) => number) {}

  /** The page kept under `key` if it was built at `version`. */
  get(key: string, version: Version): T | undefined {
    return this.cache.get(`${this.name}\u0000${key}`, version) as T | undefined;
  }

  /** Keeps `page` under `key` at `version` (unless it alone is over an eighth of the budget); returns it. */
  set(key: string, version: Version, page: T): T {
    this.cache.set(this.name, `${this.name}\u0000${key}`, version, page, this.sizeOf(page));
    return page;
  }

  /** The kept page if current, else `build()`'s, kept. */
  async through(key: string, version: Version, build: () => Promise<T>): Promise<T> {
    return this.get(key, version) ?? this.set(key, version, await build());
  }

  /** How many pages of this area are kept (tests and metrics). */
  size(): number {
    return this.cache.countOf(this.name);
  }
}

/** The bytes of JSON text, as kept: a Buffer's length, two a character for a string. */
export const jsonTextBytes = (page: string | Buffer): number => (typeof page === 'string' ? page.length * 2 : page.length);
