import type { Rate, RunDiff, RunReport, TrialRecord } from '../contracts/eval.js';
import { canonicalJson } from '../surface/canonical.js';
import { EvalError } from './errors.js';
import { signTest } from './stats.js';

/** Significance level of the sign test. */
export const DIFF_ALPHA = 0.05;

/** The distractor sets of a run as `name@hash`, sorted (the order they are shown in does not matter). */
const distractorsOf = (r: RunReport): string[] => r.distractors.map((d) => `${d.name}@${d.hash}`).sort();

/** The settings without the seed (a seed difference is reported as the seed, not as "settings"). */
const settingsOf = (r: RunReport): Record<string, unknown> => {
  const { seed: _seed, ...rest } = r.conditions.settings;
  return rest;
};

/** A difference between two runs that makes them incomparable. */
export interface ComparabilityProblem {
  field: string;
  base: unknown;
  head: unknown;
  /** For `settings`: the first setting that differs. */
  setting?: string;
  /** What people read: the field and how it differs. */
  message: string;
}

/**
 * Conditions that must match for two runs to be compared, in the order they are checked. The endpoint is
 * the full base URL (path included: one gateway host serves many deployments by path).
 */
const FIELDS: [string, (r: RunReport) => unknown][] = [
  ['provider', (r) => r.conditions.provider],
  ['model', (r) => r.conditions.model],
  ['endpoint', (r) => r.conditions.endpoint],
  ['providerFingerprint', (r) => r.conditions.providerFingerprint],
  ['seed', (r) => canonicalJson([r.conditions.seed, r.conditions.settings.seed ?? null])],
  ['settings', (r) => canonicalJson(settingsOf(r))],
  ['repeats', (r) => r.conditions.repeats],
  ['permute', (r) => r.conditions.permute],
  ['caseSetHash', (r) => r.conditions.caseSetHash],
  ['distractors', (r) => distractorsOf(r).join(',')],
  ['systemHash', (r) => r.systemHash],
];

/** How the distractor sets of two runs differ, by name (and a changed hash under the same name). */
function distractorDifference(base: RunReport, head: RunReport): string {
  const b = new Map(base.distractors.map((d) => [d.name, d.hash] as const));
  const h = new Map(head.distractors.map((d) => [d.name, d.hash] as const));
  const parts: string[] = [];
  const onlyBase = [...b.keys()].filter((n) => !h.has(n)).sort();
  const onlyHead = [...h.keys()].filter((n) => !b.has(n)).sort();
  const changed = [...b.keys()].filter((n) => h.has(n) && h.get(n) !== b.get(n)).sort();
  if (onlyBase.length > 0) parts.push(`only in base: ${onlyBase.join(', ')}`);
  if (onlyHead.length > 0) parts.push(`only in head: ${onlyHead.join(', ')}`);
  if (changed.length > 0) parts.push(`another version of: ${changed.join(', ')}`);
  return parts.join('; ');
}

/** The first condition two runs differ in, or null when they are comparable. */
export function comparabilityProblem(base: RunReport, head: RunReport): ComparabilityProblem | null {
  for (const [field, get] of FIELDS) {
    if (get(base) === get(head)) continue;
    if (field === 'seed') {
      const a = base.conditions.settings.seed ?? base.conditions.seed;
      const b = head.conditions.settings.seed ?? head.conditions.seed;
      const [x, y] = a !== b ? [a, b] : [base.conditions.seed, head.conditions.seed];
      return { field, base: x, head: y, message: `the seed differs (${x} vs ${y})` };
    }
    if (field === 'settings') {
      const a = settingsOf(base);
      const b = settingsOf(head);
      const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort().filter((k) => canonicalJson(a[k] ?? null) !== canonicalJson(b[k] ?? null));
      const what = keys.map((k) => `${k}: ${JSON.stringify(a[k] ?? null)} vs ${JSON.stringify(b[k] ?? null)}`).join(', ');
      return { field, base: a, head: b, ...(keys[0] !== undefined ? { setting: keys[0] } : {}), message: `settings differ (${what})` };
    }
    if (field === 'distractors') {
      const a = base.distractors.map((d) => d.name);
      const b = head.distractors.map((d) => d.name);
      return { field, base: a, head: b, message: `the distractor sets differ (${distractorDifference(base, head)})` };
    }
    const a = get(base);
    const b = get(head);
    return { field, base: a, head: b, message: `${field} differs (${JSON.stringify(a)} vs ${JSON.stringify(b)})` };
  }
  return null;
}

const delta = (a: Rate, b: Rate) => ({ base: a, head: b, delta: a.value === null || b.value === null ? null : b.value - a.value });

/**
 * Diff two saved runs of the same conditions (typically before and after a change to the server's tool
 * metadata). Refused with the differing field when provider, model, endpoint (full base URL),
 * fingerprint, seed, settings, repeats, permutation, case set, distractor sets or system text differ. Trials are paired by (case id, trial index); only pairs
 * scored in both runs count. Pass/fail changes go through an exact two-sided sign test; head is a
 * regression when it is distinguishably worse (p ≤ 0.05, more regressions than improvements) or when
 * unexpected multi-call behaviour distinguishably increased, even if the first pick did not move.
 */
export function diffRuns(base: RunReport, head: RunReport): RunDiff {
  const problem = comparabilityProblem(base, head);
  if (problem) {
    const { message, ...detail } = problem;
    throw new EvalError('not_comparable', `runs are not comparable: ${message}`, detail);
  }
  const { pairs, regressed, improved, pValue, significant, multiCall, cases, unpaired } = pairTrials(base.trials, head.trials);
  const reasons: string[] = [];
  if (significant && regressed > improved) reasons.push(`${regressed} trial(s) regressed and ${improved} improved (sign test p = ${pValue!.toPrecision(3)})`);
  const multiUp = multiCall.pValue !== null && multiCall.pValue <= DIFF_ALPHA && multiCall.increased > multiCall.decreased;
  if (multiUp) reasons.push(`unexpected multi-call behaviour increased in ${multiCall.increased} trial(s), decreased in ${multiCall.decreased} (sign test p = ${multiCall.pValue!.toPrecision(3)})`);
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
    multiCall,
    regression: reasons.length > 0,
    reasons,
    cases,
    unpaired,
  };
}

/** The paired part of a diff: trials matched by (case id, trial index), scored in both. */
export interface PairedTrials {
  pairs: number;
  regressed: number;
  improved: number;
  /** Exact two-sided sign test over the discordant pairs (null when there are none). */
  pValue: number | null;
  significant: boolean;
  multiCall: { increased: number; decreased: number; pValue: number | null };
  cases: RunDiff['cases'];
  unpaired: number;
}

/** What pairing reads of a trial (a stored trial can be read this far only, without its calls and text). */
export interface PairableTrial {
  caseId: string;
  trialIndex: number;
  verdict: Pick<TrialRecord['verdict'], 'kind' | 'scored' | 'pass' | 'multiCall'>;
}

/**
 * Pair the trials of two runs over the same case set by (case id, trial index); only pairs scored in both
 * count. Pass/fail changes go through the exact two-sided sign test (p ≤ {@link DIFF_ALPHA}). The caller
 * checks the runs are comparable first ({@link diffRuns} does; a service compares its own runs' keys).
 */
export function pairTrials(baseTrials: readonly PairableTrial[], headTrials: readonly PairableTrial[]): PairedTrials {
  const key = (r: PairableTrial) => `${r.caseId}\u0000${r.trialIndex}`;
  const headBy = new Map(headTrials.map((r) => [key(r), r] as const));
  let pairs = 0;
  let regressed = 0;
  let improved = 0;
  let increased = 0;
  let decreased = 0;
  let unpaired = 0;
  const cases: RunDiff['cases'] = [];
  const matched = new Set<string>();
  for (const a of baseTrials) {
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
  unpaired += headTrials.length - matched.size;
  const pValue = signTest(improved, regressed);
  return {
    pairs,
    regressed,
    improved,
    pValue,
    significant: pValue !== null && pValue <= DIFF_ALPHA,
    multiCall: { increased, decreased, pValue: signTest(increased, decreased) },
    cases,
    unpaired,
  };
}
