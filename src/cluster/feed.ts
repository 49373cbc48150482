/**
 * The committed-batch feed between instances: the writer appends every committed batch's journal
 * entry (its commands and digest, src/exchange/journal.ts) to a Redis Stream, bounded by
 * `XADD MAXLEN ~`; followers read it with `XREAD BLOCK` on a connection of their own and replay
 * it. Each stream entry holds the journal entry as JSON (`j`) and the writer's wall clock at the
 * commit (`c`, for the follow lag).
 * The feed has its own Redis connections (a blocking read must not hold the shared link's) and
 * reports whether Redis answers; losing it never stops the writer (a batch it cannot publish is
 * dropped: followers notice the gap and rebuild from PostgreSQL).
 */
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { entryJson, parseEntry, type JournalEntry } from '../exchange/journal.js';

/** Entries kept in the stream (approximate trim): minutes of batches at full load. */
const MAX_LEN = 100_000;

export interface FedBatch {
  entry: JournalEntry;
  /** The writer's wall clock (ms) when it published the batch, right after the commit. */
  committedAt: number;
}

/** The stream's key: one per database, so clusters (and tests) sharing a Redis never mix. */
export function feedKey(databaseUrl: string): string {
  const u = new URL(databaseUrl);
  const where = `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  return `sibyl:cluster:${createHash('sha1').update(where).digest('hex').slice(0, 16)}:batches`;
}

function client(url: string, blocking: boolean): Redis {
  const c = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    ...(blocking ? {} : { commandTimeout: 1000 }),
    retryStrategy: (times) => Math.min(100 * times, 1000),
    lazyConnect: false,
  });
  c.on('error', () => {}); // seen as failed commands
  return c;
}

export class BatchPublisher {
  private readonly redis: Redis;
  failures = 0;

  constructor(url: string, private readonly key: string, private readonly onError: (err: unknown) => void) {
    this.redis = client(url, false);
  }

  publish(entry: JournalEntry): void {
    this.redis.xadd(this.key, 'MAXLEN', '~', MAX_LEN, '*', 'j', entryJson(entry), 'c', String(Date.now())).then(() => { this.failures = 0; },
      (err: unknown) => { if (this.failures++ === 0) this.onError(err); });
  }

  close(): void {
    this.redis.disconnect();
  }
}

export class BatchReader {
  private readonly redis: Redis;
  /** The last stream id read; '$' until the first read (only what is added from now on). */
  private lastId = '$';

  constructor(url: string, private readonly key: string) {
    this.redis = client(url, true);
  }

  /** Waits up to `blockMs` for entries after the last one read; throws while Redis is unreachable. */
  async read(blockMs: number): Promise<FedBatch[]> {
    if (this.redis.status !== 'ready') {
      await new Promise((r) => setTimeout(r, Math.min(blockMs, 200)));
      if ((this.redis.status as string) !== 'ready') throw new Error(`Redis connection ${this.redis.status}`);
    }
    if (this.lastId === '$') {
      // Start at the stream's current end: a follower rebuilt from the database just now.
      const last = await this.redis.xrevrange(this.key, '+', '-', 'COUNT', 1);
      this.lastId = last[0]?.[0] ?? '0-0';
    }
    const r = await this.redis.xread('COUNT', 1000, 'BLOCK', blockMs, 'STREAMS', this.key, this.lastId);
    if (r === null) return [];
    const out: FedBatch[] = [];
    for (const [, entries] of r) {
      for (const [id, fields] of entries) {
        this.lastId = id;
        const f: Record<string, string> = {};
        for (let i = 0; i + 1 < fields.length; i += 2) f[fields[i]!] = fields[i + 1]!;
        if (f.j !== undefined) out.push({ entry: parseEntry(f.j), committedAt: Number(f.c ?? 0) });
      }
    }
    return out;
  }

  /** After Redis came back (possibly emptied by a restart): read from the stream's end again. */
  restart(): void {
    this.lastId = '$';
  }

  close(): void {
    this.redis.disconnect();
  }
}
