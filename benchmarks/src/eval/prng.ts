/**
 * Seeded randomness for the pure core: mulberry32 (32-bit state, fast, good enough for sampling
 * templates and permutations — not for cryptography). Same seed, same sequence, on every runtime.
 */

/** A generator of floats in [0, 1). */
export type Random = () => number;

/** FNV-1a over the UTF-16 code units of a string: a 32-bit seed from text (case ids, tool names). */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A seeded generator; the seed is any integer or string (strings are hashed with {@link hashSeed}). */
export function seededRandom(seed: number | string): Random {
  let a = (typeof seed === 'string' ? hashSeed(seed) : seed) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniform integer in [0, n). */
export function randomInt(random: Random, n: number): number {
  return Math.floor(random() * n);
}

/** One element of a non-empty array, uniformly. */
export function pick<T>(random: Random, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError('pick from an empty list');
  return items[randomInt(random, items.length)]!;
}

/** A shuffled copy (Fisher–Yates). */
export function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(random, i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The permutation of `n` positions for one trial, from the run seed and the trial's key (case id and repeat index). */
export function trialPermutation(seed: number, trialKey: string | number, n: number): number[] {
  const random = seededRandom(hashSeed(`${seed >>> 0}:${trialKey}`));
  return shuffled(
    random,
    Array.from({ length: n }, (_, i) => i),
  );
}
