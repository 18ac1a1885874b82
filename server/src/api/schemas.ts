// Shapes shared by several routes; request and response schemas that belong to one route live in its file.
import { z } from 'zod';
import { LintResultSchema } from '@toolmark/benchmarks';

/** A timestamp: a Date in handlers, an ISO 8601 string on the wire (and in the OpenAPI document). */
export const TimestampSchema = z.codec(z.iso.datetime(), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/** The error shape, for the OpenAPI document. */
export const ErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), detail: z.record(z.string(), z.unknown()) }),
});

/** Error responses every authenticated route may give. */
export const authErrors = { 401: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema } as const;

export const IdParamsSchema = z.object({ id: z.uuid({ error: 'must be a UUID' }) });

/** Paging: `limit` 1–100 (default 20), `offset` ≥ 0. */
export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const KeyPurposeSchema = z.enum(['admin', 'ci', 'script', 'agent']);

export const ApiKeySchema = z.object({
  id: z.string(),
  organisationId: z.string(),
  purpose: KeyPurposeSchema,
  name: z.string(),
  prefix: z.string(),
  createdAt: TimestampSchema,
  lastUsedAt: TimestampSchema.nullable(),
  revokedAt: TimestampSchema.nullable(),
});

export const VersionScoreSchema = z.object({
  rulesId: z.string(),
  rulesHash: z.string(),
  score: z.number().nullable(),
  band: z.string().nullable(),
  critical: z.number(),
  required: z.number(),
  minor: z.number(),
  tokens: z.number(),
  createdAt: TimestampSchema,
});

/** A version of a server as stored (without its tools). */
export const VersionSchema = z.object({
  id: z.string(),
  seq: z.number(),
  surfaceHash: z.string(),
  label: z.string().nullable(),
  toolCount: z.number(),
  origin: z.string(),
  capturedAt: TimestampSchema,
});

/** A version in a server's list: with its scores per rules version. */
export const VersionSummarySchema = VersionSchema.extend({ scores: z.array(VersionScoreSchema) });

export const ServerSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  source: z.enum(['url', 'npm', 'upload']),
  sourceUrl: z.string().nullable(),
  sourcePackage: z.string().nullable(),
  homepage: z.string().nullable(),
  repository: z.string().nullable(),
  organisationId: z.string(),
  public: z.boolean(),
  latestVersionId: z.string().nullable(),
  captureStatus: z.string().nullable(),
  captureError: z.unknown().nullable(),
  lastCapturedAt: TimestampSchema.nullable(),
  createdAt: TimestampSchema,
});

export const VersionRefSchema = z.object({ id: z.string(), seq: z.number(), label: z.string().nullable() });

/** A stored lint result with the version it scores. */
export const StoredLintSchema = LintResultSchema.extend({
  version: VersionRefSchema.extend({ capturedAt: TimestampSchema }),
});
