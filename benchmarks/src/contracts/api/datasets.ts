import { z } from 'zod';
import { ManifestFileSchema, ManifestSchema } from '../../datasets/manifest.js';
import { ReleaseKindSchema } from '../../datasets/rows.js';
import { ValidityTableSchema } from '../../datasets/validity.js';
import { SlugSchema, storedText, TimestampSchema } from './common.js';
import { authErrors, bodyErrors, ErrorSchema, unavailable } from './errors.js';

/** `GET /v1/datasets` query: one kind, or only each kind and key's latest release. */
export const DatasetsQuerySchema = z.strictObject({
  kind: ReleaseKindSchema.optional(),
  latest: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
});

/** A release in the list: what it holds, its size, formats, licence, files with their URLs, and the command to verify it. */
export const ReleaseSummarySchema = z.object({
  id: z.string(),
  kind: ReleaseKindSchema,
  key: z.string(),
  version: z.number().int(),
  /** The newest published, not withdrawn release of its kind and key (the `latest` pointer). */
  latest: z.boolean(),
  createdAt: TimestampSchema,
  publishedAt: TimestampSchema,
  bytes: z.number().int(),
  license: z.string(),
  codeVersion: z.string(),
  rules: z.array(z.object({ id: z.string(), hash: z.string() })),
  models: z.array(z.object({ id: z.string(), baseline: z.boolean() })),
  settings: z.record(z.string(), z.unknown()).nullable(),
  rows: z.record(z.string(), z.number().int()),
  formats: z.array(z.string()),
  files: z.array(ManifestFileSchema.extend({ url: z.string() })),
  /** Every URL to fetch for a folder that verifies: the files, `manifest.json` and `manifest.json.sig`. */
  downloads: z.array(z.string()),
  url: z.string(),
  verifyCommand: z.string(),
  citation: z.string(),
  validity: ValidityTableSchema.nullable(),
  /** Set when the release was withdrawn (a server it held went private, was deleted or was withdrawn by the operator): its files answer 410, its manifest stays. */
  withdrawn: z.object({ at: TimestampSchema, code: z.enum(['server_private', 'server_deleted', 'operator']), reason: z.string() }).nullable(),
});
/** A release in the list. */
export type ReleaseSummary = z.infer<typeof ReleaseSummarySchema>;

/** `GET /v1/datasets`. */
export const DatasetsListSchema = z.object({ items: z.array(ReleaseSummarySchema) });

/** A release id in a path. */
// A release id or file name reaches the releases lookup: a NUL or another control character is a 400 naming
// the parameter or field (as every stored text), never a statement PostgreSQL refuses (22021, a 500).
const ReleasePathSegment = storedText(200, { min: 1, trim: false });
export const ReleaseParamsSchema = z.object({ id: ReleasePathSegment });
/** A release file in a path. */
export const ReleaseFileParamsSchema = z.object({ id: ReleasePathSegment, file: ReleasePathSegment });

/** `POST /v1/datasets/builds` body: build every kind or one. */
export const DatasetBuildBodySchema = z.strictObject({ kind: ReleaseKindSchema.optional() }).default({});
/** `POST /v1/datasets/builds`: whether a build was queued (false: one is already waiting). */
export const DatasetBuildAnswerSchema = z.object({ queued: z.boolean(), jobId: z.string().nullable() });

/** `POST /v1/datasets/withdrawals` body: a server (id or slug: it leaves every release, now and in every later build) or one release, and the reason listed beside it (public). */
export const DatasetWithdrawalBodySchema = z
  .strictObject({
    server: z.union([z.uuid(), SlugSchema], { error: 'must be a UUID or a slug' }).optional(),
    release: ReleasePathSegment.optional(),
    reason: storedText(300, { min: 1 }),
  })
  .refine((b) => (b.server === undefined) !== (b.release === undefined), { error: 'name exactly one of server or release', path: ['server'] });
/** `POST /v1/datasets/withdrawals`: the releases withdrawn now, and the rebuild queued (a server's withdrawal only; false: a build is already waiting, which does it). */
export const DatasetWithdrawalAnswerSchema = z.object({ withdrawn: z.array(z.string()), queued: z.boolean(), jobId: z.string().nullable() });

/** `GET /.well-known/toolmark-datasets-keys.json`: the public keys the instance's manifests are signed with (Ed25519, SPKI PEM). */
export const DatasetKeySetSchema = z.object({ keys: z.array(z.object({ keyId: z.string(), algorithm: z.literal('ed25519'), publicKey: z.string(), createdAt: TimestampSchema })) });

/** Dataset releases: list, manifest, files (ETag, Repr-Digest, Range), and the operator's build and withdrawal requests. */
export const datasetsEndpoints = {
  'GET /v1/datasets': { querystring: DatasetsQuerySchema, response: { 200: DatasetsListSchema, 400: ErrorSchema, ...authErrors, ...unavailable } },
  'GET /v1/datasets/{id}': { params: ReleaseParamsSchema, response: { 200: ManifestSchema, 404: ErrorSchema, ...authErrors, ...unavailable } },
  'GET /v1/datasets/{id}/files/{file}': {
    params: ReleaseFileParamsSchema,
    response: {
      200: z.unknown().describe('the file (JSONL, CSV, Parquet, Markdown, CFF or the manifest JSON)'),
      206: z.unknown().describe('the requested byte range of the file'),
      304: z.null(),
      404: ErrorSchema,
      410: ErrorSchema.describe('the release was withdrawn (its manifest is still served)'),
      416: ErrorSchema,
      ...authErrors,
      ...unavailable,
    },
  },
  'POST /v1/datasets/builds': { body: DatasetBuildBodySchema, response: { 202: DatasetBuildAnswerSchema, ...bodyErrors, ...authErrors, ...unavailable } },
  'GET /.well-known/toolmark-datasets-keys.json': { response: { 200: DatasetKeySetSchema, ...authErrors, ...unavailable } },
  'POST /v1/datasets/withdrawals': { body: DatasetWithdrawalBodySchema, response: { 202: DatasetWithdrawalAnswerSchema, 404: ErrorSchema, ...bodyErrors, ...authErrors, ...unavailable } },
};
