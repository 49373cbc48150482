/** Book unit tests and a differential test against the naive ReferenceBook on random streams. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ASK, BID, Book, type BookSide } from './book.js';
import { FillBuffer } from './fills.js';
import { ReferenceBook } from './reference-book.js';
import { floats as rng } from '../domain/prng.js';

const LOTS = 10_000;

test('rests, matches at maker price in time priority, updates best and version', () => {
  const b = new Book(10_000);
  const out = new FillBuffer();
  const a1 = b.add(ASK, 60, 5 * LOTS, 1);
  const a2 = b.add(ASK, 60, 3 * LOTS, 2);
  b.add(ASK, 55, 2 * LOTS, 3);
  assert.equal(b.bestAsk, 55);
  const v = b.version;
  const filled = b.match(BID, 60, 4 * LOTS, -1, false, 9, out);
  assert.equal(filled, 4 * LOTS);
  assert.deepEqual([out.idx[0], out.size[0], out.done[0]], [55, 2 * LOTS, 1]);
  assert.deepEqual([out.slot[1], out.size[1], out.done[1]], [a1, 2 * LOTS, 0]);
  assert.equal(b.bestAsk, 60);
  assert.ok(b.version > v);
  assert.equal(b.remaining(a1), 3 * LOTS);
  assert.equal(b.cancel(a2), 3 * LOTS);
  assert.equal(b.cancel(a2), -1);
  assert.deepEqual(b.depth(ASK), [{ price: 600_000, size: 3 * LOTS, orders: 1 }]);
  b.check();
});

test('self-trade prevention cancels the resting order and continues', () => {
  const b = new Book(10_000);
  const out = new FillBuffer();
  const own = b.add(BID, 40, LOTS, 7);
  b.add(BID, 39, LOTS, 8);
  const filled = b.match(ASK, 30, 2 * LOTS, -1, false, 7, out);
  assert.equal(filled, LOTS);
  assert.equal(out.stpN, 1);
  assert.equal(out.stpSlot[0], own);
  assert.equal(out.idx[0], 39);
  assert.equal(b.bestBid, 0);
  b.check();
});

test('budget mode buys whole lots within the budget; flip prices the complement', () => {
  const b = new Book(10_000);
  const out = new FillBuffer();
  b.add(ASK, 50, 1000 * LOTS, 1);
  // 1 USDC at 0.5 → 2 shares
  assert.equal(b.match(BID, 99, Number.MAX_SAFE_INTEGER, 1_000_000, false, 2, out), 2_000_000);
  b.add(BID, 30, 100 * LOTS, 1);
  // a BUY of outcome 1 pays 0.7 per share: 0.7 USDC buys exactly 1 share
  assert.equal(b.probe(ASK, 1, Number.MAX_SAFE_INTEGER, 700_000, true, 2), 1_000_000);
  assert.equal(b.probeSpent, 700_000);
});

test('refine keeps orders and priority on a finer ladder', () => {
  const b = new Book(10_000);
  const s1 = b.add(BID, 40, LOTS, 1);
  b.add(BID, 40, 2 * LOTS, 2);
  b.add(ASK, 60, LOTS, 3);
  b.refine(1_000);
  assert.equal(b.bestBid, 400);
  assert.equal(b.bestAsk, 600);
  const seen: number[] = [];
  b.forEachOrder(BID, (slot) => seen.push(slot));
  assert.equal(seen[0], s1);
  b.check();
});


test('same fills as the reference book on random streams', () => {
  for (let seed = 1; seed <= 5; seed++) {
    const r = rng(seed);
    const book = new Book(1_000, 4);
    const ref = new ReferenceBook();
    const out = new FillBuffer();
    const slotToId = new Map<number, number>();
    const idToSlot = new Map<number, number>();
    for (let id = 0; id < 4000; id++) {
      if (r() < 0.15 && idToSlot.size > 0) {
        const ids = [...idToSlot.keys()];
        const victim = ids[Math.floor(r() * ids.length)]!;
        const slot = idToSlot.get(victim)!;
        assert.equal(book.cancel(slot), ref.cancel(victim));
        idToSlot.delete(victim);
        slotToId.delete(slot);
        continue;
      }
      const side = (r() < 0.5 ? BID : ASK) as BookSide;
      const idx = 480 + Math.floor(r() * 40);
      const size = (1 + Math.floor(r() * 20)) * LOTS;
      const acct = Math.floor(r() * 5);
      book.match(side, idx, size, -1, false, acct, out);
      const exp = ref.match(side, idx, size, acct);
      const got = [];
      for (let i = 0; i < out.n; i++) got.push({ id: slotToId.get(out.slot[i]!)!, idx: out.idx[i]!, size: out.size[i]! });
      assert.deepEqual(got, exp.fills);
      const stp = [];
      for (let i = 0; i < out.stpN; i++) stp.push(slotToId.get(out.stpSlot[i]!)!);
      assert.deepEqual(stp, exp.stp);
      for (let i = 0; i < out.n; i++) if (out.done[i]) forget(out.slot[i]!);
      for (let i = 0; i < out.stpN; i++) forget(out.stpSlot[i]!);
      const filled = exp.fills.reduce((a, f) => a + f.size, 0);
      if (filled < size) {
        ref.add(side, id, idx, size - filled, acct);
        const slot = book.add(side, idx, size - filled, acct);
        slotToId.set(slot, id);
        idToSlot.set(id, slot);
      }
    }
    book.check();
    for (const side of [BID, ASK] as const) {
      assert.deepEqual(book.depth(side).map((l) => ({ idx: l.price / 1000, size: l.size })), ref.depth(side));
    }
    function forget(slot: number): void {
      idToSlot.delete(slotToId.get(slot)!);
      slotToId.delete(slot);
    }
  }
});
