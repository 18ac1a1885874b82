// The rows of a dataset release, one zod schema per table, and the columns each table has in CSV and
// Parquet with their types (columns.ts: Parquet keeps lists, structs, maps and timestamps typed; CSV holds
// nested values as JSON text; JSONL, the canonical format, keeps them as they are).
import { z } from 'zod';
import { csvCell, rowValue, type ColumnType, type StructField } from './columns.js';
import { RunInputRowSchema, SuiteRowSchema, ToolDefRowSchema } from './repro-rows.js';
import { EvalCaseSchema, TrialErrorSchema, VerdictSchema } from '../contracts/eval.js';
import { ProposedCallSchema } from '../contracts/provider.js';
import { BandSchema, SeveritySchema } from '../contracts/lint-result.js';

/** The kinds of release: lint results under one rules version; one model's evaluations under comparable settings. */
export const ReleaseKindSchema = z.enum(['lint', 'evaluation']);
/** A release kind. */
export type ReleaseKind = z.infer<typeof ReleaseKindSchema>;

/** A lint release's server row: the server's latest version and its leaderboard numbers under the release's rules. */
export const LintServerRowSchema = z.strictObject({
  rank: z.number().int().positive().nullable(),
  serverId: z.string(),
  slug: z.string(),
  name: z.string(),
  source: z.string(),
  versionId: z.string(),
  versionSeq: z.number().int(),
  surfaceHash: z.string(),
  capturedAt: z.string(),
  score: z.number().nullable(),
  band: BandSchema.nullable(),
  toolCount: z.number().int(),
  critical: z.number().int(),
  required: z.number().int(),
  minor: z.number().int(),
  tokens: z.number().int(),
  /** Points earned of points possible per category, 0–100 to one decimal (null when the category gave no points possible). */
  categories: z.record(z.string(), z.number().nullable()),
});
/** A lint release's server row. */
export type LintServerRow = z.infer<typeof LintServerRowSchema>;

/** A lint release's tool row: one tool's score, band, token cost and points per category. */
export const LintToolRowSchema = z.strictObject({
  serverId: z.string(),
  versionId: z.string(),
  tool: z.string(),
  toolHash: z.string(),
  score: z.number().int(),
  band: BandSchema,
  tokens: z.number().int(),
  language: z.string(),
  categories: z.record(z.string(), z.strictObject({ points: z.number(), max: z.number() })),
});
/** A lint release's tool row. */
export type LintToolRow = z.infer<typeof LintToolRowSchema>;

/** A lint release's finding row (`tool` null for a server-level finding). */
export const LintFindingRowSchema = z.strictObject({
  serverId: z.string(),
  versionId: z.string(),
  tool: z.string().nullable(),
  code: z.string(),
  severity: SeveritySchema,
  message: z.string(),
  fields: z.array(z.string()),
});
/** A lint release's finding row. */
export type LintFindingRow = z.infer<typeof LintFindingRowSchema>;

/** An evaluation release's case row: the case as generated for one public server's version. */
export const CaseRowSchema = z.strictObject({
  serverId: z.string(),
  caseSetHash: z.string(),
  ordinal: z.number().int(),
  caseId: z.string(),
  kind: z.string(),
  language: z.string(),
  utterance: z.string(),
  expected: z.string().nullable(),
  case: EvalCaseSchema,
});
/** An evaluation release's case row. */
export type CaseRow = z.infer<typeof CaseRowSchema>;

/** An evaluation release's trial row: one case × repeat of one model run, with everything the verdict rests on. */
export const TrialRowSchema = z.strictObject({
  runId: z.string(),
  serverId: z.string(),
  caseId: z.string(),
  caseKind: z.string(),
  language: z.string(),
  utterance: z.string(),
  shownSurfaceHash: z.string().nullable(),
  order: z.array(z.string()).nullable(),
  calls: z.array(ProposedCallSchema),
  text: z.string(),
  verdict: VerdictSchema,
  verdictKind: z.string(),
  argErrorKinds: z.array(z.string()),
  truncated: z.boolean(),
  error: TrialErrorSchema.nullable(),
  inputTokens: z.number().int().nullable(),
  outputTokens: z.number().int().nullable(),
  latencyMs: z.number(),
  cached: z.boolean(),
  seed: z.number().int(),
  repeat: z.number().int().nonnegative(),
});
/** An evaluation release's trial row. */
export type TrialRow = z.infer<typeof TrialRowSchema>;

/** The leaderboard columns every metrics row has, whatever its schema version. */
const runMetricsFields = {
  runId: z.string(),
  evaluationId: z.string(),
  modelId: z.string(),
  serverId: z.string(),
  slug: z.string(),
  name: z.string(),
  versionId: z.string(),
  versionSeq: z.number().int(),
  comparabilityKey: z.string(),
  trials: z.number().int(),
  selectionAccNumerator: z.number().int(),
  selectionAccDenominator: z.number().int(),
  selectionAcc: z.number().nullable(),
  argValidityNumerator: z.number().int(),
  argValidityDenominator: z.number().int(),
  argValidity: z.number().nullable(),
  falseCallRateNumerator: z.number().int(),
  falseCallRateDenominator: z.number().int(),
  falseCallRate: z.number().nullable(),
  passRateNumerator: z.number().int(),
  passRateDenominator: z.number().int(),
  passRate: z.number().nullable(),
  metrics: z.record(z.string(), z.unknown()),
};

/**
 * Where a run of a release stands on its model's board (schema version 3): `ranked`; `incomplete` — fewer
 * than the core's MIN_ANSWERED_SHARE (95 %) of its planned trials answered, listed without a rank as the
 * boards list it; `older_version` — a run of a server version that is not the server's latest, kept as
 * history and never ranked (the boards rank each server at its latest version).
 */
export const RunStandingSchema = z.enum(['ranked', 'incomplete', 'older_version']);
/** Where a run stands on its model's board. */
export type RunStanding = z.infer<typeof RunStandingSchema>;

/** An evaluation release's per-run metrics row (schema version 3): the run's standing and place on its model's board, its answered share, its rates and full metrics. */
export const RunMetricsRowSchema = z.strictObject({
  /** The place among the `ranked` runs; null for the others. */
  rank: z.number().int().positive().nullable(),
  standing: RunStandingSchema,
  /** Why the run is not ranked, in words (null when ranked). */
  reason: z.string().nullable(),
  /** Trials with a model answer, and trials planned: the answered share the standing rests on. */
  answeredTrials: z.number().int().nonnegative(),
  plannedTrials: z.number().int().nonnegative(),
  /** The server's latest version when the release was built: a run of another version is `older_version`. */
  latestVersionId: z.string(),
  ...runMetricsFields,
});
/** An evaluation release's per-run metrics row. */
export type RunMetricsRow = z.infer<typeof RunMetricsRowSchema>;

/** A metrics row as schema versions 1 and 2 wrote it: every run ranked, whatever it answered or whichever version it ran on. */
export const RunMetricsRowV2Schema = z.strictObject({ rank: z.number().int().positive(), ...runMetricsFields });
/** A metrics row of schema version 1 or 2. */
export type RunMetricsRowV2 = z.infer<typeof RunMetricsRowV2Schema>;

/** An evaluation release's lint row: a server's score (`tool` null) or one tool's score and finding codes, under one rules version. */
export const LintFactRowSchema = z.strictObject({
  rulesId: z.string(),
  rulesHash: z.string(),
  serverId: z.string(),
  versionId: z.string(),
  tool: z.string().nullable(),
  score: z.number().nullable(),
  findingCodes: z.array(z.string()),
});
/** An evaluation release's lint row. */
export type LintFactRow = z.infer<typeof LintFactRowSchema>;

/**
 * The manifest schema version of what a build writes now: 2 added the reproducibility tables and typed
 * Parquet; 3 gave each evaluation run its standing (ranked, incomplete, older_version) with its answered
 * share, and ranks only what the live boards rank.
 */
export const CURRENT_SCHEMA_VERSION = 3;

/** One table of a release: its name (file stem), its row schema and its columns in order. */
export interface TableSpec {
  name: string;
  schema: z.ZodType;
  columns: readonly (readonly [string, ColumnType])[];
  /** The first manifest schema version with this table (absent: every version). */
  since?: number;
  /** The last manifest schema version with this form of the table (absent: every later one). */
  until?: number;
}

const cols = (schema: z.ZodObject, types: Record<string, ColumnType>): (readonly [string, ColumnType])[] =>
  Object.keys(schema.shape).map((k) => [k, types[k] ?? 'string'] as const);

const STRINGS: ColumnType = { list: 'string' };
const struct = (...fields: StructField[]): ColumnType => ({ struct: fields });
const ARG_ERROR = struct(['argument', 'string'], ['kind', 'string'], ['keyword', 'string'], ['message', 'string']);
const VERDICT = struct(
  ['kind', 'string'], ['scored', 'bool'], ['pass', 'bool'], ['selected', 'bool'], ['called', 'string'], ['argsValid', 'bool'], ['argsMatch', 'bool'],
  ['argErrors', { list: ARG_ERROR }], ['multiCall', 'bool'], ['forbiddenCalled', STRINGS], ['distractor', 'bool'],
);
const CALL = struct(['name', 'string'], ['argumentsText', 'string'], ['arguments', 'json', 'optional'], ['parseError', 'string']);
const DISTRACTOR = struct(['name', 'string'], ['hash', 'string'], ['toolCount', 'int']);
const TURN_SETTINGS = struct(['temperature', 'double', 'optional'], ['seed', 'int', 'optional'], ['reasoningEffort', 'string', 'optional'], ['maxOutputTokens', 'int'], ['toolChoice', 'string']);

const METRIC_TYPES = Object.fromEntries([
  ['rank', 'int'], ['versionSeq', 'int'], ['trials', 'int'], ['metrics', 'json'], ['answeredTrials', 'int'], ['plannedTrials', 'int'],
  ...['selectionAcc', 'argValidity', 'falseCallRate', 'passRate'].flatMap((r) => [[`${r}Numerator`, 'int'], [`${r}Denominator`, 'int'], [r, 'double']]),
]) as Record<string, ColumnType>;

/** The tables of a lint release. */
export const LINT_TABLES: readonly TableSpec[] = [
  {
    name: 'servers',
    schema: LintServerRowSchema,
    columns: cols(LintServerRowSchema, { rank: 'int', versionSeq: 'int', capturedAt: 'timestamp', score: 'double', toolCount: 'int', critical: 'int', required: 'int', minor: 'int', tokens: 'int', categories: { map: 'double' } }),
  },
  { name: 'tools', schema: LintToolRowSchema, columns: cols(LintToolRowSchema, { score: 'int', tokens: 'int', categories: { map: struct(['points', 'double'], ['max', 'double']) } }) },
  { name: 'findings', schema: LintFindingRowSchema, columns: cols(LintFindingRowSchema, { fields: STRINGS }) },
];

/** The tables of an evaluation release. */
export const EVALUATION_TABLES: readonly TableSpec[] = [
  { name: 'cases', schema: CaseRowSchema, columns: cols(CaseRowSchema, { ordinal: 'int', case: 'json' }) },
  {
    name: 'trials',
    schema: TrialRowSchema,
    columns: cols(TrialRowSchema, { order: STRINGS, calls: { list: CALL }, verdict: VERDICT, argErrorKinds: STRINGS, truncated: 'bool', error: struct(['code', 'string'], ['message', 'string']), inputTokens: 'int', outputTokens: 'int', latencyMs: 'double', cached: 'bool', seed: 'int', repeat: 'int' }),
  },
  { name: 'metrics', until: 2, schema: RunMetricsRowV2Schema, columns: cols(RunMetricsRowV2Schema, METRIC_TYPES) },
  { name: 'metrics', since: 3, schema: RunMetricsRowSchema, columns: cols(RunMetricsRowSchema, METRIC_TYPES) },
  { name: 'lint', schema: LintFactRowSchema, columns: cols(LintFactRowSchema, { score: 'double', findingCodes: STRINGS }) },
  {
    name: 'runs',
    since: 2,
    schema: RunInputRowSchema,
    columns: cols(RunInputRowSchema, { distractors: { list: DISTRACTOR }, settings: TURN_SETTINGS, request: 'json', seed: 'int', repeats: 'int', permute: 'bool', toolsShown: 'int', reproducible: 'bool', startedAt: 'timestamp', finishedAt: 'timestamp' }),
  },
  {
    name: 'tool_definitions',
    since: 2,
    schema: ToolDefRowSchema,
    columns: cols(ToolDefRowSchema, { position: 'int', shown: struct(['name', 'string'], ['description', 'string'], ['inputSchema', 'json']), definition: 'json' }),
  },
  { name: 'suite', since: 2, schema: SuiteRowSchema, columns: cols(SuiteRowSchema, { suiteVersion: 'int', step: 'int', pooled: 'bool' }) },
];

/** The tables of a release kind, as a manifest of that schema version has them (default: what a build writes now). */
export const tablesOf = (kind: ReleaseKind, schemaVersion: number = CURRENT_SCHEMA_VERSION): readonly TableSpec[] =>
  (kind === 'lint' ? LINT_TABLES : EVALUATION_TABLES).filter((t) => (t.since ?? 1) <= schemaVersion && schemaVersion <= (t.until ?? Infinity));

/** One table of a release kind as a manifest of that schema version has it (default: what a build writes now). */
export const tableOf = (kind: ReleaseKind, name: string, schemaVersion: number = CURRENT_SCHEMA_VERSION): TableSpec => {
  const spec = tablesOf(kind, schemaVersion).find((t) => t.name === name);
  if (spec === undefined) throw new RangeError(`no table ${name} in a ${kind} release of schema version ${schemaVersion}`);
  return spec;
};

/** A row as a flat record of CSV cells: nested values as JSON text, null kept. */
export function flatRow(spec: TableSpec, row: Record<string, unknown>): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = {};
  for (const [name, type] of spec.columns) out[name] = csvCell(type, row[name]);
  return out;
}

/** A record read back from CSV (cells as text: an unquoted empty field null, `""` an empty string) or Parquet (typed) as the row it was. */
export function unflatRow(spec: TableSpec, flat: Record<string, unknown>, from: 'csv' | 'parquet' = 'csv'): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, type] of spec.columns) out[name] = rowValue(type, flat[name], from);
  return out;
}
