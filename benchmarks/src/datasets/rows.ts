// The rows of a dataset release, one zod schema per table, and the columns each table has in CSV and
// Parquet (nested values there are JSON text; JSONL, the canonical format, keeps them nested).
import { z } from 'zod';
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

/** An evaluation release's per-run metrics row: the leaderboard's numbers and the run's full metrics. */
export const RunMetricsRowSchema = z.strictObject({
  rank: z.number().int().positive(),
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
});
/** An evaluation release's per-run metrics row. */
export type RunMetricsRow = z.infer<typeof RunMetricsRowSchema>;

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

/** How a column is stored in CSV and Parquet. */
export type ColumnType = 'string' | 'int' | 'double' | 'bool' | 'json';

/** One table of a release: its name (file stem), its row schema and its columns in order. */
export interface TableSpec {
  name: string;
  schema: z.ZodType;
  columns: readonly (readonly [string, ColumnType])[];
}

const cols = (schema: z.ZodObject, types: Record<string, ColumnType>): (readonly [string, ColumnType])[] =>
  Object.keys(schema.shape).map((k) => [k, types[k] ?? 'string'] as const);

/** The tables of a lint release. */
export const LINT_TABLES: readonly TableSpec[] = [
  { name: 'servers', schema: LintServerRowSchema, columns: cols(LintServerRowSchema, { rank: 'int', versionSeq: 'int', score: 'double', toolCount: 'int', critical: 'int', required: 'int', minor: 'int', tokens: 'int', categories: 'json' }) },
  { name: 'tools', schema: LintToolRowSchema, columns: cols(LintToolRowSchema, { score: 'int', tokens: 'int', categories: 'json' }) },
  { name: 'findings', schema: LintFindingRowSchema, columns: cols(LintFindingRowSchema, { fields: 'json' }) },
];

/** The tables of an evaluation release. */
export const EVALUATION_TABLES: readonly TableSpec[] = [
  { name: 'cases', schema: CaseRowSchema, columns: cols(CaseRowSchema, { ordinal: 'int', case: 'json' }) },
  {
    name: 'trials',
    schema: TrialRowSchema,
    columns: cols(TrialRowSchema, { order: 'json', calls: 'json', verdict: 'json', argErrorKinds: 'json', truncated: 'bool', error: 'json', inputTokens: 'int', outputTokens: 'int', latencyMs: 'double', cached: 'bool', seed: 'int', repeat: 'int' }),
  },
  {
    name: 'metrics',
    schema: RunMetricsRowSchema,
    columns: cols(RunMetricsRowSchema, Object.fromEntries([
      ['rank', 'int'], ['versionSeq', 'int'], ['trials', 'int'], ['metrics', 'json'],
      ...['selectionAcc', 'argValidity', 'falseCallRate', 'passRate'].flatMap((r) => [[`${r}Numerator`, 'int'], [`${r}Denominator`, 'int'], [r, 'double']]),
    ]) as Record<string, ColumnType>),
  },
  { name: 'lint', schema: LintFactRowSchema, columns: cols(LintFactRowSchema, { score: 'double', findingCodes: 'json' }) },
];

/** The tables of a release kind. */
export const tablesOf = (kind: ReleaseKind): readonly TableSpec[] => (kind === 'lint' ? LINT_TABLES : EVALUATION_TABLES);

/** A row as a flat record of CSV/Parquet cells: nested values as JSON text, null kept. */
export function flatRow(spec: TableSpec, row: Record<string, unknown>): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = {};
  for (const [name, type] of spec.columns) {
    const v = row[name];
    out[name] = v === null || v === undefined ? null : type === 'json' ? JSON.stringify(v) : (v as string | number | boolean);
  }
  return out;
}

/** A flat record read back from CSV or Parquet as the row it was (JSON cells parsed, numbers and booleans restored). */
export function unflatRow(spec: TableSpec, flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, type] of spec.columns) {
    const v = flat[name];
    if (v === null || v === undefined || v === '') {
      out[name] = type === 'string' && v === '' ? '' : null;
      continue;
    }
    if (type === 'json') out[name] = typeof v === 'string' ? JSON.parse(v) : v;
    else if (type === 'int' || type === 'double') out[name] = typeof v === 'bigint' ? Number(v) : Number(v);
    else if (type === 'bool') out[name] = v === true || v === 'true';
    else out[name] = String(v);
  }
  return out;
}
