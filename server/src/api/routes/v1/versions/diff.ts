import { z } from 'zod';
import { diffLintResults, isRuleSetId, LATEST_RULES, LintChangesSchema, ruleSets } from '@toolmark/benchmarks';
import { getServer, getVersion, versionLint } from '@toolmark/db';
import { ApiError, notFound } from '../../../errors.js';
import type { RouteModule } from '../../../route.js';
import { authErrors, ErrorSchema, IdParamsSchema, TimestampSchema, VersionRefSchema } from '../../../schemas.js';

const VersionSideSchema = VersionRefSchema.extend({ capturedAt: TimestampSchema, score: z.number().nullable(), band: z.string().nullable(), toolCount: z.number() });

/**
 * GET /v1/versions/{id}/diff?base={otherId}&rules=v1 — what changed from version `base` to version `id` of
 * the same server under one rules version: tools added, removed and changed (same name, different tool
 * hash) with score deltas, and the server mean before and after. Either order is allowed, so a page can
 * compare any two versions.
 */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/v1/versions/:id/diff',
    {
      schema: {
        summary: 'Compare two versions of a server under one rules version',
        tags: ['lint'],
        params: IdParamsSchema,
        querystring: z.object({
          base: z.uuid({ error: 'must be a UUID' }),
          rules: z.string().max(32).default(LATEST_RULES),
          hash: z.string().regex(/^(sha256:)?[0-9a-f]{8,64}$/).optional(),
        }),
        response: {
          200: z.object({ rules: z.object({ id: z.string(), hash: z.string() }), base: VersionSideSchema, target: VersionSideSchema, changes: LintChangesSchema }),
          400: ErrorSchema,
          404: ErrorSchema,
          ...authErrors,
        },
      },
    },
    async (request) => {
      const { base: baseId, rules, hash } = request.query;
      if (!isRuleSetId(rules)) throw new ApiError(404, 'unknown_rules', `no rules version ${rules}; see GET /v1/rules`, { key: 'rules', known: Object.keys(ruleSets) });
      const [target, base] = await Promise.all([getVersion(ctx.db, request.params.id), getVersion(ctx.db, baseId)]);
      const server = target && (await getServer(ctx.db, target.serverId));
      if (!target || !server || (!server.public && server.organisationId !== request.apiKey?.organisationId)) throw notFound('version', request.params.id);
      if (!base || base.serverId !== target.serverId) throw notFound('version', baseId);
      const rulesHash = hash ?? ruleSets[rules].hash;
      const [after, before] = await Promise.all([versionLint(ctx.db, target.id, rules, rulesHash), versionLint(ctx.db, base.id, rules, rulesHash)]);
      for (const [v, r] of [[target, after], [base, before]] as const) {
        if (!r) throw new ApiError(404, 'not_scored', `version ${v.id} has no result under ${rules} yet`, { versionId: v.id, rules });
      }
      const side = (v: typeof target, r: NonNullable<typeof after>) => ({ id: v.id, seq: v.seq, label: v.label, capturedAt: v.capturedAt, score: r.result.score, band: r.result.band, toolCount: v.toolCount });
      return {
        rules: { id: rules, hash: rulesHash },
        base: side(base, before!),
        target: side(target, after!),
        changes: diffLintResults(before!.result, after!.result, { versionId: base.id, label: base.label, surfaceHash: base.surfaceHash }),
      };
    },
  );
};
export default route;
