/**
 * Deterministic numbers from text: the same input gives the same output on every machine and
 * runtime (per-attempt quiz order, demo cover art). Not for anything secret.
 */

/** FNV-1a, 32 bits: a stable number from a text (by code point). */
export function hashText(text: string, basis = 0x811c9dc5): number {
  let h = basis >>> 0;
  for (const ch of text) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** mulberry32: a small seeded generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
