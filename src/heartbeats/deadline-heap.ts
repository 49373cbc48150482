/**
 * A binary min-heap of (deadline, address): the one deadline-ordered structure the sweep
 * walks. Entries are lazy — a beat does not touch the heap; when an entry comes due the
 * sweep re-checks the session and pushes it again if it was fed meanwhile — so the heap holds
 * at most one entry per armed session, whatever the beat rate.
 */
export interface DeadlineEntry {
  deadline: number;
  address: string;
}

export class DeadlineHeap {
  private readonly items: DeadlineEntry[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): DeadlineEntry | undefined {
    return this.items[0];
  }

  push(entry: DeadlineEntry): void {
    const a = this.items;
    a.push(entry);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (a[p]!.deadline <= entry.deadline) break;
      a[i] = a[p]!;
      i = p;
    }
    a[i] = entry;
  }

  pop(): DeadlineEntry | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (top === undefined || last === undefined || a.length === 0) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= a.length) break;
      const r = l + 1;
      const c = r < a.length && a[r]!.deadline < a[l]!.deadline ? r : l;
      if (a[c]!.deadline >= last.deadline) break;
      a[i] = a[c]!;
      i = c;
    }
    a[i] = last;
    return top;
  }
}
