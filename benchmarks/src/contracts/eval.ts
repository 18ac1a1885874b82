import { z } from 'zod';
import { ProposedCallSchema, ProviderErrorCodeSchema, TurnSettingsSchema } from './provider.js';

/**
 * Contracts of the evaluation engine: cases, task sets, trial records, verdicts, metrics, the run report
 * and the diff of two runs. The runner (server/) produces them with the pure functions of `src/eval/`;
 * the run report is the saved JSON file `toolmark report` and `toolmark diff` read back.
 */

/** Languages of utterances. */
export const CaseLanguageSchema = z.enum(['en', 'ja']);
/** A language of utterances. */
export type CaseLanguage = z.infer<typeof CaseLanguageSchema>;

/** Case kinds: generated (tool-directed, confusable, no-call) or hand-written (`task`). */
export const CaseKindSchema = z.enum(['tool-directed', 'confusable', 'no-call', 'task']);
/** A case kind. */
export type CaseKind = z.infer<typeof CaseKindSchema>;

/** Where a case came from: the offline generator, a generator model, a task-set file, a seeded mutation. */
export const CaseSourceSchema = z.enum(['offline', 'model', 'file', 'mutation']);
/** Where a case came from. */
export type CaseSource = z.infer<typeof CaseSourceSchema>;

/** A numeric range an argument must fall in (either bound may be absent, both inclusive). */
export const ArgRangeSchema = z.strictObject({ min: z.number().optional(), max: z.number().optional() });
/** A set of allowed values. */
export const ArgOneOfSchema = z.strictObject({ oneOf: z.array(z.unknown()).min(1) });
/** A literal value written as an object (so it is not read as a range or a set). */
export const ArgEqualsSchema = z.strictObject({ equals: z.unknown() });

/**
 * A partial expectation on one argument: a literal (strings compared after NFC, trim and case folding;
 * numbers by value; arrays and objects structurally), `{min,max}`, `{oneOf:[…]}` or `{equals: value}`.
 */
export const ArgExpectationSchema = z.union([ArgRangeSchema, ArgOneOfSchema, ArgEqualsSchema, z.unknown()]);
/** A partial expectation on one argument. */
export type ArgExpectation = z.infer<typeof ArgExpectationSchema>;

/** One expected call of a sequence: the tool and, optionally, partial arguments (only listed keys compared). Unknown keys are errors. */
export const ExpectedCallSchema = z.strictObject({
  name: z.string().min(1),
  args: z.record(z.string(), ArgExpectationSchema).optional(),
});
/** One expected call. */
export type ExpectedCall = z.infer<typeof ExpectedCallSchema>;

/** One evaluation case: an utterance and what should happen. */
export const EvalCaseSchema = z.object({
  id: z.string().min(1),
  kind: CaseKindSchema,
  language: CaseLanguageSchema,
  source: CaseSourceSchema,
  utterance: z.string().min(1),
  /** The tool the case was written for (the confusion row), or null: no tool should be called. */
  expected: z.string().nullable(),
  /** Partial arguments expected of the call to `expected`. */
  args: z.record(z.string(), ArgExpectationSchema).optional(),
  /** An ordered sequence that must appear as an order-preserving subsequence of the calls. */
  expect: z.array(ExpectedCallSchema).optional(),
  /** Tools whose call fails the case. */
  forbid: z.array(z.string()).optional(),
  tier: z.string().optional(),
  tags: z.array(z.string()).optional(),
  /** For a confusable case: the other tool of the pair. */
  pairedWith: z.string().optional(),
});
/** One evaluation case. */
export type EvalCase = z.infer<typeof EvalCaseSchema>;

/** One task of a task-set file (YAML/JSON), as written. */
export const TaskSchema = z.strictObject({
  id: z.string().min(1),
  prompt: z.string().min(1),
  /** Required key: a tool name, or null when no tool should be called. */
  expected: z.string().min(1).nullable(),
  tags: z.array(z.string()).optional(),
  tier: z.string().min(1).optional(),
  args: z.record(z.string(), ArgExpectationSchema).optional(),
  expect: z.array(ExpectedCallSchema).min(1).optional(),
  forbid: z.array(z.string().min(1)).optional(),
  language: CaseLanguageSchema.optional(),
});
/** One task as written in a task-set file. */
export type Task = z.infer<typeof TaskSchema>;

/** A task-set file: version 1 and its tasks. */
export const TaskSetSchema = z.strictObject({
  version: z.literal(1),
  /** Tiers declared for the set, e.g. `{ read: { readOnly: true } }`; tasks may only use declared tiers when any are declared. */
  tiers: z.record(z.string(), z.strictObject({ description: z.string().optional(), readOnly: z.boolean().optional() })).optional(),
  tasks: z.array(TaskSchema),
});
/** A task-set file. */
export type TaskSet = z.infer<typeof TaskSetSchema>;

/** How an argument failed: missing, wrong type, a value not allowed, or arguments that are not JSON. */
export const ArgErrorKindSchema = z.enum(['missing', 'wrong_type', 'not_allowed', 'not_json']);
/** How an argument failed. */
export type ArgErrorKind = z.infer<typeof ArgErrorKindSchema>;

/** One argument error: which argument (JSON pointer below the arguments; '' for the whole) and how. */
export const ArgErrorSchema = z.object({
  argument: z.string(),
  kind: ArgErrorKindSchema,
  /** The JSON-Schema keyword that failed (`required`, `type`, `enum`, `maximum`, …) or `json`/`expect`. */
  keyword: z.string(),
  message: z.string(),
});
/** One argument error. */
export type ArgError = z.infer<typeof ArgErrorSchema>;

/**
 * Verdict of a trial. Selection: `correct`, `wrong_tool`, `phantom` (a tool not shown), `abstained`,
 * `extra_calls` (the expected tool first, then calls of other, non-read-only tools), `sequence_mismatch`;
 * no-call cases: `correct_abstention`, `over_triggered`; both: `forbidden`; excluded: `truncated`, `error`.
 */
export const VerdictKindSchema = z.enum([
  'correct',
  'wrong_tool',
  'phantom',
  'abstained',
  'extra_calls',
  'sequence_mismatch',
  'correct_abstention',
  'over_triggered',
  'forbidden',
  'truncated',
  'error',
]);
/** The verdict kind of a trial. */
export type VerdictKind = z.infer<typeof VerdictKindSchema>;

/** The judgement of one trial. */
export const VerdictSchema = z.object({
  kind: VerdictKindSchema,
  /** Counted in the metrics (false for truncated and error trials). */
  scored: z.boolean(),
  /** The case passed: right selection, valid and matching arguments where checkable, nothing forbidden. */
  pass: z.boolean(),
  /** The expected tool was selected by the documented rule (null for no-call cases and excluded trials). */
  selected: z.boolean().nullable(),
  /** The confusion column: a tool name, `(none)`, `(phantom)` or `(multiple calls)`. */
  called: z.string(),
  /** The selected call's arguments validate against the schema; null when not checked (not selected, unreadable schema). */
  argsValid: z.boolean().nullable(),
  /** The partial argument expectations hold; null when the case has none or nothing was selected. */
  argsMatch: z.boolean().nullable(),
  argErrors: z.array(ArgErrorSchema),
  /** More than one call to different tools in the turn, outside what the case expects. */
  multiCall: z.boolean(),
  /** Names of forbidden tools that were called. */
  forbiddenCalled: z.array(z.string()),
  /** The selected/first tool came from a distractor set. */
  distractor: z.boolean(),
});
/** The judgement of one trial. */
export type Verdict = z.infer<typeof VerdictSchema>;

/** A provider failure recorded with a trial. */
export const TrialErrorSchema = z.object({ code: ProviderErrorCodeSchema, message: z.string() });

/** One trial as saved in a run report: the case, the repeat index, the normalised answer and its verdict. */
export const TrialRecordSchema = z.object({
  caseId: z.string(),
  /** 0-based repeat index of this case (pairs trials of two runs in a diff). */
  trialIndex: z.number().int().nonnegative(),
  /** Names of the tools in the order shown. Omitted when the run was not permuted. */
  order: z.array(z.string()).optional(),
  calls: z.array(ProposedCallSchema),
  text: z.string(),
  truncated: z.boolean(),
  error: TrialErrorSchema.nullable(),
  usage: z.object({ inputTokens: z.number().int().nullable(), outputTokens: z.number().int().nullable() }),
  latencyMs: z.number().nonnegative(),
  cached: z.boolean(),
  verdict: VerdictSchema,
});
/** One trial as saved. */
export type TrialRecord = z.infer<typeof TrialRecordSchema>;

/** A rate with its counts and Wilson 95 % interval; `value` and `ci95` are null when nothing counts ("—"). */
export const RateSchema = z.object({
  numerator: z.number().int().nonnegative(),
  denominator: z.number().int().nonnegative(),
  value: z.number().min(0).max(1).nullable(),
  ci95: z.tuple([z.number(), z.number()]).nullable(),
});
/** A rate with counts and interval. */
export type Rate = z.infer<typeof RateSchema>;

/** One cell of the confusion matrix. */
export const ConfusionCellSchema = z.object({ expected: z.string(), called: z.string(), count: z.number().int().positive() });

/** Confusion matrix: rows = tool the case was written for (`(none)` for no-call), columns = tool called. */
export const ConfusionSchema = z.object({
  rows: z.array(z.string()),
  columns: z.array(z.string()),
  cells: z.array(ConfusionCellSchema),
});
/** A confusion matrix. */
export type Confusion = z.infer<typeof ConfusionSchema>;

/** Provider errors of one kind: how many trials ended in it, and the first few (case, repeat, message). */
export const ProviderErrorGroupSchema = z.object({
  code: ProviderErrorCodeSchema,
  count: z.number().int().positive(),
  examples: z.array(z.object({ caseId: z.string(), trialIndex: z.number().int().nonnegative(), message: z.string() })),
});
/** Provider errors of one kind. */
export type ProviderErrorGroup = z.infer<typeof ProviderErrorGroupSchema>;

/** The metrics of one run. */
export const MetricsSchema = z.object({
  trials: z.number().int().nonnegative(),
  scored: z.number().int().nonnegative(),
  truncated: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative(),
  selectionAcc: RateSchema,
  argValidity: RateSchema,
  falseCallRate: RateSchema,
  /** Share of scored trials that passed (selection, arguments, expectations, nothing forbidden). */
  passRate: RateSchema,
  /** Share of scored trials with unexpected calls to several tools. */
  multiCallRate: RateSchema,
  /** Share of all trials ending in a provider error (an HTTP failure or a 200 body that is not a model answer). */
  errorRate: RateSchema,
  /** The provider errors by kind, most frequent first, with examples: never counted as the model's choice. */
  providerErrors: z.array(ProviderErrorGroupSchema),
  /** Repeats per case (k), and over cases with k scored trials: some pass (pass@k) and all pass (pass^k). */
  k: z.number().int().nonnegative(),
  passAtK: RateSchema,
  passHatK: RateSchema,
  byTier: z.record(z.string(), RateSchema),
  byKind: z.record(z.string(), RateSchema),
  byLanguage: z.record(z.string(), RateSchema),
  verdicts: z.record(z.string(), z.number().int().nonnegative()),
  confusion: ConfusionSchema,
  /** Tools whose input schema could not be compiled: their calls are excluded from argValidity. */
  unreadableSchemas: z.array(z.object({ tool: z.string(), reason: z.string() })),
});
/** The metrics of one run. */
export type Metrics = z.infer<typeof MetricsSchema>;

/** A distractor set as recorded in a report. */
export const DistractorRefSchema = z.object({ name: z.string(), hash: z.string(), toolCount: z.number().int().nonnegative() });

/** Everything that makes two runs comparable (a diff refuses when any field differs). */
export const RunConditionsSchema = z.object({
  provider: z.string(),
  /** Endpoint base URL (origin and path, no trailing slash), or null for offline providers (lexical, mock). */
  endpoint: z.string().nullable(),
  model: z.string(),
  /** The provider's non-secret request fingerprint (provider id, endpoint, adapter options). */
  providerFingerprint: z.string(),
  settings: TurnSettingsSchema,
  seed: z.number().int(),
  repeats: z.number().int().positive(),
  permute: z.boolean(),
  caseSetHash: z.string(),
});
/** Conditions of a run. */
export type RunConditions = z.infer<typeof RunConditionsSchema>;

/** Threshold outcome of a run (the CLI's exit code 1 / 2). */
export const ThresholdCheckSchema = z.object({
  /** The limits checked (so a reader can recompute the outcome from the metrics). */
  limits: z.object({ minAccuracy: z.number().optional(), maxFalseCalls: z.number().optional(), maxErrorRate: z.number(), minScored: z.number().int() }),
  ok: z.boolean(),
  /** True when the failure is an execution problem (error rate, too few scored): exit 2 rather than 1. */
  executionFailure: z.boolean(),
  failures: z.array(z.object({ threshold: z.string(), limit: z.number(), actual: z.number().nullable(), message: z.string() })),
});
/** Threshold outcome. */
export type ThresholdCheck = z.infer<typeof ThresholdCheckSchema>;

/**
 * Current version of the run report schema. 2: provider errors by kind in the metrics; endpoints are full
 * base URLs; answers are classified (version 1 reports may hold provider errors scored as answers).
 */
export const RUN_REPORT_SCHEMA_VERSION = 2;

/** The saved JSON run report: everything needed to reproduce and compare the run. */
export const RunReportSchema = z.object({
  schemaVersion: z.literal(RUN_REPORT_SCHEMA_VERSION),
  kind: z.literal('toolmark-run'),
  /** The code version (git sha or package version), passed in by the adapter. */
  codeVersion: z.string(),
  startedAt: z.string(),
  finishedAt: z.string(),
  /** True for the lexical baseline router: labelled "baseline" everywhere. */
  baseline: z.boolean(),
  conditions: RunConditionsSchema,
  surface: z.object({ hash: z.string(), toolCount: z.number().int().nonnegative(), name: z.string().optional() }),
  distractors: z.array(DistractorRefSchema),
  /** Hash of everything shown (server + distractors, canonical order) — the cache's surface hash. */
  shownSurfaceHash: z.string(),
  /** sha256 of the system text sent with every trial. */
  systemHash: z.string(),
  caseSet: z.object({ hash: z.string(), count: z.number().int().nonnegative(), source: z.string() }),
  /** Settings a provider does not honour, e.g. `seed` on Anthropic. */
  unsupported: z.array(z.string()),
  warnings: z.array(z.string()),
  cases: z.array(EvalCaseSchema),
  trials: z.array(TrialRecordSchema),
  metrics: MetricsSchema,
  thresholds: ThresholdCheckSchema.optional(),
});
/** The saved JSON run report. */
export type RunReport = z.infer<typeof RunReportSchema>;

/** A metric's change between two runs. */
export const MetricDeltaSchema = z.object({ base: RateSchema, head: RateSchema, delta: z.number().nullable() });

/** The diff of two comparable runs. */
export const RunDiffSchema = z.object({
  pairs: z.number().int().nonnegative(),
  /** Pairs where base passed and head failed / base failed and head passed. */
  regressed: z.number().int().nonnegative(),
  improved: z.number().int().nonnegative(),
  /** Exact two-sided paired sign test over the discordant pairs; null when there are none. */
  pValue: z.number().min(0).max(1).nullable(),
  significant: z.boolean(),
  selectionAcc: MetricDeltaSchema,
  argValidity: MetricDeltaSchema,
  falseCallRate: MetricDeltaSchema,
  multiCallRate: MetricDeltaSchema,
  /** Pairs where head made unexpected multi-calls and base did not, and the reverse; with its sign test. */
  multiCall: z.object({ increased: z.number().int(), decreased: z.number().int(), pValue: z.number().nullable() }),
  /** True when head is distinguishably worse: significant and more regressions, or more multi-calls. */
  regression: z.boolean(),
  reasons: z.array(z.string()),
  cases: z.array(z.object({ caseId: z.string(), trialIndex: z.number().int(), change: z.enum(['regressed', 'improved']), base: VerdictKindSchema, head: VerdictKindSchema })),
  /** Trials present in only one run (not paired). */
  unpaired: z.number().int().nonnegative(),
});
/** The diff of two runs. */
export type RunDiff = z.infer<typeof RunDiffSchema>;
