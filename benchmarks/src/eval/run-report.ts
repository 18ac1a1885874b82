import { RUN_REPORT_SCHEMA_VERSION, RunReportSchema, type RunReport, type TrialRecord } from '../contracts/eval.js';
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
  return r.data;
}
