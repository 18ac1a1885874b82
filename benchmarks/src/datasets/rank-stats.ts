// Rank statistics for the validity table: Spearman's rank correlation (average ranks for ties) and a
// percentile bootstrap interval over the paired units, drawn with the core's seeded generator.
import { randomInt, seededRandom } from '../eval/prng.js';

/** Average ranks (1-based) of `values`; tied values share the mean of their places. */
export function averageRanks(values: readonly number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const ranks = new Array<number>(values.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    const r = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) ranks[order[k]![1]] = r;
    i = j + 1;
  }
  return ranks;
}

/** Pearson's correlation of two equal-length series; null with fewer than 2 points or no spread. */
function pearson(x: readonly number[], y: readonly number[]): number | null {
  const n = x.length;
  if (n < 2) return null;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i]!;
    my += y[i]!;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i]! - mx;
    const dy = y[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? null : sxy / Math.sqrt(sxx * syy);
}

/** Spearman's rho of paired values (Pearson of average ranks); null with fewer than 2 pairs or a constant side. */
export function spearman(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length) throw new RangeError('spearman: series differ in length');
  return pearson(averageRanks(x), averageRanks(y));
}

/** Resamples the bootstrap draws. */
export const BOOTSTRAP_RESAMPLES = 2000;

/**
 * Percentile bootstrap 95 % interval of Spearman's rho over the pairs (resampled with replacement, seeded);
 * resamples where rho is undefined (a constant side) are left out. Null when fewer than 3 pairs or no
 * resample gave a value. Values are rounded to 4 decimals so every platform prints the same.
 */
export function spearmanBootstrap(x: readonly number[], y: readonly number[], seed: number | string, resamples: number = BOOTSTRAP_RESAMPLES): [number, number] | null {
  const n = x.length;
  if (n < 3) return null;
  const random = seededRandom(seed);
  const values: number[] = [];
  const bx = new Array<number>(n);
  const by = new Array<number>(n);
  for (let r = 0; r < resamples; r++) {
    for (let i = 0; i < n; i++) {
      const k = randomInt(random, n);
      bx[i] = x[k]!;
      by[i] = y[k]!;
    }
    const rho = spearman(bx, by);
    if (rho !== null) values.push(rho);
  }
  if (values.length === 0) return null;
  values.sort((a, b) => a - b);
  const at = (q: number) => values[Math.min(values.length - 1, Math.max(0, Math.floor(q * values.length)))]!;
  return [round4(at(0.025)), round4(at(0.975))];
}

/** A number to 4 decimals (the table's precision). */
export const round4 = (v: number): number => Math.round(v * 1e4) / 1e4;
