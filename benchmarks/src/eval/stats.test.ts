import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { passAtK, passHatK, rate, signTest, wilson } from './stats.js';

describe('Wilson interval', () => {
  it('has no interval at 0/0 and a null rate ("—", never 0)', () => {
    expect(wilson(0, 0)).toBeNull();
    expect(rate(0, 0)).toEqual({ numerator: 0, denominator: 0, value: null, ci95: null });
  });
  it('is exact at the ends 0/n and n/n and matches known values', () => {
    const [lo0, hi0] = wilson(0, 10)!;
    expect(lo0).toBe(0);
    expect(hi0).toBeCloseTo(0.2775, 4);
    const [lo1, hi1] = wilson(10, 10)!;
    expect(hi1).toBe(1);
    expect(lo1).toBeCloseTo(0.7225, 4);
    const [lo, hi] = wilson(5, 10)!;
    expect(lo).toBeCloseTo(0.2366, 4);
    expect(hi).toBeCloseTo(0.7634, 4);
    expect(wilson(1, 1)).toEqual([expect.closeTo(0.2065, 4), 1]);
  });
  it('refuses impossible counts and always contains the point estimate', () => {
    expect(() => wilson(3, 2)).toThrow(RangeError);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, f) => {
        const k = Math.floor(f * n);
        const [lo, hi] = wilson(k, n)!;
        expect(lo).toBeGreaterThanOrEqual(0);
        expect(hi).toBeLessThanOrEqual(1);
        expect(lo).toBeLessThanOrEqual(k / n + 1e-12);
        expect(hi).toBeGreaterThanOrEqual(k / n - 1e-12);
      }),
    );
  });
});

describe('exact two-sided sign test', () => {
  it('matches binomial values computed by hand', () => {
    expect(signTest(0, 0)).toBeNull();
    expect(signTest(5, 0)).toBeCloseTo(0.0625, 12);
    expect(signTest(1, 9)).toBeCloseTo(22 / 1024, 12);
    expect(signTest(9, 1)).toBeCloseTo(22 / 1024, 12);
    expect(signTest(3, 3)).toBe(1);
    expect(signTest(15, 5)).toBeCloseTo((2 * 21700) / 1048576, 10);
    expect(signTest(1, 0)).toBe(1);
    // Large n stays finite and symmetric.
    expect(signTest(600, 400)).toBeCloseTo(signTest(400, 600)!, 12);
    expect(signTest(600, 400)!).toBeLessThan(1e-9);
  });
});

describe('pass@k and pass^k estimators', () => {
  it('are exact at the ends and agree with k = 1 accuracy', () => {
    expect(passAtK(5, 0, 3)).toBe(0);
    expect(passAtK(5, 5, 3)).toBe(1);
    expect(passAtK(5, 3, 3)).toBe(1); // 2 failures cannot fill 3 draws
    expect(passAtK(5, 2, 1)).toBeCloseTo(0.4, 12);
    expect(passHatK(5, 2, 1)).toBeCloseTo(0.4, 12);
    expect(passHatK(5, 4, 5)).toBe(0);
    expect(passHatK(5, 5, 5)).toBeCloseTo(1, 12);
    expect(passHatK(4, 2, 2)).toBeCloseTo(1 / 6, 12);
    expect(() => passAtK(2, 1, 3)).toThrow(RangeError);
    expect(() => passHatK(2, 1, 0)).toThrow(RangeError);
  });
});
