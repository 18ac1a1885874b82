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

/** Defaults: at most 10 % provider errors, at least one scored trial (a run that measured nothing is not a pass). */
export const THRESHOLD_DEFAULTS = { maxErrorRate: 0.1, minScored: 1 } as const;

/** Check a run's metrics against thresholds; execution failures (errors, too few scored) are told apart from quality ones. */
export function checkThresholds(m: Metrics, t: Thresholds = {}): ThresholdCheck {
  const failures: ThresholdCheck['failures'] = [];
  let execution = false;
  const maxErrorRate = t.maxErrorRate ?? THRESHOLD_DEFAULTS.maxErrorRate;
  const minScored = t.minScored ?? THRESHOLD_DEFAULTS.minScored;
  if (m.errorRate.value !== null && m.errorRate.value > maxErrorRate) {
    execution = true;
    failures.push({ threshold: 'maxErrorRate', limit: maxErrorRate, actual: m.errorRate.value, message: `${m.errors} of ${m.trials} trials failed at the provider (more than ${pct(maxErrorRate)})` });
  }
  if (m.scored < minScored) {
    execution = true;
    failures.push({ threshold: 'minScored', limit: minScored, actual: m.scored, message: `${m.scored} trial(s) scored; at least ${minScored} needed` });
  }
  if (t.minAccuracy !== undefined && (m.selectionAcc.value === null || m.selectionAcc.value < t.minAccuracy)) {
    failures.push({ threshold: 'minAccuracy', limit: t.minAccuracy, actual: m.selectionAcc.value, message: `selectionAcc ${m.selectionAcc.value === null ? '—' : pct(m.selectionAcc.value)} is under ${pct(t.minAccuracy)}` });
  }
  if (t.maxFalseCalls !== undefined && m.falseCallRate.value !== null && m.falseCallRate.value > t.maxFalseCalls) {
    failures.push({ threshold: 'maxFalseCalls', limit: t.maxFalseCalls, actual: m.falseCallRate.value, message: `falseCallRate ${pct(m.falseCallRate.value)} is over ${pct(t.maxFalseCalls)}` });
  }
  return { ok: failures.length === 0, executionFailure: execution, failures };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
