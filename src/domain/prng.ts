/**
 * The seeded pseudo-random generator behind every demo and scale data set. Same seed, same
 * numbers, on every machine and Node version: sfc32 (Chris Doty-Humphrey's "small fast
 * counting" generator, 128-bit state, passes PractRand) seeded through splitmix32. Nothing
 * here reads the clock or Math.random; the generators take all their randomness from a `Prng`.
 *
 * `fork(label)` derives an independent stream, so each part of a data set (ids, people,
 * events, comments) draws from its own stream and extending one part does not reshuffle the
 * others.
 */

/** splitmix32 step: a well-mixed 32-bit value from a 32-bit state (used only for seeding). */
function splitmix32(state: number): [value: number, next: number] {
  const next = (state + 0x9e3779b9) | 0;
  let z = next;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return [(z ^ (z >>> 16)) >>> 0, next];
}

/** FNV-1a over a string: turns fork labels into seed material. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class Prng {
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 0;

  constructor(seed: number | string) {
    let s = fnv1a(typeof seed === 'number' ? `seed:${seed}` : seed);
    const words: number[] = [];
    for (let i = 0; i < 4; i++) {
      const [v, next] = splitmix32(s);
      words.push(v);
      s = next;
    }
    [this.a, this.b, this.c, this.d] = words as [number, number, number, number];
    for (let i = 0; i < 12; i++) this.next(); // discard the first outputs, as sfc32's author advises
  }

  /** The next unsigned 32-bit value (sfc32). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  float(): number {
    return this.next() / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.float() * items.length)]!;
  }

  /** Picks by weight: `[[value, weight], ...]`, weights >= 0 and not all zero. */
  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let r = this.float() * total;
    for (const [v, w] of items) {
      if (r < w) return v;
      r -= w;
    }
    return items[items.length - 1]![0];
  }

  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.float() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }

  /** k distinct items (k is capped at the list's length), in random order. */
  sample<T>(items: readonly T[], k: number): T[] {
    return this.shuffle(items).slice(0, Math.min(k, items.length));
  }

  /** n random bytes; pass `(n) => rng.bytes(n)` wherever a `RandomBytes` source is taken. */
  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i += 4) {
      let v = this.next();
      for (let j = i; j < Math.min(i + 4, n); j++) {
        out[j] = v & 0xff;
        v >>>= 8;
      }
    }
    return out;
  }

  /** An independent stream named by `label`, derived from this one's current state. */
  fork(label: string): Prng {
    return new Prng(`${label}:${this.next()}:${this.next()}`);
  }
}

/** A seeded stream of floats in [0, 1), for property tests, simulations and benchmark streams. */
export function floats(seed: number | string): () => number {
  const p = new Prng(seed);
  return () => p.float();
}
