import { securityStatus } from '@toolmark/benchmarks';
import { endpoints } from '@toolmark/benchmarks/api';
import { latestLint } from '@toolmark/db';
import { ApiError } from '../../../errors.js';
import type { RouteModule } from '../../../route.js';
import { visibleServerOr404 } from '../../../visibility.js';

/** GET /v1/servers/{id}/lint/latest — the latest score of the latest version. */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/v1/servers/:id/lint/latest',
    {
      // A whole LintResult: serialised directly (the schema documents it); see servers/lint.ts.
      serializerCompiler: () => (data) => JSON.stringify(data),
      schema: {
        summary: 'The latest score of the latest version',
        tags: ['lint'],
        ...endpoints['GET /v1/servers/{id}/lint/latest'],
      },
    },
    async (request) => {
      const server = await visibleServerOr404(ctx, request, request.params.id);
      const latest = await latestLint(ctx.db, server.id);
      if (!latest) throw new ApiError(404, 'not_scored', `server ${server.id} has no score yet`, { serverId: server.id, captureStatus: server.captureStatus });
      return { ...latest.result, version: { id: latest.id, seq: latest.seq, label: latest.label, capturedAt: latest.capturedAt }, security: securityStatus(latest.result) };
    },
  );
};
export default route;
