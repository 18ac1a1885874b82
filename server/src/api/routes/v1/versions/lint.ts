import { securityStatus } from '@toolmark/benchmarks';
import { endpoints } from '@toolmark/benchmarks/api';
import { versionLint } from '@toolmark/db';
import { ApiError } from '../../../errors.js';
import type { RouteModule } from '../../../route.js';
import { rulesOr404 } from '../../../rules-version.js';
import { visibleVersionOr404 } from '../../../visibility.js';

/** GET /v1/versions/{id}/lint?rules=v1 — a version's lint result under one rules version. */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/v1/versions/:id/lint',
    {
      // A whole LintResult: serialised directly (the schema documents it); see servers/lint.ts.
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        summary: "A version's lint result under a rules version (default: the latest)",
        tags: ['lint'],
        ...endpoints['GET /v1/versions/{id}/lint'],
      },
    },
    async (request) => {
      const rules = rulesOr404(request.query.rules);
      const { version } = await visibleVersionOr404(ctx, request, request.params.id);
      const found = await versionLint(ctx.db, version.id, rules, request.query.hash);
      if (!found) throw new ApiError(404, 'not_scored', `version ${version.id} has no result under ${rules} yet`, { versionId: version.id, rules });
      return { ...found.result, version: { id: version.id, seq: version.seq, label: version.label, capturedAt: version.capturedAt }, security: securityStatus(found.result) };
    },
  );
};
export default route;
