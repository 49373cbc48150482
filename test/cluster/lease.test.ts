/**
 * The writer lease across a slow start (issue #42 part 5, found by bench/writer-speed.ts on a
 * busy host): `start()` takes the role, and the ticking renewals begin only once the instance
 * has opened its exchange and built its services (`Cluster.start` → `startTicking`). That
 * start-up may take longer than the lease timeout (a large book's restore); it is not a pause:
 * the row is kept fresh meanwhile, so another instance started then follows instead of breaking
 * the lease, and the first ticking renewal must not step the writer down — yet a takeover that
 * really happened meanwhile (its lock session ended) must still be seen.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { backends } from '../support/backends.js';
import { freshStore } from '../exchange/support.js';
import { WriterLease } from '../../src/cluster/lease.js';
import { sleep, until } from './kit.js';

const pgBackend = backends().find((b) => b.name === 'postgres')!;
const quiet = { warn: () => {}, info: () => {} };

describe('writer lease: a start-up longer than the lease timeout', { skip: pgBackend.skip, timeout: 60_000 }, () => {
  let fresh: Awaited<ReturnType<typeof freshStore>>;
  const leases: WriterLease[] = [];
  const lease = () => {
    const l = new WriterLease({ url: fresh.config.databaseUrl!, advertiseUrl: `http://127.0.0.1:${9000 + leases.length}`, timeoutMs: 1000, tickMs: 100, log: quiet });
    leases.push(l);
    return l;
  };
  const renewedAgeMs = async () => Number((await sql<{ age: number }>`SELECT (extract(epoch FROM (now() - renewed_at)) * 1000)::float8 AS age FROM writer_lease WHERE id = 1`.execute(fresh.store.db)).rows[0]!.age);

  before(async () => { fresh = await freshStore(pgBackend); });
  after(async () => {
    for (const l of leases) await l.release();
    await fresh.store.close();
    await fresh.dispose();
  });

  it('keeps the role when its renewals start after the timeout, and renews at once', async () => {
    const a = lease();
    await a.start();
    assert.equal(a.role, 'writer');
    const lost: string[] = [];
    a.watch({ onLost: (r) => lost.push(r), onRegained: () => {} });
    await sleep(1500); // the rest of the start-up: longer than the 1000 ms timeout
    assert.ok(await renewedAgeMs() < 400, 'the lease row is kept fresh during the start-up');
    a.startTicking();
    await sleep(500); // five ticks
    assert.deepEqual(lost, []);
    assert.equal(a.role, 'writer');
    assert.ok(await renewedAgeMs() < 400, 'the lease row is renewed once the ticks start');
    await a.release();
  });

  it('an instance started during that start-up follows: the lease is fresh', async () => {
    const a = lease();
    await a.start();
    assert.equal(a.role, 'writer');
    await sleep(1200); // longer than the timeout, but the start-up renewals kept the row fresh
    const b = lease();
    await b.start();
    assert.equal(b.role, 'follower');
    a.startTicking();
    b.startTicking();
    await sleep(500);
    assert.equal(a.role, 'writer');
    assert.equal(b.role, 'follower');
    assert.equal(b.epoch, a.epoch);
    await b.release();
    await a.release();
  });

  it('still steps down when another instance took over during that start-up', async () => {
    const a = lease();
    await a.start();
    assert.equal(a.role, 'writer');
    const epoch = a.epoch;
    const lost: string[] = [];
    a.watch({ onLost: (r) => lost.push(r), onRegained: () => {} });
    // a's lock session ends during its start-up (a partition, an operator): the lock is free
    await sql`SELECT pg_terminate_backend(l.pid) FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.pid <> pg_backend_pid()
      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(fresh.store.db);
    const b = lease();
    await until('b takes the free lock', 5000, async () => { if (b.role !== 'writer') await b.start().catch(() => {}); return b.role === 'writer'; });
    assert.ok(b.epoch > epoch);
    a.startTicking();
    await until('a steps down', 5000, async () => a.role === 'follower');
    assert.ok(lost.length >= 1);
    await sleep(300);
    assert.equal(b.role, 'writer', 'the new writer keeps the role');
  });
});
