/**
 * Occupancy bitmap of one side of a price ladder: bit i is set when level i holds orders. Finding
 * the next non-empty level is then a word scan with Math.clz32 instead of a walk over empty levels,
 * so a best-price update after a level empties costs at most (levels / 32) word reads.
 */

export function setBit(bits: Uint32Array, base: number, i: number): void {
  bits[base + (i >>> 5)] |= 1 << (i & 31);
}

export function clearBit(bits: Uint32Array, base: number, i: number): void {
  bits[base + (i >>> 5)] &= ~(1 << (i & 31));
}

/** Highest set index ≤ i, or -1. */
export function highestAtOrBelow(bits: Uint32Array, base: number, i: number): number {
  if (i < 0) return -1;
  let w = i >>> 5;
  let word = bits[base + w]! & ((2 << (i & 31)) - 1);
  for (;;) {
    if (word !== 0) return (w << 5) + 31 - Math.clz32(word);
    if (--w < 0) return -1;
    word = bits[base + w]!;
  }
}

/** Lowest set index ≥ i within `words` words, or -1. */
export function lowestAtOrAbove(bits: Uint32Array, base: number, words: number, i: number): number {
  let w = i >>> 5;
  if (w >= words) return -1;
  let word = bits[base + w]! & (-1 << (i & 31));
  for (;;) {
    if (word !== 0) return (w << 5) + 31 - Math.clz32(word & -word);
    if (++w >= words) return -1;
    word = bits[base + w]!;
  }
}

/** How many bits are set in `words` words from `base`. */
export function countSet(bits: Uint32Array, base: number, words: number): number {
  let n = 0;
  for (let w = base; w < base + words; w++) {
    let x = bits[w]!;
    x -= (x >>> 1) & 0x55555555;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    n += (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return n;
}
