import { z } from 'zod';
import { LATEST_RULES } from '../../rules/registry.js';
import { LintChangesSchema } from '../lint-changes.js';
import { BandSchema, FindingSchema, LintResultSchema } from '../lint-result.js';
import { IdOrSlugParamsSchema, PageQuerySchema, RulesIdSchema, NewSlugSchema, storedText, StoredUrlSchema, TimestampSchema } from './common.js';
import { authErrors, bodyErrors, ErrorSchema, unavailable } from './errors.js';
import { SecurityStatusSchema } from './security.js';
import { StoredLintSchema, VersionRefSchema, VersionSummarySchema } from './versions.js';

/** A registered server. */
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
  /** The package's licence as it states it (an SPDX expression such as `MIT`), when known: read from npm for packages. */
  license: z.string().nullable(),
  organisationId: z.string(),
  public: z.boolean(),
  latestVersionId: z.string().nullable(),
  captureStatus: z.string().nullable(),
  captureError: z.unknown().nullable(),
  lastCapturedAt: TimestampSchema.nullable(),
  createdAt: TimestampSchema,
});

/** Query of `GET /v1/servers`: a search by name or slug, paged; `mine=true` (with a key) lists the organisation's. */
export const ServerListQuerySchema = PageQuerySchema.extend({
  q: storedText(100).optional(),
  mine: z.enum(['true', 'false']).optional(),
});

/** A server in a list, with its latest version's tool count and number. */
export const ServerListItemSchema = ServerSchema.extend({ toolCount: z.number().nullable(), latestSeq: z.number().nullable() });

/** `GET /v1/servers`. */
export const ServerListSchema = z.object({ total: z.number(), limit: z.number(), offset: z.number(), items: z.array(ServerListItemSchema) });

/** A server named by another: id, slug and name. */
export const ServerRefSchema = z.object({ id: z.string(), slug: z.string(), name: z.string() });

/**
 * `GET /v1/servers/{id}` (`{id}` is the server's UUID or its slug): a server with its versions (newest first) and each version's scores, and the
 * other public servers whose latest tools are identical (same surface hash; the earliest registered first).
 */
export const ServerDetailSchema = z.object({
  server: ServerSchema,
  versions: z.array(VersionSummarySchema),
  sameSurface: z.object({ total: z.number(), items: z.array(ServerRefSchema) }),
});

/**
 * Body of `PATCH /v1/servers/{id}`: what to change (at least one field); `null` clears a description or a
 * link. `public: false` hides the server (off the board and lists; its organisation still sees it).
 */
export const UpdateServerSchema = z
  .strictObject({
    name: storedText(100, { min: 1 }).optional(),
    description: storedText(500, { multiline: true }).nullable().optional(),
    homepage: StoredUrlSchema.nullable().optional(),
    repository: StoredUrlSchema.nullable().optional(),
    public: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'send at least one field to change: name, description, homepage, repository or public' });

/** `DELETE /v1/servers/{id}`: the deleted server's id and when it was deleted (its stored results stay). */
export const DeletedServerSchema = z.object({ id: z.string(), deletedAt: TimestampSchema });

/** Body of `POST /v1/servers`: register by URL, npm package (when the operator allows it) or an uploaded tools/list. */
export const RegisterServerSchema = z.object({
  name: storedText(100, { min: 1 }),
  slug: NewSlugSchema.optional(),
  description: storedText(500, { multiline: true }).optional(),
  homepage: StoredUrlSchema.optional(),
  repository: StoredUrlSchema.optional(),
  public: z.boolean().default(true),
  source: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('url'), url: StoredUrlSchema }),
    z.object({ kind: z.literal('npm'), package: storedText(300, { min: 1, trim: false }) }),
    z.object({ kind: z.literal('upload'), tools: z.unknown() }),
  ]),
});
/** A registration request, as the handler sees it (defaults applied). */
export type RegisterServerBody = z.output<typeof RegisterServerSchema>;

/** `POST /v1/servers` (202): the server and the job that captures or lints it. */
export const RegisteredServerSchema = z.object({ server: ServerSchema, jobId: z.string().nullable() });

const trueFalse = z.enum(['true', 'false']);

/**
 * Query of `POST /v1/servers/{id}/lint`: the version's label, and the regression gate (checked before any
 * query). `baseline=latest` compares the save with the server's latest version as it was before this save,
 * scored under the same rules, under the gate's policy (the same as `toolmark lint --baseline`).
 */
export const SaveLintQuerySchema = z
  .object({
    label: storedText(50, { trim: false }).optional(),
    baseline: z.literal('latest').optional().describe("'latest': answer `gate`, the comparison with the server's latest saved lint before this save"),
    maxDrop: z.coerce.number().min(0).max(100).optional().describe('with baseline: the server mean may fall by at most this many points (default 0)'),
    failOn: z.enum(['critical', 'required', 'minor', 'none']).optional().describe('with baseline: a new finding at this severity or above is a regression (default required)'),
    failOnBandDrop: trueFalse.optional().describe('with baseline: a tool falling a band is a regression (default true)'),
    failOnSecurity: trueFalse.optional().describe('with baseline: any new security finding is a regression (default true)'),
  })
  .refine((q) => q.baseline !== undefined || (q.maxDrop === undefined && q.failOn === undefined && q.failOnBandDrop === undefined && q.failOnSecurity === undefined), {
    message: 'maxDrop, failOn, failOnBandDrop and failOnSecurity set the regression gate: send them with baseline=latest',
    path: ['baseline'],
  });

/** One tool's score and band in the baseline and now (null: not on that side). */
const ToolDeltaSchema = z.object({
  name: z.string(),
  before: z.object({ score: z.number(), band: BandSchema }).nullable(),
  after: z.object({ score: z.number(), band: BandSchema }).nullable(),
  delta: z.number().nullable(),
  bandDown: z.boolean(),
});
const FindingChangeSchema = z.object({ finding: FindingSchema, security: z.boolean() });

/** `gate` of a save with `baseline=latest`: the comparison and what regressed under the policy. */
export const SaveGateSchema = z.object({
  /** The version compared with: the server's latest before this save; null when there is nothing to compare with (see reason). */
  baseline: VersionRefSchema.extend({ surfaceHash: z.string() }).nullable(),
  reason: z.string().nullable(),
  policy: z.object({ maxDrop: z.number(), bandDrop: z.boolean(), failOn: z.enum(['critical', 'required', 'minor', 'none']), security: z.boolean() }),
  /** No regression (true too when there was no baseline). */
  passed: z.boolean(),
  regressions: z.array(z.object({ kind: z.enum(['mean-drop', 'mean-lost', 'band-drop', 'new-finding', 'new-security-finding']), tool: z.string().optional(), message: z.string() })),
  comparison: z
    .object({
      rules: z.string(),
      scoreBefore: z.number().nullable(),
      scoreAfter: z.number().nullable(),
      delta: z.number().nullable(),
      bandBefore: BandSchema.nullable(),
      bandAfter: BandSchema.nullable(),
      tools: z.array(ToolDeltaSchema),
      unchanged: z.number(),
      newFindings: z.array(FindingChangeSchema),
      fixedFindings: z.array(FindingChangeSchema),
    })
    .nullable(),
});

/**
 * `POST /v1/servers/{id}/lint`: the lint result, the version it was saved on (`created` when these tools
 * made a new one), and `changes` against the previous scored version.
 */
export const SavedLintSchema = LintResultSchema.extend({
  version: VersionRefSchema.extend({ surfaceHash: z.string(), created: z.boolean() }),
  changes: LintChangesSchema.nullable(),
  security: SecurityStatusSchema,
  /** Only with `baseline=latest`. */
  gate: SaveGateSchema.optional(),
});

/** Query of `GET /v1/servers/{id}/badge.svg`. */
export const BadgeQuerySchema = z.object({ rules: RulesIdSchema.default(LATEST_RULES) });

/** Servers: registration, pages, management by their organisation's admins, lint saves from CI, badges. */
export const serversEndpoints = {
  'GET /v1/servers': { querystring: ServerListQuerySchema, response: { 200: ServerListSchema, 400: ErrorSchema, ...authErrors, ...unavailable } },
  'POST /v1/servers': {
    body: RegisterServerSchema,
    response: { 202: RegisteredServerSchema, ...bodyErrors, 409: ErrorSchema, 422: ErrorSchema, ...authErrors, ...unavailable },
  },
  'GET /v1/servers/{id}': { params: IdOrSlugParamsSchema, response: { 200: ServerDetailSchema, 400: ErrorSchema, 404: ErrorSchema, ...authErrors, ...unavailable } },
  'PATCH /v1/servers/{id}': { params: IdOrSlugParamsSchema, body: UpdateServerSchema, response: { 200: ServerSchema, ...bodyErrors, 404: ErrorSchema, ...authErrors, ...unavailable } },
  'DELETE /v1/servers/{id}': { params: IdOrSlugParamsSchema, response: { 200: DeletedServerSchema, 400: ErrorSchema, 404: ErrorSchema, ...authErrors, ...unavailable } },
  'POST /v1/servers/{id}/capture': {
    params: IdOrSlugParamsSchema,
    response: { 202: RegisteredServerSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, ...authErrors, ...unavailable },
  },
  'GET /v1/servers/{id}/badge.svg': {
    params: IdOrSlugParamsSchema,
    querystring: BadgeQuerySchema,
    response: { 200: z.string().describe('image/svg+xml'), 304: z.null(), 400: ErrorSchema, 404: ErrorSchema, ...authErrors, ...unavailable },
  },
  'POST /v1/servers/{id}/lint': {
    params: IdOrSlugParamsSchema,
    querystring: SaveLintQuerySchema,
    body: z.string().describe('tools/list as JSON: { tools: [...] }, a JSON-RPC response, or a bare array (≤ 1 MiB, ≤ 200 tools)'),
    response: { 200: SavedLintSchema, 400: ErrorSchema, 402: ErrorSchema, 404: ErrorSchema, 413: ErrorSchema, 422: ErrorSchema, ...authErrors, ...unavailable },
  },
  'GET /v1/servers/{id}/lint/latest': { params: IdOrSlugParamsSchema, response: { 200: StoredLintSchema, 400: ErrorSchema, 404: ErrorSchema, ...authErrors, ...unavailable } },
};
