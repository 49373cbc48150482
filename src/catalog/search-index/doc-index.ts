/**
 * One kind of searchable row (events, tags) in memory: its words' posting lists, its rank order
 * and its texts sorted for prefix ranges. `match` and `top` answer what search.ts's SQL ranking
 * answers: rows with every head word and a word starting with the last one; tier 0 (text or slug equal
 * to the query), 1 (either starts with it), 2 (the rest); then `group` ascending (closed after
 * open), `weight` descending (volume, event count), id descending.
 *
 * Costs: a query marks its matches in a stamp array (no sets, no sorting of matches), then
 * either walks the rank order until it has the page (a word in much of the catalog) or sorts
 * the few matches by rank position — whichever visits fewer rows. Changes are applied in place
 * (a changed weight moves one row in the rank order); large batches rebuild lazily.
 */
import { asciiLower, wordsOf } from './tokens.js';
import { grown } from './arrays.js';

export interface Doc {
  id: number;
  /** The title (events) or label (tags). */
  text: string;
  slug: string;
  /** Ranked ascending before weight: `closed` for events, 0 for tags. */
  group: number;
  /** Ranked descending: volume, event count. */
  weight: number;
  /** Carried for the answer: an event's ticker. */
  extra: string;
}

/** A search's matches: their slots (valid until the next search of this index) and the stamp that marks them. */
export interface Hits { slots: Int32Array; stamp: number }

const EMPTY: number[] = [];
/**
 * Above this many changed rows, the sorted structures are rebuilt on the next search instead of
 * edited (on 100,000 events: an edit ≈ 0.1 ms, since it moves array entries; a rebuild ≈ 200 ms).
 */
export const indexTuning = { rebuildOver: 1000 };
/** A prefix range with more rows than this is walked in rank order rather than sorted. */
const SORT_RANGE_UP_TO = 1000;

/** The least string above every string that starts with `s` (undefined: none, the last unit is 0xffff). */
function next(s: string): string | undefined {
  const last = s.charCodeAt(s.length - 1);
  return last === 0xffff ? undefined : s.slice(0, -1) + String.fromCharCode(last + 1);
}

/** First index in `sorted` whose key is ≥ `key`. */
function lowerBound<T>(sorted: T[], key: string, keyOf: (x: T) => string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keyOf(sorted[mid]!) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class DocIndex {
  private readonly docs: Doc[] = [];
  private readonly slots = new Map<number, number>();
  private readonly lowText: string[] = [];
  private readonly lowSlug: string[] = [];
  private readonly postings = new Map<string, number[]>();
  private vocab: string[] | undefined;
  private byText: number[] | undefined;
  private bySlug: number[] | undefined;
  private rank: number[] | undefined;
  private rankPos: Int32Array = new Int32Array(0);
  private marks = new Uint32Array(0);
  private seen = new Uint32Array(0);
  private hitBuffer = new Int32Array(0);
  private stamp = 0;

  /** Adds or replaces rows (by id). */
  apply(rows: Doc[]): void {
    const edit = rows.length <= indexTuning.rebuildOver;
    if (!edit) this.vocab = this.byText = this.bySlug = this.rank = undefined;
    for (const doc of rows) {
      const slot = this.slots.get(doc.id);
      if (slot === undefined) this.add(doc, edit);
      else this.replace(slot, doc, edit);
    }
  }

  private add(doc: Doc, edit: boolean): void {
    const slot = this.docs.length;
    this.slots.set(doc.id, slot);
    this.docs.push(doc);
    this.lowText.push(asciiLower(doc.text));
    this.lowSlug.push(asciiLower(doc.slug));
    this.setWords(slot, [], wordsOf(doc.text, doc.slug), edit);
    if (edit && this.byText) { this.insertSorted(this.byText, slot, this.lowText); this.insertSorted(this.bySlug!, slot, this.lowSlug); }
    if (edit && this.rank) this.placeInRank(slot, this.rank.length);
    else this.rank = undefined;
  }

  private replace(slot: number, doc: Doc, edit: boolean): void {
    const old = this.docs[slot]!;
    this.docs[slot] = doc;
    if (old.text !== doc.text || old.slug !== doc.slug) {
      if (edit && this.byText) { this.removeSorted(this.byText, slot, this.lowText); this.removeSorted(this.bySlug!, slot, this.lowSlug); }
      this.lowText[slot] = asciiLower(doc.text);
      this.lowSlug[slot] = asciiLower(doc.slug);
      if (edit && this.byText) { this.insertSorted(this.byText, slot, this.lowText); this.insertSorted(this.bySlug!, slot, this.lowSlug); }
      this.setWords(slot, wordsOf(old.text, old.slug), wordsOf(doc.text, doc.slug), edit);
    }
    if (old.group === doc.group && old.weight === doc.weight) return;
    if (!edit || !this.rank) { this.rank = undefined; return; }
    // Out of the rank order under its old key, back in under the new one.
    const at = this.rankPos[slot]!;
    this.rank.splice(at, 1);
    this.placeInRank(slot, at);
  }

  /** Moves `slot` from the posting lists of its old words to those of its new ones (the old are made again from its old texts, not kept). */
  private setWords(slot: number, old: string[], words: string[], edit: boolean): void {
    for (const w of old) {
      const list = this.postings.get(w)!;
      const i = list.indexOf(slot);
      list[i] = list[list.length - 1]!;
      list.pop();
      if (list.length === 0) {
        this.postings.delete(w);
        if (edit && this.vocab) this.vocab.splice(lowerBound(this.vocab, w, (x) => x), 1);
      }
    }
    for (const w of words) {
      const list = this.postings.get(w);
      if (list) list.push(slot);
      else {
        this.postings.set(w, [slot]);
        if (edit && this.vocab) this.vocab.splice(lowerBound(this.vocab, w, (x) => x), 0, w);
        else this.vocab = undefined;
      }
    }
  }

  private insertSorted(list: number[], slot: number, keys: string[]): void {
    list.splice(lowerBound(list, keys[slot]!, (s) => keys[s]!), 0, slot);
  }

  private removeSorted(list: number[], slot: number, keys: string[]): void {
    for (let i = lowerBound(list, keys[slot]!, (s) => keys[s]!); i < list.length; i++) {
      if (list[i] === slot) { list.splice(i, 1); return; }
    }
  }

  /** A row's tier for a query: 0 when its text or slug equals it, 1 when either starts with it, else 2 (search.ts's `tier`). */
  private tierOf(s: number, lowered: string, slug: string): 0 | 1 | 2 {
    if (this.lowText[s] === lowered || this.docs[s]!.slug === slug) return 0;
    return this.lowText[s]!.startsWith(lowered) || this.lowSlug[s]!.startsWith(slug) ? 1 : 2;
  }

  /** Whether slot `a` ranks before slot `b` (group, weight descending, id descending). */
  private before(a: number, b: number): boolean {
    const x = this.docs[a]!;
    const y = this.docs[b]!;
    if (x.group !== y.group) return x.group < y.group;
    if (x.weight !== y.weight) return x.weight > y.weight;
    return x.id > y.id;
  }

  /** Puts `slot` into the rank order; the entries between where it was (`moved`) and where it lands shift by one. */
  private placeInRank(slot: number, moved: number): void {
    const rank = this.rank!;
    let lo = 0;
    let hi = rank.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.before(rank[mid]!, slot)) lo = mid + 1;
      else hi = mid;
    }
    rank.splice(lo, 0, slot);
    this.rankPos = grown(this.rankPos, this.docs.length, (n) => new Int32Array(n));
    for (let i = Math.min(lo, moved), end = Math.max(lo, moved); i <= end && i < rank.length; i++) this.rankPos[rank[i]!] = i;
  }

  /** Builds the sorted structures now rather than on the next search. */
  warm(): void {
    this.ready();
  }

  /** Builds what an edit batch dropped; restarts the stamps long before they could wrap. */
  private ready(): number[] {
    const n = this.docs.length;
    if (this.marks.length < n || this.stamp > 0xfff00000) {
      this.marks = new Uint32Array(Math.max(n * 2, this.marks.length));
      this.seen = new Uint32Array(this.marks.length);
      this.hitBuffer = new Int32Array(this.marks.length);
      this.stamp = 0;
    }
    this.vocab ??= [...this.postings.keys()].sort();
    const byKey = (keys: string[]) => Array.from({ length: n }, (_, i) => i).sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0));
    this.byText ??= byKey(this.lowText);
    this.bySlug ??= byKey(this.lowSlug);
    if (!this.rank) {
      const rank = Array.from({ length: n }, (_, i) => i).sort((a, b) => (a === b ? 0 : this.before(a, b) ? -1 : 1));
      this.rankPos = grown(this.rankPos, n, (size) => new Int32Array(size));
      for (let i = 0; i < n; i++) this.rankPos[rank[i]!] = i;
      this.rank = rank;
    }
    return this.rank;
  }

  private newStamp(): number {
    return ++this.stamp;
  }

  /**
   * The rows holding every head word and a word that starts with `last`: marked with the returned
   * stamp and listed in a buffer the next search reuses. (Fresh memory is dear here: a new array
   * of a common word's matches on every search cost more than finding them.)
   */
  match(head: string[], last: string): Hits {
    this.ready();
    const vocab = this.vocab!;
    const prefixed: number[][] = [];
    for (let i = lowerBound(vocab, last, (x) => x); i < vocab.length && vocab[i]!.startsWith(last); i++) prefixed.push(this.postings.get(vocab[i]!)!);
    const lists = head.map((w) => this.postings.get(w) ?? EMPTY).sort((a, b) => a.length - b.length);
    const out = this.hitBuffer;
    let count = 0;
    if (lists.length === 0) {
      const stamp = this.newStamp();
      for (const list of prefixed) {
        for (let i = 0; i < list.length; i++) {
          const s = list[i]!;
          if (this.marks[s] !== stamp) { this.marks[s] = stamp; out[count++] = s; }
        }
      }
      return { slots: out.subarray(0, count), stamp };
    }
    const first = lists[0]!;
    for (let i = 0; i < first.length; i++) out[count++] = first[i]!;
    for (const list of lists.slice(1)) count = this.keep(count, [list]);
    count = this.keep(count, prefixed);
    const stamp = this.newStamp();
    for (let i = 0; i < count; i++) this.marks[out[i]!] = stamp;
    return { slots: out.subarray(0, count), stamp };
  }

  /** Keeps, of the first `count` buffered hits, those in any of `lists`; returns how many are left. */
  private keep(count: number, lists: number[][]): number {
    const stamp = this.newStamp();
    for (const list of lists) for (let i = 0; i < list.length; i++) this.marks[list[i]!] = stamp;
    const out = this.hitBuffer;
    let kept = 0;
    for (let i = 0; i < count; i++) if (this.marks[out[i]!] === stamp) out[kept++] = out[i]!;
    return kept;
  }

  /** A row's slot (its place in this index's arrays), by id. */
  slotOf(id: number): number | undefined {
    return this.slots.get(id);
  }

  /** The hits whose slot `keep` accepts (a scope), marked with a new stamp. */
  filter(hits: Hits, keep: (slot: number) => boolean): Hits {
    const stamp = this.newStamp();
    const out = this.hitBuffer;
    let count = 0;
    for (let i = 0; i < hits.slots.length; i++) {
      const s = hits.slots[i]!;
      if (keep(s)) { out[count++] = s; this.marks[s] = stamp; }
    }
    return { slots: out.subarray(0, count), stamp };
  }

  /** Every hit with a weight of its own (tags counted in a scope) that is above 0, in rank order by it: for few hits. */
  rankBy(hits: Hits, lowered: string, slug: string, weight: (doc: Doc) => number): Doc[] {
    const ranked = Array.from(hits.slots, (s) => ({ s, tier: this.tierOf(s, lowered, slug), doc: { ...this.docs[s]!, weight: weight(this.docs[s]!) } }))
      .filter((r) => r.doc.weight > 0);
    ranked.sort((a, b) => a.tier - b.tier || b.doc.weight - a.doc.weight || b.doc.id - a.doc.id);
    return ranked.map((r) => r.doc);
  }

  /** The first `need` hits in rank order (tiers by `lowered`, the query, and `slug`, its words joined by `-`). */
  top(hits: Hits, need: number, lowered: string, slug: string): Doc[] {
    const rank = this.ready();
    const isHit = (s: number) => this.marks[s] === hits.stamp;
    const tiered = this.prefixTiers(isHit, need, lowered, slug);
    const out = tiered.slice(0, need);
    if (out.length < need) {
      const seen = this.newStamp();
      for (const s of tiered) this.seen[s] = seen;
      const n = rank.length;
      const missing = need - out.length;
      // Walking visits about missing × n / hits rows; sorting costs about hits × log2(hits).
      if ((missing * n) / Math.max(1, hits.slots.length) < hits.slots.length * Math.log2(hits.slots.length + 1)) {
        for (let i = 0; i < n && out.length < need; i++) {
          const s = rank[i]!;
          if (isHit(s) && this.seen[s] !== seen) out.push(s);
        }
      } else {
        const positions = new Int32Array(hits.slots.length);
        let k = 0;
        for (const s of hits.slots) if (this.seen[s] !== seen) positions[k++] = this.rankPos[s]!;
        positions.subarray(0, k).sort();
        for (let i = 0; i < k && out.length < need; i++) out.push(rank[positions[i]!]!);
      }
    }
    return out.map((s) => this.docs[s]!);
  }

  /** Tier 0 and 1 hits in order: found through the sorted texts and slugs, or by a rank walk for a large range. */
  private prefixTiers(isHit: (s: number) => boolean, need: number, lowered: string, slug: string): number[] {
    const tier0 = (s: number) => this.tierOf(s, lowered, slug) === 0;
    const ranges = ([[this.byText!, this.lowText, lowered], [this.bySlug!, this.lowSlug, slug]] as const).map(([list, keys, q]) => {
      const from = lowerBound(list, q, (s) => keys[s]!);
      const above = next(q);
      return { list, keys, q, from, to: above === undefined ? list.length : lowerBound(list, above, (s) => keys[s]!) };
    });
    const size = ranges.reduce((n, r) => n + r.to - r.from, 0);
    if (size <= SORT_RANGE_UP_TO) {
      const found = new Set<number>();
      for (const r of ranges) for (let i = r.from; i < r.to; i++) if (isHit(r.list[i]!)) found.add(r.list[i]!);
      const key = (s: number) => (tier0(s) ? 0 : this.docs.length) + this.rankPos[s]!;
      return [...found].sort((a, b) => key(a) - key(b));
    }
    // A large range: tier 0 by equality (its rows lead their ranges), tier 1 walked in rank order.
    const exact = new Set<number>();
    for (const r of ranges) {
      for (let i = r.from; i < r.to && r.keys[r.list[i]!] === r.q; i++) if (tier0(r.list[i]!) && isHit(r.list[i]!)) exact.add(r.list[i]!);
    }
    const out = [...exact].sort((a, b) => this.rankPos[a]! - this.rankPos[b]!);
    const rank = this.rank!;
    for (let i = 0; i < rank.length && out.length < need; i++) {
      const s = rank[i]!;
      if (isHit(s) && !exact.has(s) && this.tierOf(s, lowered, slug) === 1) out.push(s);
    }
    return out;
  }
}
