import type { Rate, RunDiff, RunReport, TrialRecord } from '../contracts/eval.js';
import { canonicalJson } from '../surface/canonical.js';
import { EvalError } from './errors.js';
import { signTest } from './stats.js';

/** Significance level of the sign test. */
export const DIFF_ALPHA = 0.05;

/** Conditions that must match for two runs to be compared, in the order they are checked. */
const FIELDS: [string, (r: RunReport) => unknown][] = [
  ['provider', (r) => r.conditions.provider],
  ['model', (r) => r.conditions.model],
  ['endpoint', (r) => r.conditions.endpoint],
  ['providerFingerprint', (r) => r.conditions.providerFingerprint],
  ['settings', (r) => canonicalJson(r.conditions.settings)],
  ['seed', (r) => r.conditions.seed],
  ['repeats', (r) => r.conditions.repeats],
  ['permute', (r) => r.conditions.permute],
  ['caseSetHash', (r) => r.conditions.caseSetHash],
];

/** The first condition two runs differ in, or null when they are comparable. */
export function comparabilityProblem(base: RunReport, head: RunReport): { field: string; base: unknown; head: unknown } | null {
  for (const [field, get] of FIELDS) {
    const a = get(base);
    const b = get(head);
    if (a !== b) return { field, base: a, head: b };
  }
  return null;
}

const delta = (a: Rate, b: Rate) => ({ base: a, head: b, delta: a.value === null || b.value === null ? null : b.value - a.value });

/**
 * Diff two saved runs of the same conditions (typically before and after a change to the server's tool
 * metadata). Refused with the differing field when provider, model, endpoint, fingerprint, settings,
 * seed, repeats, permutation or case set differ. Trials are paired by (case id, trial index); only pairs
 * scored in both runs count. Pass/fail changes go through an exact two-sided sign test; head is a
 * regression when it is distinguishably worse (p ≤ 0.05, more regressions than improvements) or when
 * unexpected multi-call behaviour distinguishably increased, even if the first pick did not move.
 */
export function diffRuns(base: RunReport, head: RunReport): RunDiff {
  const problem = comparabilityProblem(base, head);
  if (problem) {
    throw new EvalError('not_comparable', `runs are not comparable: ${problem.field} differs (${JSON.stringify(problem.base)} vs ${JSON.stringify(problem.head)})`, problem);
  }
  const key = (r: TrialRecord) => `${r.caseId}\u0000${r.trialIndex}`;
  const headBy = new Map(head.trials.map((r) => [key(r), r] as const));
  let pairs = 0;
  let regressed = 0;
  let improved = 0;
  let increased = 0;
  let decreased = 0;
  let unpaired = 0;
  const cases: RunDiff['cases'] = [];
  const matched = new Set<string>();
  for (const a of base.trials) {
    const b = headBy.get(key(a));
    if (!b) {
      unpaired++;
      continue;
    }
    matched.add(key(a));
    if (!a.verdict.scored || !b.verdict.scored) continue;
    pairs++;
    if (a.verdict.pass && !b.verdict.pass) {
      regressed++;
      cases.push({ caseId: a.caseId, trialIndex: a.trialIndex, change: 'regressed', base: a.verdict.kind, head: b.verdict.kind });
    } else if (!a.verdict.pass && b.verdict.pass) {
      improved++;
      cases.push({ caseId: a.caseId, trialIndex: a.trialIndex, change: 'improved', base: a.verdict.kind, head: b.verdict.kind });
    }
    if (!a.verdict.multiCall && b.verdict.multiCall) increased++;
    if (a.verdict.multiCall && !b.verdict.multiCall) decreased++;
  }
  unpaired += head.trials.length - matched.size;
  const pValue = signTest(improved, regressed);
  const multiP = signTest(increased, decreased);
  const significant = pValue !== null && pValue <= DIFF_ALPHA;
  const reasons: string[] = [];
  if (significant && regressed > improved) reasons.push(`${regressed} trial(s) regressed and ${improved} improved (sign test p = ${pValue!.toPrecision(3)})`);
  const multiUp = multiP !== null && multiP <= DIFF_ALPHA && increased > decreased;
  if (multiUp) reasons.push(`unexpected multi-call behaviour increased in ${increased} trial(s), decreased in ${decreased} (sign test p = ${multiP!.toPrecision(3)})`);
  return {
    pairs,
    regressed,
    improved,
    pValue,
    significant,
    selectionAcc: delta(base.metrics.selectionAcc, head.metrics.selectionAcc),
    argValidity: delta(base.metrics.argValidity, head.metrics.argValidity),
    falseCallRate: delta(base.metrics.falseCallRate, head.metrics.falseCallRate),
    multiCallRate: delta(base.metrics.multiCallRate, head.metrics.multiCallRate),
    multiCall: { increased, decreased, pValue: multiP },
    regression: reasons.length > 0,
    reasons,
    cases,
    unpaired,
  };
}
