import { z } from 'zod';
import { LATEST_RULES } from '../../rules/registry.js';
import { LintChangesSchema } from '../lint-changes.js';
import { LintResultSchema } from '../lint-result.js';
import { IdParamsSchema, RulesHashSchema, RulesIdSchema, RulesRefSchema, TimestampSchema } from './common.js';
import { authErrors, ErrorSchema, unavailable } from './errors.js';
import { SecurityStatusSchema } from './security.js';

/** A version's score under one rules version (id + hash). */
export const VersionScoreSchema = z.object({
  rulesId: z.string(),
  rulesHash: z.string(),
  score: z.number().nullable(),
  band: z.string().nullable(),
  critical: z.number(),
  required: z.number(),
  minor: z.number(),
  security: SecurityStatusSchema,
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

/** `GET /v1/versions/{id}`: a version with its server and its tools exactly as captured. */
export const VersionDetailSchema = VersionSchema.extend({ serverId: z.string(), tools: z.unknown() });

/** Which version a result scores. */
export const VersionRefSchema = z.object({ id: z.string(), seq: z.number(), label: z.string().nullable() });

/** A stored lint result with the version it scores and its security status. */
export const StoredLintSchema = LintResultSchema.extend({
  version: VersionRefSchema.extend({ capturedAt: TimestampSchema }),
  security: SecurityStatusSchema,
});

/** Query of `GET /v1/versions/{id}/lint`. */
export const VersionLintQuerySchema = z.object({ rules: RulesIdSchema.default(LATEST_RULES), hash: RulesHashSchema.optional() });

/** Query of `GET /v1/versions/{id}/diff`. */
export const VersionDiffQuerySchema = z.object({
  base: z.uuid({ error: 'must be a UUID' }),
  rules: RulesIdSchema.default(LATEST_RULES),
  hash: RulesHashSchema.optional(),
});

/** One side of a diff. */
export const VersionSideSchema = VersionRefSchema.extend({ capturedAt: TimestampSchema, score: z.number().nullable(), band: z.string().nullable(), toolCount: z.number() });

/** `GET /v1/versions/{id}/diff`: two versions of a server compared under one rules version. */
export const VersionDiffSchema = z.object({ rules: RulesRefSchema, base: VersionSideSchema, target: VersionSideSchema, changes: LintChangesSchema });

/** Versions of servers. */
export const versionsEndpoints = {
  'GET /v1/versions/{id}': { params: IdParamsSchema, response: { 200: VersionDetailSchema, 400: ErrorSchema, 404: ErrorSchema, ...authErrors, ...unavailable } },
  'GET /v1/versions/{id}/lint': {
    params: IdParamsSchema,
    querystring: VersionLintQuerySchema,
    response: { 200: StoredLintSchema, 400: ErrorSchema, 404: ErrorSchema, ...authErrors, ...unavailable },
  },
  'GET /v1/versions/{id}/diff': {
    params: IdParamsSchema,
    querystring: VersionDiffQuerySchema,
    response: { 200: VersionDiffSchema, 400: ErrorSchema, 404: ErrorSchema, ...authErrors, ...unavailable },
  },
};
