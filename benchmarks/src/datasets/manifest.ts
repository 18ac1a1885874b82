// The manifest of a release: what was run (rules, distractor sets, models with their request settings,
// seeds, code version), when, how many rows each table has and the sha256 of every file.
import { z } from 'zod';
import { ReleaseKindSchema } from './rows.js';
import { ValidityTableSchema } from './validity.js';

/** The formats a table is published in; JSONL is canonical (verify reads it). */
export const TABLE_FORMATS = ['jsonl', 'csv', 'parquet'] as const;
/** A table format. */
export type TableFormat = (typeof TABLE_FORMATS)[number];

/** One file of a release. */
export const ManifestFileSchema = z.strictObject({
  path: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/),
  /** The table it holds (null for the card and the citation). */
  table: z.string().nullable(),
  format: z.enum(['jsonl', 'csv', 'parquet', 'markdown', 'cff']),
  rows: z.number().int().nonnegative().nullable(),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
/** One file of a release. */
export type ManifestFile = z.infer<typeof ManifestFileSchema>;

/** A model as run: catalogue id, provider, fingerprint and every request setting recorded at start. */
export const ManifestModelSchema = z.strictObject({
  id: z.string(),
  provider: z.string(),
  baseline: z.boolean(),
  fingerprint: z.string(),
  settings: z.record(z.string(), z.unknown()),
});

/** The manifest of one release. */
export const ManifestSchema = z.strictObject({
  /**
   * 1: the first tables; 2: evaluation releases add runs, tool_definitions and suite, and Parquet is typed;
   * 3: each evaluation run has its standing (ranked, incomplete, older_version), its answered share and a
   * rank only when ranked (tablesOf gives each version's tables). Verify reads every version.
   */
  schemaVersion: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  kind: ReleaseKindSchema,
  /** What releases of this kind are kept apart by (`v1:<hash>` for lint; model and comparable settings for evaluations). */
  key: z.string(),
  /** 1, 2, 3… per kind and key. */
  version: z.number().int().positive(),
  /** `<kind>-<key slug>-v<version>`: the release's id in URLs and file names. */
  id: z.string(),
  createdAt: z.string(),
  codeVersion: z.string(),
  license: z.string(),
  rules: z.array(z.strictObject({ id: z.string(), hash: z.string() })),
  distractorSets: z.array(z.strictObject({ name: z.string(), hash: z.string(), toolCount: z.number().int() })),
  models: z.array(ManifestModelSchema),
  /** The comparable settings of an evaluation release (distractor sets, language, generator, cases per tool, repeats); null for lint. */
  settings: z.record(z.string(), z.unknown()).nullable(),
  /** The run seeds the trials were drawn with (sorted, distinct). */
  seeds: z.array(z.number().int()),
  /** Rows per table. */
  rows: z.record(z.string(), z.number().int().nonnegative()),
  files: z.array(ManifestFileSchema),
  /** How the CSV files are written (schema version 2): `bom` — they start with a UTF-8 byte order mark. Null is an empty field, an empty string `""`. */
  csv: z.strictObject({ bom: z.boolean() }).optional(),
  /**
   * Evaluation releases of schema version 3: how many runs are ranked, listed as incomplete (fewer than
   * `minAnsweredShare` of their planned trials answered) and kept as history of an older server version
   * (recomputed by verify from the metrics rows).
   */
  standings: z.strictObject({ minAnsweredShare: z.number(), ranked: z.number().int().nonnegative(), incomplete: z.number().int().nonnegative(), olderVersion: z.number().int().nonnegative() }).optional(),
  /** Evaluation releases: does the lint score predict the model's accuracy (recomputed by verify; from schema version 3 over the ranked runs only). */
  validity: ValidityTableSchema.nullable(),
});
/** The manifest of one release. */
export type Manifest = z.infer<typeof ManifestSchema>;

/** The file name of a table in a format. */
export const tableFile = (table: string, format: TableFormat): string => `${table}.${format}`;

/** A release id from its kind, key and version: lower-case letters, digits and dashes only. */
export function releaseId(kind: string, key: string, version: number): string {
  const slug = key.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80);
  return `${kind}-${slug}-v${version}`;
}
