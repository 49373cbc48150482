/**
 * Reusable output buffer of one match: the fills (maker slot, price index, size) and the resting
 * orders cancelled by self-trade prevention. Pre-sized typed arrays so matching allocates nothing;
 * the caller reads it right after `Book.match` and before the next book mutation.
 */

export class FillBuffer {
  /** Number of fills. */
  n = 0;
  slot = new Int32Array(64);
  acct = new Int32Array(64);
  /** Price ladder index of the fill (the maker's level). */
  idx = new Int32Array(64);
  size = new Float64Array(64);
  /** 1 if the maker order was fully filled and left the book. */
  done = new Uint8Array(64);
  /** Number of resting orders cancelled by self-trade prevention, with their remaining sizes. */
  stpN = 0;
  stpSlot = new Int32Array(16);
  stpSize = new Float64Array(16);

  reset(): void {
    this.n = 0;
    this.stpN = 0;
  }

  push(slot: number, acct: number, idx: number, size: number, done: boolean): void {
    if (this.n === this.slot.length) this.grow();
    const i = this.n++;
    this.slot[i] = slot;
    this.acct[i] = acct;
    this.idx[i] = idx;
    this.size[i] = size;
    this.done[i] = done ? 1 : 0;
  }

  pushStp(slot: number, size: number): void {
    if (this.stpN === this.stpSlot.length) {
      const cap = this.stpSlot.length * 2;
      this.stpSlot = copyI32(this.stpSlot, cap);
      const s = new Float64Array(cap);
      s.set(this.stpSize);
      this.stpSize = s;
    }
    this.stpSlot[this.stpN] = slot;
    this.stpSize[this.stpN++] = size;
  }

  private grow(): void {
    const cap = this.slot.length * 2;
    this.slot = copyI32(this.slot, cap);
    this.acct = copyI32(this.acct, cap);
    this.idx = copyI32(this.idx, cap);
    const size = new Float64Array(cap);
    size.set(this.size);
    this.size = size;
    const done = new Uint8Array(cap);
    done.set(this.done);
    this.done = done;
  }
}

function copyI32(a: Int32Array<ArrayBuffer>, cap: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(cap);
  b.set(a);
  return b;
}
