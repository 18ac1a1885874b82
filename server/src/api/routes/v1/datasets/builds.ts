import { endpoints } from '@toolmark/benchmarks/api';
import { requireOperator } from '../../../../pipelines/datasets.js';
import { requireKey } from '../../../plugins/auth.js';
import type { RouteModule } from '../../../route.js';

/** POST /v1/datasets/builds — the operator asks for a build of new dataset releases now. */
const route: RouteModule = (app, ctx) => {
  app.post(
    '/v1/datasets/builds',
    {
      schema: {
        summary: "Build new dataset releases now (the operator's admin key only)",
        description: 'Queues the `build-release` job (the schedule runs it too). A release identical to its kind and key\'s latest is not published again. `queued: false`: a build is already waiting.',
        tags: ['datasets'],
        security: [{ bearer: [] }],
        ...endpoints['POST /v1/datasets/builds'],
      },
    },
    async (request, reply) => {
      const admin = requireKey(request, ['admin']);
      await requireOperator(ctx.db, admin.organisationId, 'builds dataset releases');
      const jobId = await ctx.jobs.send('build-release', { reason: 'requested', ...(request.body.kind ? { kind: request.body.kind } : {}) });
      return reply.status(202).send({ queued: jobId !== null, jobId });
    },
  );
};
export default route;
