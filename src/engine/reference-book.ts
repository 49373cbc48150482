/**
 * A deliberately naive order book (sorted arrays, linear scans) with the same semantics as
 * `Book`: price-time priority, fills at the maker's price, self-trade prevention cancelling the
 * resting order. Tests run both on the same random streams and demand identical fills.
 */

import { BID, type BookSide } from './book.js';

interface RefOrder {
  id: number;
  idx: number;
  size: number;
  acct: number;
  seq: number;
}

export interface RefFill {
  id: number;
  idx: number;
  size: number;
}

export class ReferenceBook {
  private sides: [RefOrder[], RefOrder[]] = [[], []];
  private seq = 0;

  add(side: BookSide, id: number, idx: number, size: number, acct: number): void {
    const list = this.sides[side];
    list.push({ id, idx, size, acct, seq: this.seq++ });
    list.sort((a, b) => (side === BID ? b.idx - a.idx : a.idx - b.idx) || a.seq - b.seq);
  }

  cancel(id: number): number {
    for (const list of this.sides) {
      const i = list.findIndex((o) => o.id === id);
      if (i >= 0) return list.splice(i, 1)[0]!.size;
    }
    return -1;
  }

  match(side: BookSide, limitIdx: number, qty: number, acct: number): { fills: RefFill[]; stp: number[] } {
    const book = this.sides[1 - side]!;
    const fills: RefFill[] = [];
    const stp: number[] = [];
    let remaining = qty;
    while (remaining > 0 && book.length > 0) {
      const o = book[0]!;
      if (side === BID ? o.idx > limitIdx : o.idx < limitIdx) break;
      if (o.acct === acct) {
        stp.push(o.id);
        book.shift();
        continue;
      }
      const q = Math.min(o.size, remaining);
      fills.push({ id: o.id, idx: o.idx, size: q });
      o.size -= q;
      remaining -= q;
      if (o.size === 0) book.shift();
    }
    return { fills, stp };
  }

  depth(side: BookSide): Array<{ idx: number; size: number }> {
    const out: Array<{ idx: number; size: number }> = [];
    for (const o of this.sides[side]) {
      const last = out[out.length - 1];
      if (last !== undefined && last.idx === o.idx) last.size += o.size;
      else out.push({ idx: o.idx, size: o.size });
    }
    return out;
  }
}
