import { endpoints } from '@toolmark/benchmarks/api';
import { estimateEvaluation } from '../../../../../pipelines/estimate-evaluation.js';
import { requireKey, REST_PURPOSES } from '../../../../plugins/auth.js';
import type { RouteModule } from '../../../../route.js';
import { serverIdOf } from '../../../../../pipelines/visibility.js';

/** POST /v1/servers/{id}/evaluations/estimate — units needed, their breakdown, warnings and the balance; spends nothing. */
const route: RouteModule = (app, ctx) => {
  app.post(
    '/v1/servers/:id/evaluations/estimate',
    {
      schema: {
        summary: "Estimate an evaluation of the server's latest version (free)",
        description:
          'Units per model: the unit price times the request size (tokens of the tools shown plus the utterance, o200k_base) of every trial whose answer the organisation does not hold; ' +
          'case generation is charged to the first model unless the cases are held. Warnings: a distractor tool named like a server tool, more than 60 tools shown. `balance`: this month\'s remaining `script` units and the live credits.',
        tags: ['evaluations'],
        security: [{ bearer: [] }],
        ...endpoints['POST /v1/servers/{id}/evaluations/estimate'],
      },
    },
    async (request) => {
      const key = requireKey(request, REST_PURPOSES);
      return estimateEvaluation(ctx, { serverId: await serverIdOf(ctx.db, request.params.id), organisationId: key.organisationId, request: request.body });
    },
  );
};
export default route;
