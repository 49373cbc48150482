/**
 * The journal and replay (issue #42), in one process on a real PostgreSQL: a journaling writer's
 * batches replayed by followers' cores (`ExchangeService.replay`) give the writer's state and
 * events exactly; a follower fills missed batches from the journal table without a restore; a
 * planted non-determinism (a clock read where the core must use the command's time) is caught by
 * the digest and repaired by a restore; and a follower taking the writer's role replays the tail.
 */
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import assert from 'node:assert/strict';
import { backends } from '../support/backends.js';
import { addMarkets, freshStore, prng, WALLETS } from '../exchange/support.js';
import { ExchangeService } from '../../src/exchange/service.js';
import { Follower } from '../../src/cluster/follower.js';
import { commandIds, type CommandBody, type IdSource } from '../../src/core/index.js';
import type { CommittedBatch } from '../../src/exchange/events.js';
import type { JournalEntry } from '../../src/exchange/journal.js';
import type { Store } from '../../src/store/db.js';
import { until } from './kit.js';

const pgBackend = backends().find((b) => b.name === 'postgres')!;
const quiet = { warn() {}, info() {}, error() {} };

/** A command source that reads the wall clock instead of the command's time: the planted non-determinism. */
function clockReadingIds(): IdSource {
  const ids = commandIds();
  return { next: (k) => ids.next(k), begin: (_at, seed) => ids.begin!(Date.now() + 1, seed) };
}

/** The parts of a committed event both sides must agree on (the generation is each core's own). */
function told(b: CommittedBatch): unknown {
  const { generation: _g, journal: _j, ...rest } = b;
  return rest;
}

describe('journal and replay (PostgreSQL)', { skip: pgBackend.skip, timeout: 300_000 }, () => {
  let fresh: Awaited<ReturnType<typeof freshStore>>;
  let writer: ExchangeService;
  let markets: string[];
  const entries: JournalEntry[] = [];
  const events: CommittedBatch[] = [];
  const stores: Store[] = [];
  const services: ExchangeService[] = [];
  let rand: () => number;

  async function follower(ids?: IdSource): Promise<ExchangeService> {
    const store = fresh.reopen();
    stores.push(store);
    const svc = await ExchangeService.open(store, { journal: { keep: 100_000 }, ...(ids ? { ids } : {}) });
    services.push(svc);
    svc.follow('a test follower');
    return svc;
  }

  /** Rounds of concurrent random commands on the writer (each round one or more batches). */
  async function load(rounds: number): Promise<void> {
    for (let i = 0; i < rounds; i++) {
      const core = writer.core;
      const cmds: CommandBody[] = Array.from({ length: 1 + Math.floor(rand() * 12) }, () => {
        const wallet = WALLETS[Math.floor(rand() * WALLETS.length)]!;
        const cid = markets[Math.floor(rand() * markets.length)]!;
        const x = rand();
        if (x < 0.1) return { type: 'split', wallet, conditionId: cid, amount: 10_000_000 };
        if (x < 0.15) return { type: 'merge', wallet, conditionId: cid, amount: 1_000_000 };
        if (x < 0.25) {
          const open = core.openOrders(wallet);
          return open.length > 0 ? { type: 'cancel', wallet, orderIds: [open[Math.floor(rand() * open.length)]!.id] } : { type: 'cancel-all', wallet };
        }
        const price = (40 + Math.floor(rand() * 20)) * 10_000;
        return { type: 'place', order: { wallet, tokenId: core.tokenIds(cid)![Math.floor(rand() * 2)]!, side: rand() < 0.5 ? 'BUY' : 'SELL', price, size: (5 + Math.floor(rand() * 20)) * 1_000_000, type: rand() < 0.8 ? 'GTC' : 'FAK' } };
      });
      await Promise.all(cmds.map((c) => writer.submit(c)));
    }
  }

  before(async () => {
    fresh = await freshStore(pgBackend);
    markets = await addMarkets(fresh.store, 3);
    writer = await ExchangeService.open(fresh.store, { journal: { keep: 100_000 } });
    writer.fenceWith(0); // the lease row's epoch before any takeover: commits are fenced and journaled
    writer.subscribe({ committed: (b) => { events.push(b); if (b.journal) entries.push(b.journal); } });
    rand = prng(11);
    for (const w of WALLETS) await writer.submit({ type: 'deposit', wallet: w, amount: 10_000_000_000 });
    for (const w of WALLETS) for (const m of markets) await writer.submit({ type: 'split', wallet: w, conditionId: m, amount: 500_000_000 });
  });

  after(async () => {
    for (const s of services) await s.close();
    await writer?.close();
    for (const s of stores) await s.close();
    await fresh?.store.close();
    await fresh?.dispose();
  });

  it('every committed batch is journaled with its commands, and the rows hold them', async () => {
    const start = entries.length;
    await load(20);
    assert.ok(entries.length > start, 'batches were journaled');
    const rows = await fresh.store.db.selectFrom('journal').select(['seq', 'digest', 'commands']).orderBy('seq').execute();
    assert.deepEqual(rows.map((r) => Number(r.seq)), entries.map((e) => e.seq));
    assert.deepEqual(rows.map((r) => r.digest), entries.map((e) => e.digest));
    assert.deepEqual(JSON.parse(rows.at(-1)!.commands), entries.at(-1)!.commands);
    assert.ok(entries.every((e) => e.commands.every((c) => typeof c.at === 'number' && /^[0-9a-f]{52}$/.test(c.seed))));
  });

  it('a follower replaying the batches holds the writer\'s state after every batch and tells the writer\'s events', async () => {
    const f = await follower();
    const heldFrom = f.sealedPoint!.batchSeq;
    const replayedEvents: CommittedBatch[] = [];
    f.subscribe({ committed: (b) => replayedEvents.push(b) });
    const from = entries.length;
    await load(30);
    for (const e of entries.slice(from)) {
      assert.ok(e.seq > heldFrom);
      const r = f.replay(e);
      assert.ok(r.ok, r.ok ? '' : r.why);
    }
    assert.deepEqual(f.core.snapshot(), writer.core.snapshot());
    assert.deepEqual(replayedEvents.map(told), events.slice(events.length - replayedEvents.length).map(told));
    const last = entries.at(-1)!;
    assert.equal(f.replay(last).ok, false, 'a batch already held is refused, not applied twice');
    assert.deepEqual(f.core.snapshot(), writer.core.snapshot());
  });

  it('a follower that missed batches fills them from the journal, without a restore', async () => {
    const f = await follower();
    const follow = new Follower({ exchange: f, db: stores.at(-1)!.db, reader: null, pollMs: 20, log: quiet, onPolling() {} }, f.sealedPoint!.batchSeq);
    follow.start();
    try {
      await until('the first restore', 10_000, async () => follow.counts.restores === 1);
      await load(25); // published nowhere: the follower polls and reads the journal
      await until('the follower at the writer\'s last batch', 20_000, async () => f.sealedPoint?.batchSeq === writer.sealedPoint?.batchSeq);
      assert.deepEqual(f.core.snapshot(), writer.core.snapshot());
      assert.ok(follow.counts.filled > 0, 'batches came from the journal');
      assert.equal(follow.counts.restores, 1, 'only the start restored');
      assert.equal(follow.counts.mismatches, 0);
    } finally {
      await follow.stop();
    }
  });

  it('a follower that has just opened catches up from the journal: no second restore', async () => {
    const f = await follower();
    assert.equal(f.wholeForFollowing, true, 'an opened core is the database\'s snapshot');
    await load(10); // committed after the follower's snapshot
    const follow = new Follower({ exchange: f, db: stores.at(-1)!.db, reader: null, pollMs: 20, log: quiet, onPolling() {} }, f.sealedPoint!.batchSeq, f.wholeForFollowing);
    follow.start();
    try {
      await until('the follower at the writer\'s last batch', 20_000, async () => f.sealedPoint?.batchSeq === writer.sealedPoint?.batchSeq);
      assert.deepEqual(f.core.snapshot(), writer.core.snapshot());
      assert.ok(follow.counts.filled > 0, `${follow.counts.filled} batches came from the journal`);
      assert.equal(follow.counts.restores, 0);
      assert.equal(f.wholeForFollowing, true, 'replays whose digests matched keep it whole');
    } finally {
      await follow.stop();
    }
  });

  it('a planted clock read in the core is caught by the digest and repaired by a restore', async () => {
    const f = await follower(clockReadingIds());
    const from = entries.length;
    await writer.submit({ type: 'deposit', wallet: WALLETS[0]!, amount: 1 }); // a batch of its own that makes an id (its transaction hash)
    const r = f.replay(entries[from]!);
    assert.equal(r.ok, false);
    assert.match((r as { why: string }).why, /digest/);
    assert.equal((r as { applied: boolean }).applied, true, 'the core took the batch: it must be restored');
    await f.followRestore();
    assert.deepEqual(f.core.snapshot(), writer.core.snapshot(), 'the restore repaired it');
    // Following on its own: every batch mismatches, each is repaired, no wrong state is kept.
    const follow = new Follower({ exchange: f, db: stores.at(-1)!.db, reader: null, pollMs: 20, log: quiet, onPolling() {} }, f.sealedPoint!.batchSeq);
    follow.start();
    try {
      await until('the first restore', 10_000, async () => follow.counts.restores >= 1);
      await load(3);
      await writer.submit({ type: 'deposit', wallet: WALLETS[1]!, amount: 1 }); // at least one batch makes an id
      await until('a mismatch repaired', 20_000, async () => follow.counts.mismatches > 0 && f.sealedPoint?.batchSeq === writer.sealedPoint?.batchSeq);
      assert.ok(follow.counts.restores >= 2, 'each mismatch restored');
      assert.deepEqual(f.core.snapshot(), writer.core.snapshot());
    } finally {
      await follow.stop();
    }
  });

  it('a follower taking the writer\'s role replays the journal\'s tail instead of rebuilding', async () => {
    const f = await follower();
    await load(10);
    const last = writer.sealedPoint!.batchSeq;
    await writer.close(); // the old writer is gone; the lease's epoch moves on
    await sql`update writer_lease set epoch = 1 where id = 1`.execute(fresh.store.db);
    const how = await f.lead(1);
    assert.match(how, /replayed the journal's last \d+ batches/);
    assert.equal(f.sealedPoint?.batchSeq, last);
    const r = await f.submit({ type: 'deposit', wallet: WALLETS[0]!, amount: 1_000_000 });
    assert.equal(r.ok, true, 'the new writer trades');
    assert.equal(f.sealedPoint?.batchSeq, last + 1);
    const j = await fresh.store.db.selectFrom('journal').select(['seq', 'epoch']).orderBy('seq', 'desc').executeTakeFirst();
    assert.deepEqual({ seq: Number(j!.seq), epoch: Number(j!.epoch) }, { seq: last + 1, epoch: 1 }, 'the new writer journals at its epoch');
  });
});
