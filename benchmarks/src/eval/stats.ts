import type { Rate } from '../contracts/eval.js';

/** z for a two-sided 95 % interval. */
export const Z95 = 1.959963984540054;

/**
 * Wilson score interval of k successes in n trials. Unlike the normal approximation it stays inside
 * [0, 1] and is informative at 0/n and n/n; n = 0 has no interval (null).
 */
export function wilson(k: number, n: number, z: number = Z95): [number, number] | null {
  if (n === 0) return null;
  if (k < 0 || k > n) throw new RangeError(`wilson: ${k} successes out of ${n}`);
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // Exact ends at 0/n and n/n (floating point leaves ~1e-17 otherwise).
  return [k === 0 ? 0 : Math.max(0, centre - half), k === n ? 1 : Math.min(1, centre + half)];
}

/** A rate with counts and a Wilson 95 % interval; value and interval are null when the denominator is 0 ("—", never 0). */
export function rate(numerator: number, denominator: number): Rate {
  return { numerator, denominator, value: denominator === 0 ? null : numerator / denominator, ci95: wilson(numerator, denominator) };
}

/** ln C(n, k) by summing logs (exact enough for the tail sums below, stable for n in the thousands). */
function logChoose(n: number, k: number): number {
  let s = 0;
  for (let i = 1; i <= k; i++) s += Math.log(n - k + i) - Math.log(i);
  return s;
}

/**
 * Exact two-sided sign test: with `plus` and `minus` discordant pairs (ties dropped), the probability
 * under p = ½ of a split at least as uneven: 2 · P(X ≤ min) capped at 1. Null when there are no
 * discordant pairs.
 */
export function signTest(plus: number, minus: number): number | null {
  const n = plus + minus;
  if (n === 0) return null;
  const k = Math.min(plus, minus);
  let tail = 0;
  for (let i = 0; i <= k; i++) tail += Math.exp(logChoose(n, i) - n * Math.LN2);
  return Math.min(1, 2 * tail);
}

/** C(n, k) as a float (0 when k > n). */
function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  return Math.exp(logChoose(n, k));
}

/** Unbiased pass@k of one case with c passes in n trials: 1 − C(n−c, k) / C(n, k). */
export function passAtK(n: number, c: number, k: number): number {
  if (k > n || k < 1) throw new RangeError(`pass@k: k = ${k} with n = ${n}`);
  if (n - c < k) return 1;
  return 1 - choose(n - c, k) / choose(n, k);
}

/** pass^k of one case with c passes in n trials: C(c, k) / C(n, k) (the chance that k draws all pass). */
export function passHatK(n: number, c: number, k: number): number {
  if (k > n || k < 1) throw new RangeError(`pass^k: k = ${k} with n = ${n}`);
  return choose(c, k) / choose(n, k);
}
