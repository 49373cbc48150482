/**
 * "Has anything been committed since?" for the embedded store, without a read transaction.
 *
 * In WAL mode every connection to the database, in any process, publishes each commit in the
 * wal-index header at the start of the `-shm` file, the way SQLite's own readers learn that
 * their page cache is stale (sqlite.org/walformat.html, "The WAL-Index Header"). The header
 * changes with every commit (its change counter `iChange`, the last frame `mxFrame` and its
 * checksums) and with every restart of the log (new salts); a PASSIVE checkpoint leaves it
 * alone. The writer updates its second copy, then its first; a reader that finds the two equal
 * and the header's checksum right has read a whole header, never half of one (the checks
 * SQLite's own readers make).
 *
 * A token is the header's bytes. Reading it is one `pread` of 96 bytes, where a read transaction
 * in the loaded server costs 40–75 µs of CPU (locks, and SQLite's code and pages through the
 * caches: docs/benchmarks.md, tenth session). A reader keeps an answer with the token read
 * *before* it read the rows; while the token is the same, nothing has been committed since, so
 * the rows are as they were read. Undefined (read as usual) while the store is not in WAL
 * mode, when the header is not the version this knows (3007000, SQLite's since 3.7.0, which
 * every version sharing a log must speak), is not initialised yet, or is being written.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { endianness } from 'node:os';
import type SqliteDatabase from 'better-sqlite3';

const HEADER = 48;
/** WALINDEX_MAX_VERSION: the header format every SQLite since 3.7.0 writes. */
const VERSION = 3007000;
/** The header is in the host's byte order. */
const u32 = endianness() === 'LE' ? (b: Buffer, at: number) => b.readUInt32LE(at) : (b: Buffer, at: number) => b.readUInt32BE(at);

/** Whether the header's checksum (its last 8 bytes, over the 40 before: SQLite's WAL checksum) is right. */
function checksumRight(b: Buffer): boolean {
  let s1 = 0;
  let s2 = 0;
  for (let at = 0; at < 40; at += 8) {
    s1 = (s1 + u32(b, at) + s2) >>> 0;
    s2 = (s2 + u32(b, at + 4) + s1) >>> 0;
  }
  return s1 === u32(b, 40) && s2 === u32(b, 44);
}

export interface CommitProbe {
  /** The header as it is now, or undefined when it cannot be read whole. */
  token(): string | undefined;
  close(): void;
}

/**
 * Whether the probe sees this connection's commits: two commits must give two different tokens
 * (each sets `user_version`, which nothing else uses: it counts the store's opens). Run when the
 * store opens; a probe that fails is not used, so a platform where the header is not where this
 * reads it (another shared-memory layout, a VFS without `-shm`) can only make reads slower,
 * never keep an answer past a commit.
 */
export function selfTest(probe: CommitProbe, sqlite: SqliteDatabase.Database): boolean {
  const bump = () => sqlite.pragma(`user_version = ${(Number(sqlite.pragma('user_version', { simple: true })) + 1) % 2 ** 31}`);
  bump();
  const before = probe.token();
  bump();
  const after = probe.token();
  return before !== undefined && after !== undefined && before !== after;
}

/**
 * A probe of the wal-index of `file`, opened by `sqlite`. The `-shm` file is opened once this
 * connection has mapped it (a read maps it, once the database is in WAL mode: a new database
 * only after its first write, so until then every call tries again): a connection holds the
 * file until it closes, and SQLite removes it only with the last connection, so the file opened
 * here stays the one every writer publishes to.
 */
export function openCommitProbe(file: string, sqlite: SqliteDatabase.Database): CommitProbe {
  let fd = -1;
  let closed = false;
  const buf = Buffer.alloc(HEADER * 2);
  const open = () => {
    sqlite.prepare('select count(*) from sqlite_schema').get();
    try {
      fd = openSync(`${file}-shm`, 'r');
    } catch { /* not in WAL mode yet */ }
  };
  return {
    token() {
      if (fd < 0 && !closed) open();
      if (fd < 0 || readSync(fd, buf, 0, HEADER * 2, 0) < HEADER * 2) return undefined;
      if (u32(buf, 0) !== VERSION || buf[12] !== 1) return undefined; // another format; not initialised
      if (buf.compare(buf, HEADER, HEADER * 2, 0, HEADER) !== 0 || !checksumRight(buf)) return undefined; // being written
      return buf.toString('latin1', 0, HEADER);
    },
    close() {
      closed = true;
      if (fd >= 0) closeSync(fd);
      fd = -1;
    },
  };
}
