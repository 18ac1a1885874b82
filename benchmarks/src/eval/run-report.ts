import { RUN_REPORT_SCHEMA_VERSION, RunReportSchema, type RunReport, type TrialRecord } from '../contracts/eval.js';
import { canonicalJson } from '../surface/canonical.js';
import { EvalError } from './errors.js';
import { computeMetrics } from './metrics.js';
import type { RunPlan } from './plan.js';
import { checkThresholds, type Thresholds } from './thresholds.js';

/** Provider facts recorded with a run (no secrets: ids, endpoint origin, the non-secret fingerprint). */
export interface ProviderFacts {
  id: string;
  endpoint: string | null;
  fingerprint: string;
  /** The lexical baseline (labelled "baseline" in every rendering); defaults to `id === 'lexical'`. */
  baseline?: boolean;
}

/** What the runner passes to {@link buildRunReport}; timestamps and the code version come from the adapter. */
export interface RunReportInput {
  plan: RunPlan;
  records: readonly TrialRecord[];
  unreadableSchemas: { tool: string; reason: string }[];
  provider: ProviderFacts;
  codeVersion: string;
  startedAt: string;
  finishedAt: string;
  surfaceName?: string;
  /** Where the cases came from: `offline`, `model:<name>`, `file:<name>`. */
  caseSource: string;
  /** Settings the provider reported as unsupported (union over trials). */
  unsupported?: readonly string[];
  thresholds?: Thresholds;
}

/** Assemble the saved run report: conditions, hashes, cases, trials, metrics, threshold outcome. */
export function buildRunReport(input: RunReportInput): RunReport {
  const { plan } = input;
  const metrics = computeMetrics(plan.cases, input.records, input.unreadableSchemas);
  const server = plan.shown.filter((e) => e.origin === 'server').length;
  return {
    schemaVersion: RUN_REPORT_SCHEMA_VERSION,
    kind: 'toolmark-run',
    codeVersion: input.codeVersion,
    startedAt: input.startedAt,
    finishedAt: input.finishedAt,
    baseline: input.provider.baseline ?? input.provider.id === 'lexical',
    conditions: {
      provider: input.provider.id,
      endpoint: input.provider.endpoint,
      model: plan.model,
      providerFingerprint: input.provider.fingerprint,
      settings: plan.settings,
      seed: plan.seed,
      repeats: plan.repeats,
      permute: plan.permute,
      caseSetHash: plan.hashes.caseSet,
    },
    surface: { hash: plan.hashes.surface, toolCount: server, ...(input.surfaceName !== undefined ? { name: input.surfaceName } : {}) },
    distractors: plan.distractors,
    shownSurfaceHash: plan.hashes.shown,
    systemHash: plan.hashes.system,
    caseSet: { hash: plan.hashes.caseSet, count: plan.cases.length, source: input.caseSource },
    unsupported: [...new Set(input.unsupported ?? [])].sort(),
    warnings: plan.warnings.map((w) => w.message),
    cases: plan.cases,
    trials: [...input.records],
    metrics,
    ...(input.thresholds ? { thresholds: checkThresholds(metrics, input.thresholds) } : {}),
  };
}

/** Read a saved run report (JSON text), refusing other schema versions and malformed files with where and what. */
export function parseRunReport(text: string): RunReport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new EvalError('invalid_run_report', `run report is not JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  const version = (value as { schemaVersion?: unknown } | null)?.schemaVersion;
  if (version !== RUN_REPORT_SCHEMA_VERSION) {
    throw new EvalError('invalid_run_report', `run report schemaVersion ${JSON.stringify(version)} is not supported (expected ${RUN_REPORT_SCHEMA_VERSION})`, { field: 'schemaVersion' });
  }
  const r = RunReportSchema.safeParse(value);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    const path = issue.path.map(String).join('.');
    throw new EvalError('invalid_run_report', `run report ${path}: ${issue.message}`, { path });
  }
  verifyRunReport(r.data);
  return r.data;
}

/** The first path where two JSON values differ (`''` for the values themselves), or null. */
function firstDifference(a: unknown, b: unknown, path: string): string | null {
  if (canonicalJson(a) === canonicalJson(b)) return null;
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && Array.isArray(a) === Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const k of keys) {
      const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path === '' ? k : `${path}.${k}`);
      if (d !== null) return d;
    }
  }
  return path;
}

const short = (v: unknown) => {
  const text = JSON.stringify(v) ?? 'undefined';
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
};

/**
 * Refuse a report whose stored numbers are not the ones its own trials give: every trial's verdict must
 * agree with its error and truncation, the metrics must equal {@link computeMetrics} over the trials, and
 * the threshold outcome must equal {@link checkThresholds} over those metrics and the recorded limits. A
 * hand-edited or damaged report is an `invalid_run_report` naming the first field that disagrees, so
 * `report` never renders a rate outside its own interval and `diff` never compares numbers nobody measured.
 */
export function verifyRunReport(report: RunReport): void {
  const refuse = (path: string, what: string): never => {
    throw new EvalError('invalid_run_report', `run report ${path}: ${what}; the file was edited or damaged — re-run, or restore the file`, { path });
  };
  report.trials.forEach((t, i) => {
    const v = t.verdict;
    const expected = t.error !== null ? 'error' : t.truncated ? 'truncated' : undefined;
    if ((expected !== undefined || v.kind === 'error' || v.kind === 'truncated') && v.kind !== expected) {
      refuse(`trials.${i}.verdict.kind`, `verdict ${v.kind} does not fit the trial (${t.error !== null ? `provider error ${t.error.code}` : t.truncated ? 'truncated' : 'a model answer'})`);
    }
    if (v.scored !== (expected === undefined)) refuse(`trials.${i}.verdict.scored`, `scored is ${v.scored} for a ${v.kind} verdict`);
  });
  let metrics: RunReport['metrics'];
  try {
    metrics = computeMetrics(report.cases, report.trials, report.metrics.unreadableSchemas);
  } catch (err) {
    return refuse('trials', err instanceof Error ? err.message : String(err));
  }
  const path = firstDifference(report.metrics, metrics, 'metrics');
  if (path !== null) {
    const at = (m: unknown) => path.split('.').slice(1).reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], m);
    refuse(path, `the stored value ${short(at(report.metrics))} disagrees with the value its trials give, ${short(at(metrics))}`);
  }
  if (report.thresholds !== undefined) {
    const thresholdPath = firstDifference(report.thresholds, checkThresholds(metrics, report.thresholds.limits), 'thresholds');
    if (thresholdPath !== null) refuse(thresholdPath, 'the stored threshold outcome disagrees with the metrics and limits');
  }
}
