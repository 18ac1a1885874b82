import { describe, expect, it } from 'vitest';
import { averageRanks, spearman, spearmanBootstrap } from './rank-stats.js';

describe('rank statistics', () => {
  it('gives tied values the mean of their places', () => {
    expect(averageRanks([10, 20, 20, 5])).toEqual([2, 3.5, 3.5, 1]);
  });

  it('is 1 for a monotone relation, -1 for a reversed one, and matches a worked example with ties', () => {
    expect(spearman([1, 2, 3, 4], [10, 100, 1000, 10_000])).toBeCloseTo(1, 12);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1, 12);
    // Ranks x = 1,2,3,4,5; y = 2,1,4,3,5 → d² = 1+1+1+1+0 = 4 → rho = 1 − 6·4/(5·24) = 0.8.
    expect(spearman([1, 2, 3, 4, 5], [20, 10, 40, 30, 50])).toBeCloseTo(0.8, 12);
    expect(spearman([1, 1, 1], [1, 2, 3])).toBeNull();
  });

  it('bootstraps the same interval for the same seed, a different one for another, and brackets rho', () => {
    // 30 servers whose accuracy follows the score loosely (a fixed pseudo-random wobble).
    const x = Array.from({ length: 30 }, (_, i) => 30 + 2 * i);
    const y = x.map((v, i) => v / 100 + (((i * 7919) % 13) - 6) / 30);
    const a = spearmanBootstrap(x, y, 'seed-a');
    expect(a).toEqual(spearmanBootstrap(x, y, 'seed-a'));
    expect(a).not.toEqual(spearmanBootstrap(x, y, 'seed-b'));
    const rho = spearman(x, y)!;
    expect(a![0]).toBeLessThanOrEqual(rho);
    expect(a![1]).toBeGreaterThanOrEqual(rho);
    expect(spearmanBootstrap([1, 2], [1, 2], 's')).toBeNull();
  });
});
