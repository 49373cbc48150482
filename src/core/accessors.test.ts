/** The read accessors the persistence and read layers use, and the lazily allocated idle book. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Book, BID, ASK } from '../engine/book.js';
import { FillBuffer } from '../engine/fills.js';
import { checkInvariants } from './invariants.js';
import { A, B, CID, T0, T1, ok, order, setup, u } from './test-kit.js';

test('bookMeta, bookVersion and counters follow the book and the ledger', () => {
  const { ex } = setup();
  const m0 = ex.bookMeta(CID)!;
  assert.deepEqual({ ...m0, version: 0 }, { version: 0, lastChangeMs: m0.lastChangeMs, ladderRes: 10_000, lastTradePrice: 0, lastTradeSide: -1, status: 'active' });
  assert.equal(ex.bookMeta('0xnope'), undefined);
  assert.equal(ex.bookVersion(T0), m0.version);
  assert.equal(ex.bookVersion(T1), m0.version);
  for (const bad of ['0xnope:0', `${CID}:2`, `${CID}`, ':0', '']) assert.equal(ex.bookVersion(bad), undefined, bad);
  const c0 = ex.counters();
  ok(ex, order(A, T1, 'BUY', '0.4', '10')); // an ask at 0.6 on the outcome-0 ladder
  assert.equal(ex.bookVersion(T0), m0.version + 1);
  ok(ex, order(B, T0, 'BUY', '0.5', '10')); // a bid at 0.5
  ok(ex, order(B, T0, 'BUY', '0.6', '10')); // takes the ask at 0.6
  const m = ex.bookMeta(CID)!;
  assert.equal(m.version, ex.bookVersion(T1));
  assert.equal(m.lastTradePrice, u('0.6'));
  assert.equal(m.lastTradeSide, BID);
  const c = ex.counters();
  assert.equal(c.seq, c0.seq + 3);
  assert.equal(c.takerMatched, c0.takerMatched + u('10'));
  assert.equal(c.makerMatched, c.takerMatched);
  assert.equal(c.deposited, c0.deposited);
  checkInvariants(ex);
});

test('an idle book allocates nothing until its first resting order, and behaves the same', () => {
  const b = new Book(1_000, 8);
  assert.equal(b.allocated, false);
  const out = new FillBuffer();
  assert.equal(b.match(BID, 999, 10_000, -1, false, -1, out), 0);
  assert.equal(b.probe(ASK, 1, 10_000, -1, false, -1), 0);
  assert.deepEqual(b.depth(BID), []);
  b.check();
  b.refine(100);
  assert.equal(b.levels, 10_000);
  assert.equal(b.allocated, false);
  b.check();
  const s = b.add(ASK, 5_000, 20_000, 1);
  assert.equal(b.allocated, true);
  for (let i = 0; i < 20; i++) b.add(BID, 4_000 - i, 10_000, 2); // grows past the initial 8 slots
  b.check();
  assert.equal(b.match(BID, 5_000, 30_000, -1, false, -1, out), 20_000);
  assert.equal(out.n, 1);
  assert.equal(b.cancel(s), -1);
  b.check();
});
