import { z } from 'zod';
import { isRuleSetId, LATEST_RULES, ruleSets } from '@toolmark/benchmarks';
import { getServer, getVersion, versionLint } from '@toolmark/db';
import { ApiError, notFound } from '../../../errors.js';
import type { RouteModule } from '../../../route.js';
import { authErrors, ErrorSchema, IdParamsSchema, StoredLintSchema } from '../../../schemas.js';

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
        params: IdParamsSchema,
        querystring: z.object({
          rules: z.string().max(32).default(LATEST_RULES),
          hash: z.string().regex(/^(sha256:)?[0-9a-f]{8,64}$/).optional(),
        }),
        response: { 200: StoredLintSchema, 404: ErrorSchema, ...authErrors },
      },
    },
    async (request) => {
      const version = await getVersion(ctx.db, request.params.id);
      const server = version && (await getServer(ctx.db, version.serverId));
      if (!version || !server || (!server.public && server.organisationId !== request.apiKey?.organisationId)) throw notFound('version', request.params.id);
      const { rules, hash } = request.query;
      if (!isRuleSetId(rules)) throw new ApiError(404, 'unknown_rules', `no rules version ${rules}; see GET /v1/rules`, { key: 'rules', known: Object.keys(ruleSets) });
      const found = await versionLint(ctx.db, version.id, rules, hash);
      if (!found) throw new ApiError(404, 'not_scored', `version ${version.id} has no result under ${rules} yet`, { versionId: version.id, rules });
      return { ...found.result, version: { id: version.id, seq: version.seq, label: version.label, capturedAt: version.capturedAt } };
    },
  );
};
export default route;
