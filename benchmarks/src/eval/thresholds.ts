import type { Metrics, ThresholdCheck } from '../contracts/eval.js';

/** Thresholds of a run (CLI flags). Quality thresholds give exit 1; execution thresholds exit 2. */
export interface Thresholds {
  /** Fail when selectionAcc is under this (or "—"). */
  minAccuracy?: number;
  /** Fail when falseCallRate is over this. */
  maxFalseCalls?: number;
  /** Execution: fail when more than this share of trials ended in a provider error (default 0.1). */
  maxErrorRate?: number;
  /** Execution: fail when fewer trials than this were scored (default 1). */
  minScored?: number;
}

/**
 * A limit (a finite number ≥ 0, as typed on the command line) as the exact fraction of its shortest
 * decimal form: 0.58 → 58/100, 1e-7 → 1/10000000. Shares are compared with it in integers, never in
 * floating point (0.58 × 50 is 28.999999999999996 in floating point: 29 of 50 is not "more than" 0.58).
 */
export function decimalFraction(limit: number): { num: bigint; den: bigint } {
  if (!Number.isFinite(limit) || limit < 0) throw new RangeError(`a share limit must be a finite number ≥ 0, got ${limit}`);
  const [mantissa = '0', exponent = '0'] = String(limit).split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const num = BigInt(whole + fraction);
  const shift = Number(exponent) - fraction.length;
  return shift >= 0 ? { num: num * 10n ** BigInt(shift), den: 1n } : { num, den: 10n ** BigInt(-shift) };
}

/** Compare the share `count / total` with `limit` exactly: 1 above, 0 equal, -1 below (total > 0). */
export function compareShare(count: number, total: number, limit: number): -1 | 0 | 1 {
  const { num, den } = decimalFraction(limit);
  const a = BigInt(count) * den;
  const b = num * BigInt(total);
  return a > b ? 1 : a < b ? -1 : 0;
}

/** Defaults: at most 10 % provider errors, at least one scored trial (a run that measured nothing is not a pass). */
export const THRESHOLD_DEFAULTS = { maxErrorRate: 0.1, minScored: 1 } as const;

/** Check a run's metrics against thresholds (counts compared exactly with {@link compareShare}); execution failures (errors, too few scored) are told apart from quality ones. */
export function checkThresholds(m: Metrics, t: Thresholds = {}): ThresholdCheck {
  const failures: ThresholdCheck['failures'] = [];
  let execution = false;
  const maxErrorRate = t.maxErrorRate ?? THRESHOLD_DEFAULTS.maxErrorRate;
  const minScored = t.minScored ?? THRESHOLD_DEFAULTS.minScored;
  if (m.errorRate.denominator > 0 && compareShare(m.errorRate.numerator, m.errorRate.denominator, maxErrorRate) > 0) {
    execution = true;
    failures.push({ threshold: 'maxErrorRate', limit: maxErrorRate, actual: m.errorRate.value, message: `${m.errors} of ${m.trials} trials failed at the provider (more than ${pct(maxErrorRate)})` });
  }
  if (m.scored < minScored) {
    execution = true;
    failures.push({ threshold: 'minScored', limit: minScored, actual: m.scored, message: `${m.scored} trial(s) scored; at least ${minScored} needed` });
  }
  if (t.minAccuracy !== undefined && (m.selectionAcc.value === null || compareShare(m.selectionAcc.numerator, m.selectionAcc.denominator, t.minAccuracy) < 0)) {
    failures.push({ threshold: 'minAccuracy', limit: t.minAccuracy, actual: m.selectionAcc.value, message: `selectionAcc ${m.selectionAcc.value === null ? '—' : pct(m.selectionAcc.value)} is under ${pct(t.minAccuracy)}` });
  }
  if (t.maxFalseCalls !== undefined && m.falseCallRate.value !== null && compareShare(m.falseCallRate.numerator, m.falseCallRate.denominator, t.maxFalseCalls) > 0) {
    failures.push({ threshold: 'maxFalseCalls', limit: t.maxFalseCalls, actual: m.falseCallRate.value, message: `falseCallRate ${pct(m.falseCallRate.value)} is over ${pct(t.maxFalseCalls)}` });
  }
  const limits: ThresholdCheck['limits'] = {
    ...(t.minAccuracy !== undefined ? { minAccuracy: t.minAccuracy } : {}),
    ...(t.maxFalseCalls !== undefined ? { maxFalseCalls: t.maxFalseCalls } : {}),
    maxErrorRate,
    minScored,
  };
  return { limits, ok: failures.length === 0, executionFailure: execution, failures };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
