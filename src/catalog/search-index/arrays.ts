/** Typed arrays that grow by doubling, for per-slot data of the search index. */
export function grown<T extends Int32Array | Uint8Array>(a: T, n: number, make: (n: number) => T): T {
  if (n <= a.length) return a;
  const b = make(Math.max(16, n * 2));
  b.set(a);
  return b;
}
