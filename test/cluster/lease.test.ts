/**
 * The writer lease across a slow start (issue #42 part 5, found by bench/writer-speed.ts on a
 * busy host): `start()` takes the role, and the renewals begin only once the instance has opened
 * its exchange and built its services (`Cluster.start` → `startTicking`). That start-up may take
 * longer than the lease timeout (a large book's restore); it is not a pause, so the first renewal
 * must not step the writer down — yet a takeover that really happened meanwhile must still be seen.
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
    a.startTicking();
    await sleep(500); // five ticks
    assert.deepEqual(lost, []);
    assert.equal(a.role, 'writer');
    assert.ok(await renewedAgeMs() < 400, 'the lease row is renewed once the ticks start');
    await a.release();
  });

  it('still steps down when another instance took over during that start-up', async () => {
    const a = lease();
    await a.start();
    assert.equal(a.role, 'writer');
    const epoch = a.epoch;
    const lost: string[] = [];
    a.watch({ onLost: (r) => lost.push(r), onRegained: () => {} });
    await sleep(1200); // a's row is now older than the timeout: another instance breaks the lease
    const b = lease();
    await b.start();
    assert.equal(b.role, 'writer');
    assert.ok(b.epoch > epoch);
    a.startTicking();
    await until('a steps down', 5000, async () => a.role === 'follower');
    assert.ok(lost.length >= 1);
    await sleep(300);
    assert.equal(b.role, 'writer', 'the new writer keeps the role');
  });
});
