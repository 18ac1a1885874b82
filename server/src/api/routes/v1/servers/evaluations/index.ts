import { endpoints } from '@toolmark/benchmarks/api';
import { readServerEvaluations } from '../../../../../pipelines/read-evaluation.js';
import { startEvaluation } from '../../../../../pipelines/start-evaluation.js';
import { requireKey } from '../../../../plugins/auth.js';
import type { RouteModule } from '../../../../route.js';
import { visibleServerOr404 } from '../../../../visibility.js';
import { serverIdOf } from '../../../../../pipelines/visibility.js';

/** /v1/servers/{id}/evaluations — start an evaluation (script keys), list the server's evaluations. */
const route: RouteModule = (app, ctx) => {
  app.post(
    '/v1/servers/:id/evaluations',
    {
      schema: {
        summary: "Start an evaluation of the server's latest version",
        description:
          'Spends the estimated units (this month\'s `script` quota first, then credits nearest expiry first) and starts; `script` keys only. ' +
          '202 with the evaluation id, the units per model run and a Location to poll. 402 and nothing started when quota and credits do not cover it (`quota_exhausted`) or while the organisation\'s last payment has failed (`payment_failed`). ' +
          'A failed run refunds the units of its unfinished trials as credits valid 6 months.',
        tags: ['evaluations'],
        security: [{ bearer: [] }],
        ...endpoints['POST /v1/servers/{id}/evaluations'],
      },
    },
    async (request, reply) => {
      const key = requireKey(request, ['script']);
      const { name, ...body } = request.body;
      const started = await startEvaluation({ ...ctx, jobs: ctx.jobs }, { serverId: await serverIdOf(ctx.db, request.params.id), organisationId: key.organisationId, request: body, name: name ?? null, keyId: key.id });
      return reply.status(202).header('location', `/v1/evaluations/${started.id}`).send(started);
    },
  );
  app.get(
    '/v1/servers/:id/evaluations',
    {
      schema: {
        summary: "The server's evaluations, newest first",
        tags: ['evaluations'],
        ...endpoints['GET /v1/servers/{id}/evaluations'],
      },
    },
    async (request) => {
      const server = await visibleServerOr404(ctx, request, request.params.id);
      return readServerEvaluations(ctx, server.id, request.query);
    },
  );
};
export default route;
