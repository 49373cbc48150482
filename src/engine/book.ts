/**
 * The order book of one binary market, in outcome-0 price terms: a fixed price ladder (array
 * indexed by price / resolution), an intrusive doubly linked FIFO per level and best-bid/ask
 * indices, all in typed arrays. Orders live in pooled slots (one 32-byte record each, see `rec`)
 * and are named by slot number, so add, match and cancel allocate nothing and run in O(1) (plus
 * a bitmap word scan when the best level empties). The book knows sizes, prices and an integer account per order
 * (for self-trade prevention) — nothing about money, tokens or order ids; `src/core` does that.
 * An idle book is a few hundred bytes: the ladder and the slot pool are allocated on the first
 * resting order (in the slot-pool growth branch `add` already has, so the hot path is unchanged).
 */

import { LOT, MICRO, floorDiv } from '../domain/money.js';
import { clearBit, countSet, highestAtOrBelow, lowestAtOrAbove, setBit } from './bitset.js';
import type { FillBuffer } from './fills.js';

export const BID = 0;
export const ASK = 1;
export type BookSide = 0 | 1;

export interface Level {
  price: number;
  size: number;
  orders: number;
}

/** Shared zero-length arrays of a book that never held an order (never written to). */
const NO_I32 = new Int32Array(0);
const NO_F64 = new Float64Array(0);
const NO_U32 = new Uint32Array(0);

export class Book {
  /** Ladder resolution in micro: level i is price i × res. Only ever gets finer. */
  res: number;
  /** Levels per side (MICRO / res); valid indices are 1 … levels − 1. */
  levels = 0;
  private words = 0;
  private head: Int32Array = NO_I32;
  private tail: Int32Array = NO_I32;
  private total: Float64Array = NO_F64;
  private count: Int32Array = NO_I32;
  private bits: Uint32Array = NO_U32;
  /** Best bid index, 0 when there are no bids. */
  bestBid = 0;
  /** Best ask index, `levels` when there are no asks. */
  bestAsk = 0;

  private cap = 0;
  private hwm = 0;
  private freeHead = -1;
  /** Slot pool size of the first allocation. */
  private initialCap: number;
  /** Slot records, 32 bytes each over one buffer: int32 [prev, next, level, acct] + float64 size. */
  private rec = NO_I32;
  private sz = NO_F64;

  /** Live orders in the book. */
  live = 0;
  /** Incremented on every change; readers cache snapshots by it. */
  version = 0;
  lastChangeMs = 0;
  /** Ladder index of the last fill (0 = none) and the taker's book side. */
  lastTradeIdx = 0;
  lastTradeSide: -1 | BookSide = -1;
  /** Set by `probe`: it stopped because the budget could not buy the next lot. */
  probeBudgetBound = false;
  /** Set by `probe`: collateral the dry run would spend (budget mode). */
  probeSpent = 0;

  constructor(res: number, initialCapacity = 1024) {
    this.res = res;
    this.initialCap = Math.max(1, initialCapacity);
    this.setLevels(MICRO / res);
  }

  /** Whether the ladder and slot pool have been allocated (the book ever held an order). */
  get allocated(): boolean {
    return this.cap > 0;
  }

  /** Price in micro of ladder index `idx`. */
  priceOf(idx: number): number { return idx * this.res; }

  /** Rests an order without matching; returns its slot. */
  add(side: BookSide, idx: number, size: number, acct: number): number {
    let slot = this.freeHead;
    if (slot >= 0) this.freeHead = this.rec[(slot << 3) + 1]!;
    else {
      if (this.hwm === this.cap) this.growSlots(this.cap === 0 ? this.initialCap : this.cap * 2);
      slot = this.hwm++;
    }
    const li = side * this.levels + idx;
    const t = this.tail[li]!;
    this.sz[(slot << 2) + 2] = size;
    this.rec[(slot << 3) + 3] = acct;
    this.rec[(slot << 3) + 2] = li;
    this.rec[(slot << 3) + 1] = -1;
    this.rec[(slot << 3)] = t;
    if (t < 0) {
      this.head[li] = slot;
      setBit(this.bits, side * this.words, idx);
      if (side === BID) {
        if (idx > this.bestBid) this.bestBid = idx;
      } else if (idx < this.bestAsk) this.bestAsk = idx;
    } else this.rec[(t << 3) + 1] = slot;
    this.tail[li] = slot;
    this.total[li] += size;
    this.count[li]++;
    this.live++;
    this.version++;
    return slot;
  }

  /** Removes a resting order; returns its remaining size, or -1 if the slot is not live. */
  cancel(slot: number): number {
    if (slot < 0 || slot >= this.hwm || this.rec[(slot << 3) + 2]! < 0) return -1;
    const s = this.sz[(slot << 2) + 2]!;
    this.unlink(slot);
    this.version++;
    return s;
  }

  remaining(slot: number): number { return this.rec[(slot << 3) + 2]! < 0 ? 0 : this.sz[(slot << 2) + 2]!; }

  /** Whether a taker on `side` with limit `limitIdx` would trade against the opposite best. */
  crosses(side: BookSide, limitIdx: number): boolean {
    return side === BID ? this.bestAsk <= limitIdx : this.bestBid > 0 && this.bestBid >= limitIdx;
  }

  /**
   * Matches a taker against the opposite side at the makers' prices, in price-time priority, up
   * to `qty` (size mode) or a collateral `budget` (budget ≥ 0; lots cost idx×res/100, or the
   * complement when `flip`). Resting orders of the taker's own account (acct ≥ 0) are cancelled
   * (self-trade prevention). Fills go to `out`; returns the total size filled.
   */
  match(side: BookSide, limitIdx: number, qty: number, budget: number, flip: boolean, acct: number, out: FillBuffer): number {
    out.reset();
    const L = this.levels;
    const opp = (1 - side) as BookSide;
    const base = opp * L;
    const useBudget = budget >= 0;
    const rec = this.rec;
    const sz = this.sz;
    let remaining = qty;
    let spent = 0;
    let stop = false;
    let idx = side === BID ? this.bestAsk : this.bestBid;
    while (remaining > 0 && !stop) {
      if (side === BID ? idx >= L || idx > limitIdx : idx <= 0 || idx < limitIdx) break;
      const li = base + idx;
      let cpl = 0;
      if (useBudget) {
        const price = idx * this.res;
        cpl = (flip ? MICRO - price : price) / 100;
      }
      // Makers leave from the head of the FIFO, so the level is only relinked once, at the end.
      let s = this.head[li]!;
      const fills0 = out.n;
      let gone = 0;
      let taken = 0;
      while (s >= 0 && remaining > 0) {
        const r = s << 3;
        const have = sz[(s << 2) + 2]!;
        if (acct >= 0 && rec[r + 3] === acct) {
          out.pushStp(s, have);
        } else {
          let q = have < remaining ? have : remaining;
          if (useBudget) {
            const afford = floorDiv(budget - spent, cpl) * LOT;
            if (afford < q) q = afford;
            if (q === 0) {
              stop = true;
              break;
            }
            spent += (q / LOT) * cpl;
          }
          remaining -= q;
          if (q !== have) {
            sz[(s << 2) + 2] = have - q;
            taken += q;
            out.push(s, rec[r + 3]!, idx, q, false);
            break;
          }
          out.push(s, rec[r + 3]!, idx, q, true);
        }
        // fully filled or self-trade victim: free the slot
        taken += have;
        gone++;
        const nx = rec[r + 1]!;
        rec[r + 2] = -1;
        rec[r + 1] = this.freeHead;
        this.freeHead = s;
        s = nx;
      }
      if (out.n > fills0) {
        this.lastTradeIdx = idx;
        this.lastTradeSide = side;
      }
      if (gone === 0) {
        this.total[li] -= taken;
        continue;
      }
      this.live -= gone;
      if ((this.count[li] -= gone) === 0) {
        this.head[li] = -1;
        this.tail[li] = -1;
        this.total[li] = 0;
        clearBit(this.bits, opp * this.words, idx);
        if (side === BID) {
          const a = lowestAtOrAbove(this.bits, this.words, this.words, idx + 1);
          idx = this.bestAsk = a < 0 ? L : a;
        } else idx = this.bestBid = Math.max(0, highestAtOrBelow(this.bits, 0, idx - 1));
      } else {
        this.total[li] -= taken;
        this.head[li] = s;
        this.rec[(s << 3)] = -1;
      }
    }
    if (out.n > 0 || out.stpN > 0) this.version++;
    return qty - remaining;
  }

  /** Read-only dry run of `match` (own orders are skipped, not counted); returns the size fillable. */
  probe(side: BookSide, limitIdx: number, qty: number, budget: number, flip: boolean, acct: number): number {
    const L = this.levels;
    const base = (1 - side) * L;
    const bits = this.bits;
    const bbase = (1 - side) * this.words;
    let remaining = qty;
    let spent = 0;
    this.probeBudgetBound = false;
    let idx = side === BID ? this.bestAsk : this.bestBid;
    while (remaining > 0) {
      if (side === BID ? idx < 0 || idx >= L || idx > limitIdx : idx <= 0 || idx < limitIdx) break;
      const price = idx * this.res;
      const cpl = (flip ? MICRO - price : price) / 100;
      for (let s = this.head[base + idx]!; s >= 0 && remaining > 0; s = this.rec[(s << 3) + 1]!) {
        if (acct >= 0 && this.rec[(s << 3) + 3] === acct) continue;
        let q = this.sz[(s << 2) + 2]! < remaining ? this.sz[(s << 2) + 2]! : remaining;
        if (budget >= 0) {
          const afford = floorDiv(budget - spent, cpl) * LOT;
          if (afford < q) q = afford;
          if (q === 0) {
            this.probeBudgetBound = true;
            this.probeSpent = spent;
            return qty - remaining;
          }
          spent += (q / LOT) * cpl;
        }
        remaining -= q;
      }
      idx = side === BID ? lowestAtOrAbove(bits, bbase, this.words, idx + 1) : highestAtOrBelow(bits, bbase, idx - 1);
    }
    this.probeSpent = spent;
    return qty - remaining;
  }

  /** How many price levels of a side hold orders (a count of the occupancy bits: no bookkeeping on the order path). */
  levelCount(side: BookSide): number {
    return this.cap === 0 ? 0 : countSet(this.bits, side * this.words, this.words);
  }

  /** Total size resting at one level (outcome-0 price in micro), 0 when empty or off the ladder. O(1). */
  sizeAt(side: BookSide, price: number): number {
    const idx = price / this.res;
    if (this.cap === 0 || !Number.isInteger(idx) || idx <= 0 || idx >= this.levels) return 0;
    return this.total[side * this.levels + idx]!;
  }

  /** Aggregated levels of one side from the best outward (outcome-0 prices). */
  depth(side: BookSide, maxLevels = Infinity): Level[] {
    const out: Level[] = [];
    const wb = side * this.words;
    let idx = side === BID ? this.bestBid : this.bestAsk;
    while (idx > 0 && idx < this.levels && out.length < maxLevels) {
      const li = side * this.levels + idx;
      out.push({ price: idx * this.res, size: this.total[li]!, orders: this.count[li]! });
      idx = side === BID ? highestAtOrBelow(this.bits, wb, idx - 1) : lowestAtOrAbove(this.bits, wb, this.words, idx + 1);
    }
    return out;
  }

  /** Visits the orders of one side in priority order (best level first, FIFO within a level). */
  forEachOrder(side: BookSide, fn: (slot: number, idx: number, size: number, acct: number) => void): void {
    for (const lv of this.depth(side)) {
      const idx = lv.price / this.res;
      for (let s = this.head[side * this.levels + idx]!; s >= 0; s = this.rec[(s << 3) + 1]!) fn(s, idx, this.sz[(s << 2) + 2]!, this.rec[(s << 3) + 3]!);
    }
  }

  /** Makes the ladder finer (a market's tick got smaller); order priority is preserved. */
  refine(newRes: number): void {
    if (newRes >= this.res) return;
    const k = this.res / newRes;
    const [oldL, oh, ot, otot, oc] = [this.levels, this.head, this.tail, this.total, this.count];
    this.res = newRes;
    this.lastTradeIdx *= k;
    this.version++;
    if (this.cap === 0) {
      this.setLevels(MICRO / newRes);
      return;
    }
    this.allocLadder(MICRO / newRes);
    for (let side = 0; side < 2; side++) {
      for (let idx = 1; idx < oldL; idx++) {
        const oli = side * oldL + idx;
        if (oc[oli] === 0) continue;
        const ni = idx * k;
        const li = side * this.levels + ni;
        this.head[li] = oh[oli]!;
        this.tail[li] = ot[oli]!;
        this.total[li] = otot[oli]!;
        this.count[li] = oc[oli]!;
        setBit(this.bits, side * this.words, ni);
        if (side === BID && ni > this.bestBid) this.bestBid = ni;
        if (side === ASK && ni < this.bestAsk) this.bestAsk = ni;
        for (let s = oh[oli]!; s >= 0; s = this.rec[(s << 3) + 1]!) this.rec[(s << 3) + 2] = li;
      }
    }
  }

  /** Throws if the book's own structure is inconsistent (used by invariant checks and tests). */
  check(): void {
    if (this.cap === 0) {
      if (this.live !== 0 || this.bestBid !== 0 || this.bestAsk !== this.levels) throw new Error('invariant: unallocated book not empty');
      return;
    }
    let live = 0;
    for (let side = 0; side < 2; side++) {
      for (let idx = 1; idx < this.levels; idx++) {
        const li = side * this.levels + idx;
        let n = 0;
        let sum = 0;
        let p = -1;
        for (let s = this.head[li]!; s >= 0; s = this.rec[(s << 3) + 1]!) {
          if (this.rec[(s << 3)] !== p || this.rec[(s << 3) + 2] !== li || !(this.sz[(s << 2) + 2]! > 0)) throw new Error(`invariant: broken level ${li}`);
          n++;
          sum += this.sz[(s << 2) + 2]!;
          p = s;
        }
        const bit = ((this.bits[side * this.words + (idx >>> 5)]! >>> (idx & 31)) & 1) === 1;
        if (n !== this.count[li] || sum !== this.total[li] || p !== this.tail[li] || bit !== n > 0) {
          throw new Error(`invariant: level ${side}/${idx} totals`);
        }
        live += n;
      }
    }
    const bb = highestAtOrBelow(this.bits, 0, this.levels - 1);
    const ba = lowestAtOrAbove(this.bits, this.words, this.words, 1);
    if (this.bestBid !== (bb < 0 ? 0 : bb) || this.bestAsk !== (ba < 0 ? this.levels : ba)) throw new Error('invariant: best prices');
    if (live !== this.live) throw new Error('invariant: live count');
    if (this.bestBid > 0 && this.bestAsk < this.levels && this.bestBid >= this.bestAsk) throw new Error('invariant: book crossed');
  }

  private unlink(slot: number): void {
    const li = this.rec[(slot << 3) + 2]!;
    const p = this.rec[(slot << 3)]!;
    const n = this.rec[(slot << 3) + 1]!;
    if (p < 0) this.head[li] = n;
    else this.rec[(p << 3) + 1] = n;
    if (n < 0) this.tail[li] = p;
    else this.rec[(n << 3)] = p;
    this.total[li] -= this.sz[(slot << 2) + 2]!;
    if (--this.count[li]! === 0) {
      this.total[li] = 0;
      const side = li >= this.levels ? ASK : BID;
      const idx = li - side * this.levels;
      clearBit(this.bits, side * this.words, idx);
      if (side === BID) {
        if (idx === this.bestBid) this.bestBid = Math.max(0, highestAtOrBelow(this.bits, 0, idx - 1));
      } else if (idx === this.bestAsk) {
        const a = lowestAtOrAbove(this.bits, this.words, this.words, idx + 1);
        this.bestAsk = a < 0 ? this.levels : a;
      }
    }
    this.rec[(slot << 3) + 2] = -1;
    this.rec[(slot << 3) + 1] = this.freeHead;
    this.freeHead = slot;
    this.live--;
  }

  private setLevels(levels: number): void {
    this.levels = levels;
    this.words = (levels + 31) >>> 5;
    this.bestBid = 0;
    this.bestAsk = levels;
  }

  private allocLadder(levels: number): void {
    this.setLevels(levels);
    this.head = new Int32Array(2 * levels).fill(-1);
    this.tail = new Int32Array(2 * levels).fill(-1);
    this.total = new Float64Array(2 * levels);
    this.count = new Int32Array(2 * levels);
    this.bits = new Uint32Array(2 * this.words);
  }

  private growSlots(cap: number): void {
    if (this.cap === 0) this.allocLadder(this.levels);
    const buf = new ArrayBuffer(cap * 32);
    const rec = new Int32Array(buf);
    rec.set(this.rec);
    this.rec = rec;
    this.sz = new Float64Array(buf);
    this.cap = cap;
  }
}
