import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hashSeed, pick, seededRandom, shuffled, trialPermutation } from './prng.js';

describe('seeded randomness', () => {
  it('gives the same sequence for the same seed and a different one for another seed', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const c = seededRandom(43);
    const xs = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(xs);
    expect([c(), c(), c()]).not.toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('hashes strings to stable 32-bit seeds', () => {
    expect(hashSeed('')).toBe(0x811c9dc5);
    expect(hashSeed('a')).toBe(0xe40c292c);
    expect(seededRandom('x')()).toBe(seededRandom(hashSeed('x'))());
  });

  it('pick refuses an empty list', () => {
    expect(() => pick(seededRandom(1), [])).toThrow(RangeError);
  });

  it('permutations are permutations, stable per (seed, trial), and differ across trials', () => {
    fc.assert(
      fc.property(fc.integer(), fc.nat(1000), fc.integer({ min: 0, max: 80 }), (seed, trial, n) => {
        const p = trialPermutation(seed, trial, n);
        expect(p.slice().sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, i) => i));
        expect(trialPermutation(seed, trial, n)).toEqual(p);
      }),
    );
    const orders = new Set(Array.from({ length: 20 }, (_, t) => trialPermutation(7, t, 10).join(',')));
    expect(orders.size).toBeGreaterThan(15);
    expect(shuffled(seededRandom(3), [1, 2, 3, 4, 5]).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
