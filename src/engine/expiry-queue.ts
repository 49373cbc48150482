/**
 * Min-heap of (expiry time ms, order key) for GTD orders, so a host timer can ask for the next
 * deadline (`peek`) and pop everything due. Cancelled orders are not removed from the heap (that
 * would be O(n)); the caller checks, when an entry pops, that the order is still live.
 */

export class ExpiryQueue<K> {
  private at: number[] = [];
  private tie: number[] = [];
  private key: K[] = [];

  get size(): number {
    return this.at.length;
  }

  push(atMs: number, tie: number, key: K): void {
    this.at.push(atMs);
    this.tie.push(tie);
    this.key.push(key);
    let i = this.at.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(i, p)) break;
      this.swap(i, p);
      i = p;
    }
  }

  /** Earliest deadline, or null when empty. */
  peek(): number | null {
    return this.at.length === 0 ? null : this.at[0]!;
  }

  /** Removes and returns the earliest key if it is due at `nowMs`; undefined otherwise. */
  popDue(nowMs: number): K | undefined {
    if (this.at.length === 0 || this.at[0]! > nowMs) return undefined;
    const k = this.key[0]!;
    const lastAt = this.at.pop()!;
    const lastTie = this.tie.pop()!;
    const lastKey = this.key.pop()!;
    if (this.at.length > 0) {
      this.at[0] = lastAt;
      this.tie[0] = lastTie;
      this.key[0] = lastKey;
      this.siftDown(0);
    }
    return k;
  }

  private siftDown(i: number): void {
    const n = this.at.length;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < n && this.less(l, m)) m = l;
      if (r < n && this.less(r, m)) m = r;
      if (m === i) return;
      this.swap(i, m);
      i = m;
    }
  }

  private less(i: number, j: number): boolean {
    return this.at[i]! < this.at[j]! || (this.at[i] === this.at[j] && this.tie[i]! < this.tie[j]!);
  }

  private swap(i: number, j: number): void {
    const a = this.at[i]!;
    this.at[i] = this.at[j]!;
    this.at[j] = a;
    const t = this.tie[i]!;
    this.tie[i] = this.tie[j]!;
    this.tie[j] = t;
    const k = this.key[i]!;
    this.key[i] = this.key[j]!;
    this.key[j] = k;
  }
}
