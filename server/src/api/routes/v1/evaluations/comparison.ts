import { endpoints } from '@toolmark/benchmarks/api';
import { compareEvaluation } from '../../../../pipelines/evaluation-comparison.js';
import type { RouteModule } from '../../../route.js';

/** GET /v1/evaluations/{id}/comparison — per model, against the previous evaluation of the server with results. */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/v1/evaluations/:id/comparison',
    {
      schema: {
        summary: "Each finished model against the previous evaluation of the same server with that model's results",
        description: "Rates and their change; where both runs share the case set and the comparability key, the paired sign test of `toolmark diff` (trials matched by case and repeat, p ≤ 0.05). Otherwise `paired` is null and `unpairedReason` says why.",
        tags: ['evaluations'],
        ...endpoints['GET /v1/evaluations/{id}/comparison'],
      },
    },
    async (request) => compareEvaluation(ctx, request.params.id, request.apiKey),
  );
};
export default route;
