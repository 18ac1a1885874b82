import { diffLintResults, ruleSets } from '@toolmark/benchmarks';
import { endpoints } from '@toolmark/benchmarks/api';
import { getVersion, versionLint } from '@toolmark/db';
import { ApiError, notFound } from '../../../errors.js';
import type { RouteModule } from '../../../route.js';
import { rulesOr404 } from '../../../rules-version.js';
import { visibleVersionOr404 } from '../../../visibility.js';

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
        ...endpoints['GET /v1/versions/{id}/diff'],
      },
    },
    async (request) => {
      const { base: baseId, hash } = request.query;
      const rules = rulesOr404(request.query.rules);
      const [{ version: target }, base] = await Promise.all([visibleVersionOr404(ctx, request, request.params.id), getVersion(ctx.db, baseId)]);
      // The base must be a version of the same (visible) server.
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
