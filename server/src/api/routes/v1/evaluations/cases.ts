import { endpoints } from '@toolmark/benchmarks/api';
import { readEvaluationCases } from '../../../../pipelines/evaluation-cases.js';
import { requireKey, REST_PURPOSES } from '../../../plugins/auth.js';
import type { RouteModule } from '../../../route.js';

/** GET /v1/evaluations/{id}/cases — the case browser: utterances with every model's calls and verdicts (the owning organisation only). */
const route: RouteModule = (app, ctx) => {
  app.get(
    '/v1/evaluations/:id/cases',
    {
      schema: {
        summary: "An evaluation's cases with each model's trials (calls, verdict, argument errors), filtered and paged",
        description: 'Only for keys of the organisation that ran the evaluation (403 otherwise): utterances are built from the server\'s tools. Filters: `missed=any|one`, `errorKind`, `kind`.',
        tags: ['evaluations'],
        security: [{ bearer: [] }],
        ...endpoints['GET /v1/evaluations/{id}/cases'],
      },
    },
    async (request) => readEvaluationCases(ctx, request.params.id, requireKey(request, REST_PURPOSES), request.query),
  );
};
export default route;
