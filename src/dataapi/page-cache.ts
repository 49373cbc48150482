/**
 * A bounded LRU of serialised response pages, per database handle, for reads whose freshness
 * can be checked cheaply: each entry carries the version it was built at (a string or a list
 * of numbers the caller derives from the current state), and a lookup only hits when the
 * current version is equal. Nothing expires by time. Pages are kept as UTF-8 bytes: the
 * response is written as is, without encoding a large string again on every request.
 */

export type Version = string | readonly number[];
interface Entry { version: Version; body: Buffer }

function same(a: Version, b: Version): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const cost = (e: Entry) => e.body.length + (typeof e.version === 'string' ? e.version.length * 2 : e.version.length * 8);

export class PageCache {
  private byDb = new WeakMap<object, { entries: Map<string, Entry>; bytes: number }>();

  constructor(private readonly maxBytes: number) {}

  get(db: object, key: string, version: Version): Buffer | undefined {
    const c = this.byDb.get(db);
    const e = c?.entries.get(key);
    if (!c || !e || !same(e.version, version)) return undefined;
    c.entries.delete(key); // most recently used last
    c.entries.set(key, e);
    return e.body;
  }

  /** Files `json` under the key and version; returns its bytes (what the route sends). */
  set(db: object, key: string, version: Version, json: string): Buffer {
    const entry = { version, body: Buffer.from(json) };
    if (cost(entry) > this.maxBytes) return entry.body;
    let c = this.byDb.get(db);
    if (!c) this.byDb.set(db, (c = { entries: new Map(), bytes: 0 }));
    const old = c.entries.get(key);
    if (old) {
      c.bytes -= cost(old);
      c.entries.delete(key);
    }
    c.entries.set(key, entry);
    c.bytes += cost(entry);
    for (const [k, e] of c.entries) {
      if (c.bytes <= this.maxBytes) break;
      c.entries.delete(k);
      c.bytes -= cost(e);
    }
    return entry.body;
  }
}
